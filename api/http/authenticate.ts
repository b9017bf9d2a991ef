import type { Context } from 'hono';
import { AccessTokenExpired, verifyAccessToken } from '../domain/auth/access-tokens';
import { hasAnyPermission, SUPERADMIN, type Actor } from '../domain/auth/actor';
import type { ApiDeps, ApiEnv } from './context';
import type { Access } from './endpoint';
import { HttpError } from './errors';

export const messages = {
  unauthenticated: 'Authentication required',
  expired: 'Token expired',
  invalid: 'Invalid or revoked token',
  forbidden: 'You do not have permission to do this',
} as const;

/** The caller behind the bearer token: null without one, 410 when expired, 401 when invalid. */
export async function authenticate(c: Context<ApiEnv>, deps: ApiDeps): Promise<Actor | null> {
  const header = c.req.header('Authorization');
  if (!header) return null;
  const token = /^Bearer\s+(.+)$/i.exec(header)?.[1];
  if (!token) throw new HttpError(401, messages.invalid);
  let claims;
  try {
    claims = await verifyAccessToken(deps.auth, deps.clock.now(), token);
  } catch (error) {
    throw new HttpError(
      error instanceof AccessTokenExpired ? 410 : 401,
      error instanceof AccessTokenExpired ? messages.expired : messages.invalid,
    );
  }
  const actor = await deps.callers.load(claims.sub, claims.sid);
  if (!actor) throw new HttpError(401, messages.invalid);
  return actor;
}

export function authorize(access: Access, actor: Actor | null): void {
  if (access.kind === 'public') return;
  if (!actor) throw new HttpError(401, messages.unauthenticated);
  if (access.kind === 'authenticated') return;
  if (access.kind === 'superadmin') {
    if (actor.role !== SUPERADMIN) throw new HttpError(403, messages.forbidden);
    return;
  }
  if (!hasAnyPermission(actor, access.anyOf)) throw new HttpError(403, messages.forbidden);
}
