import { authContract } from '../../common/contracts/auth';
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
import { defineEndpoint, type FailureReply } from './endpoint';
import { HttpError } from './errors';

export const authMessages = {
  invalidCredentials: 'Invalid email or password',
  inactive: 'Your account is inactive. Please contact your administrator.',
  rateLimited: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  refreshInvalid: 'Refresh token is invalid or expired',
  refreshReused: 'Refresh token was already used; the session has been ended for safety',
  wrongPassword: 'Current password is incorrect',
} as const;

const login = defineEndpoint({
  ...authContract.login,
  access: { kind: 'public' },
  maxBodyBytes: CREDENTIALS_BODY_BYTES,
  answersWithSecrets: true,
  async handle({ body, tx, meta, deps, c }) {
    const result = await signIn({ tx, meta }, deps.auth, { ...body, ip: clientAddress(c.env, deps.trustProxy ?? 0) });
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
  ...authContract.refresh,
  access: { kind: 'public' },
  maxBodyBytes: CREDENTIALS_BODY_BYTES,
  answersWithSecrets: true,
  async handle({ body, tx, meta, deps }) {
    const now = meta.occurredAt;
    const result = await rotateRefreshToken(tx, deps.auth, now, body.refreshToken);
    if (result.kind === 'invalid') return { status: 401, message: authMessages.refreshInvalid, data: null };
    const userStream = { type: 'user', id: result.userId };
    if (result.kind === 'reused') {
      await append(tx, userStream, 'any', [{ type: 'RefreshTokenReuseDetected', data: { sessionId: result.familyId } }], meta);
      return { status: 401, message: authMessages.refreshReused, data: null };
    }
    const user = await loadSessionUser(tx, result.userId);
    if (!user || user.status !== 'active') {
      await revokeFamily(tx, result.familyId, now);
      return { status: 401, message: authMessages.refreshInvalid, data: null };
    }
    const accessToken = await issueAccessToken(deps.auth, now, { sub: user.id, role: user.role, sid: result.familyId });
    return { message: 'Token refreshed', data: { accessToken, refreshToken: result.token } };
  },
});

function logoutEndpoint(contract: typeof authContract.logout | typeof authContract.usersLogout) {
  return defineEndpoint({
    ...contract,
    access: { kind: 'public' },
    maxBodyBytes: CREDENTIALS_BODY_BYTES,
    async handle({ body, actor, tx, meta }) {
      const fromBody = body.refreshToken ? await familyOf(tx, body.refreshToken) : null;
      const session = actor ? { familyId: actor.sessionId, userId: actor.id } : fromBody;
      if (session) {
        await revokeFamily(tx, session.familyId, meta.occurredAt);
        await append(tx, { type: 'user', id: session.userId }, 'any', [{ type: 'UserLoggedOut', data: { sessionId: session.familyId } }], {
          ...meta,
          actorId: session.userId,
        });
      }
      return { message: 'Logged out', data: null };
    },
  });
}

const currentUser = defineEndpoint({
  ...authContract.currentUser,
  access: { kind: 'authenticated' },
  async handle({ db, actor }) {
    const user = await loadSessionUser(db, actor.id);
    if (!user) throw new HttpError(401, 'Invalid or revoked token');
    return { message: 'Current user', data: user };
  },
});

const changePassword = defineEndpoint({
  ...authContract.changePassword,
  access: { kind: 'authenticated' },
  maxBodyBytes: CREDENTIALS_BODY_BYTES,
  async handle({ body, actor, tx, meta, deps, c }) {
    const result = await changeOwnPassword({ tx, meta }, deps.auth, {
      userId: actor.id,
      sessionId: actor.sessionId,
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
function rateLimited(c: Context<ApiEnv>, config: AuthConfig): FailureReply {
  c.header('Retry-After', String(config.failureWindowSeconds));
  return { status: 429, message: authMessages.rateLimited, data: null };
}

export const authEndpoints = [
  login,
  refresh,
  logoutEndpoint(authContract.logout),
  logoutEndpoint(authContract.usersLogout),
  currentUser,
  changePassword,
];
