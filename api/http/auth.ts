import { authContract } from '../../common/contracts/auth';
import { append } from '../db/event-store';
import { issueAccessToken } from '../domain/auth/access-tokens';
import { familyOf, revokeFamily, rotateRefreshToken } from '../domain/auth/refresh-tokens';
import { loadSessionUser } from '../domain/auth/session-user';
import { signIn } from '../domain/auth/sign-in';
import { hashPassword, verifyPassword } from '../domain/passwords';
import { users } from '../db/schema';
import { eq } from 'drizzle-orm';
import { clientAddress } from './client-address';
import { defineEndpoint } from './endpoint';
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
        return { status: 429, message: authMessages.rateLimited, data: null };
    }
  },
});

const refresh = defineEndpoint({
  ...authContract.refresh,
  access: { kind: 'public' },
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
  async handle({ body, actor, tx, meta }) {
    const [row] = await tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, actor.id));
    if (!row || !(await verifyPassword(row.passwordHash, body.currentPassword))) {
      throw new HttpError(400, authMessages.wrongPassword, { errors: { currentPassword: [authMessages.wrongPassword] } });
    }
    await append(
      tx,
      { type: 'user', id: actor.id },
      'any',
      [{ type: 'UserPasswordChanged', data: { passwordHash: await hashPassword(body.newPassword) } }],
      meta,
    );
    return { message: 'Password changed', data: null };
  },
});

export const authEndpoints = [
  login,
  refresh,
  logoutEndpoint(authContract.logout),
  logoutEndpoint(authContract.usersLogout),
  currentUser,
  changePassword,
];
