import { z } from 'zod';
import { append } from '../db/event-store';
import { issueAccessToken } from '../domain/auth/access-tokens';
import { familyOf, revokeFamily, rotateRefreshToken } from '../domain/auth/refresh-tokens';
import { loadSessionUser } from '../domain/auth/session-user';
import { signIn } from '../domain/auth/sign-in';
import type { Context } from 'hono';
import type { AuthConfig } from '../domain/auth/config';
import { changeOwnPassword } from '../domain/auth/password-change';
import { CREDENTIALS_BODY_BYTES } from './body-limits';
import type { ApiEnv } from './context';
import { clientAddress } from './client-address';
import { defineEndpoint, type Reply } from './endpoint';
import { HttpError } from './errors';

const credentials = z.object({
  email: z.string().trim().email('Invalid email address').max(254),
  password: z.string().min(1, 'Password required').max(1024),
});

const tokens = z.object({ accessToken: z.string(), refreshToken: z.string() });
const sessionUser = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  permissions: z.array(z.string()),
  phone: z.string(),
  status: z.string(),
  walletEnabled: z.boolean(),
  branchId: z.string().nullable(),
  branchName: z.string().nullable(),
  lastLogin: z.string().nullable(),
});

export const authMessages = {
  invalidCredentials: 'Invalid email or password',
  inactive: 'Your account is inactive. Please contact your administrator.',
  rateLimited: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  refreshInvalid: 'Refresh token is invalid or expired',
  refreshReused: 'Refresh token was already used; the session has been ended for safety',
  wrongPassword: 'Current password is incorrect',
} as const;

const login = defineEndpoint({
  method: 'post',
  path: '/auth/v2/login',
  summary: 'Sign in with email and password',
  tag: 'auth',
  access: { kind: 'public' },
  maxBodyBytes: CREDENTIALS_BODY_BYTES,
  answersWithSecrets: true,
  body: credentials,
  response: tokens.extend({ user: sessionUser }),
  async handle({ body, tx, meta, deps, c }): Promise<Reply> {
    const result = await signIn({ tx: tx!, meta }, deps.auth, { ...body, ip: clientAddress(c.env, deps.trustProxy ?? 0) });
    switch (result.kind) {
      case 'signed-in':
        return {
          message: 'Login successful',
          data: { accessToken: result.accessToken, refreshToken: result.refreshToken, user: result.user },
        };
      case 'invalid':
        return { status: 401, message: authMessages.invalidCredentials, data: null };
      case 'inactive':
        return { status: 403, message: authMessages.inactive, data: null };
      case 'rate-limited':
        return rateLimited(c, deps.auth);
    }
  },
});

const refresh = defineEndpoint({
  method: 'post',
  path: '/users/refresh',
  summary: 'Swap a refresh token for a new access and refresh token',
  tag: 'auth',
  access: { kind: 'public' },
  maxBodyBytes: CREDENTIALS_BODY_BYTES,
  answersWithSecrets: true,
  body: z.object({ refreshToken: z.string().min(1, 'No refresh token available').max(200) }),
  response: tokens,
  async handle({ body, tx, meta, deps }): Promise<Reply> {
    const now = meta.occurredAt;
    const result = await rotateRefreshToken(tx!, deps.auth, now, body.refreshToken);
    if (result.kind === 'invalid') return { status: 401, message: authMessages.refreshInvalid, data: null };
    const userStream = { type: 'user', id: result.userId };
    if (result.kind === 'reused') {
      await append(tx!, userStream, 'any', [{ type: 'RefreshTokenReuseDetected', data: { sessionId: result.familyId } }], meta);
      return { status: 401, message: authMessages.refreshReused, data: null };
    }
    const user = await loadSessionUser(tx!, result.userId);
    if (!user || user.status !== 'active') {
      await revokeFamily(tx!, result.familyId, now);
      return { status: 401, message: authMessages.refreshInvalid, data: null };
    }
    const accessToken = await issueAccessToken(deps.auth, now, { sub: user.id, role: user.role, sid: result.familyId });
    return { message: 'Token refreshed', data: { accessToken, refreshToken: result.token } };
  },
});

/** Ends the session of the bearer token, or of the refresh token in the body. */
function logoutEndpoint(path: string) {
  return defineEndpoint({
    method: 'post',
    path,
    summary: 'Sign out: revoke the session',
    tag: 'auth',
    access: { kind: 'public' },
    maxBodyBytes: CREDENTIALS_BODY_BYTES,
    body: z.object({ refreshToken: z.string().max(200).optional() }),
    async handle({ body, actor, tx, meta }): Promise<Reply> {
      const fromBody = body.refreshToken ? await familyOf(tx!, body.refreshToken) : null;
      const session = actor ? { familyId: actor.sessionId, userId: actor.id } : fromBody;
      if (session) {
        await revokeFamily(tx!, session.familyId, meta.occurredAt);
        await append(tx!, { type: 'user', id: session.userId }, 'any', [{ type: 'UserLoggedOut', data: { sessionId: session.familyId } }], {
          ...meta,
          actorId: session.userId,
        });
      }
      return { message: 'Logged out', data: null };
    },
  });
}

const currentUser = defineEndpoint({
  method: 'get',
  path: '/users/current-user',
  summary: 'The signed-in user with permissions',
  tag: 'auth',
  access: { kind: 'authenticated' },
  response: sessionUser,
  async handle({ db, actor }): Promise<Reply> {
    const user = await loadSessionUser(db, actor!.id);
    if (!user) throw new HttpError(401, 'Invalid or revoked token');
    return { message: 'Current user', data: user };
  },
});

const changePassword = defineEndpoint({
  method: 'post',
  path: '/users/change-password',
  summary: 'Change the signed-in user’s password',
  tag: 'auth',
  access: { kind: 'authenticated' },
  maxBodyBytes: CREDENTIALS_BODY_BYTES,
  body: z.object({
    currentPassword: z.string().min(1, 'Current password is required').max(1024),
    newPassword: z.string().trim().min(6, 'Password must be at least 6 characters long').max(1024),
  }),
  async handle({ body, actor, tx, meta, deps, c }): Promise<Reply> {
    const result = await changeOwnPassword({ tx: tx!, meta }, deps.auth, {
      userId: actor!.id,
      sessionId: actor!.sessionId,
      ...body,
      ip: clientAddress(c.env, deps.trustProxy ?? 0),
    });
    if (result === 'rate-limited') return rateLimited(c, deps.auth);
    if (result === 'wrong-password') {
      return { status: 400, message: authMessages.wrongPassword, data: null, errors: { currentPassword: [authMessages.wrongPassword] } };
    }
    return { message: 'Password changed', data: null };
  },
});

/** The rate limit's answer, with how long to wait: the window the failures are counted in. */
function rateLimited(c: Context<ApiEnv>, config: AuthConfig): Reply {
  c.header('Retry-After', String(config.failureWindowSeconds));
  return { status: 429, message: authMessages.rateLimited, data: null };
}

export const authEndpoints = [
  login,
  refresh,
  logoutEndpoint('/auth/v2/logout'),
  logoutEndpoint('/users/logout'),
  currentUser,
  changePassword,
];
