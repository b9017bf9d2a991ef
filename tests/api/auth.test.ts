import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApi } from '../../api/app';
import { events, refreshTokens, signInAttempts } from '../../api/db/schema';
import { issueAccessToken } from '../../api/domain/auth/access-tokens';
import { authConfig } from '../../api/domain/auth/config';
import { issueRefreshToken } from '../../api/domain/auth/refresh-tokens';
import { passwordChangeMessages } from '../../common/contracts/auth';
import { authMessages } from '../../api/http/auth';
import { messages } from '../../api/http/authenticate';
import { request, testClock } from '../support/test-database';
import { changeUserStatus, deleteUser } from '../../api/domain/users';
import { addBranch, addUser, asSystem, createAccountsApi, defaultPassword, syncCatalogue, type AccountsApi } from './accounts';

/**
 * Sign-in and the session lifecycle of /api/v1, on a clock the tests move: tokens expire,
 * refresh tokens rotate, sessions end, and failed sign-ins are counted in the database.
 */

const clock = testClock('2026-03-02T08:00:00.000Z');
let accounts: AccountsApi;

beforeAll(async () => {
  accounts = await createAccountsApi(clock);
  await syncCatalogue(accounts.db);
});
afterAll(() => accounts?.cleanup());

let addresses = 0;
/** A caller address of its own for each test, so the per-address limit of one never trips another. */
const newAddress = () => `203.0.113.${++addresses}`;

let people = 0;
const newEmail = (hint = 'person') => `${hint}.${++people}.${randomBytes(2).toString('hex')}@example.com`;

interface Person {
  id: string;
  email: string;
  password: string;
}

async function person(options: Parameters<typeof addUser>[1] = {}): Promise<Person> {
  const email = options.email ?? newEmail(options.role);
  const password = options.password ?? defaultPassword;
  return { id: await addUser(accounts.db, { ...options, email, password }), email, password };
}

/** Each call happens a second after the previous one, as calls of a real client would. */
function later(ms = 1_000) {
  clock.advance(ms);
}

function login(email: string, password: string, ip = newAddress()) {
  later();
  return accounts.call('POST', '/auth/v2/login', { body: { email, password }, clientAddress: ip });
}

async function signIn(who: Person) {
  const response = await login(who.email, who.password);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as { accessToken: string; refreshToken: string; user: Record<string, unknown> };
}

function refresh(refreshToken: string, token?: string) {
  later();
  return accounts.call('POST', '/users/refresh', { body: { refreshToken }, token });
}

function currentUser(token: string) {
  later();
  return accounts.call('GET', '/users/current-user', { token });
}

function eventsOf(streamId: string) {
  return accounts.db
    .select({ type: events.type, data: events.data, actorId: events.actorId })
    .from(events)
    .where(eq(events.streamId, streamId))
    .orderBy(events.version);
}

async function failuresRecorded(email: string) {
  const [row] = await accounts.db
    .select({ n: sql<number>`count(*)::int` })
    .from(signInAttempts)
    .where(and(eq(signInAttempts.email, email), eq(signInAttempts.succeeded, false)));
  return row!.n;
}

describe('POST /auth/v2/login', () => {
  it('answers tokens and the session user, with permissions by name and the branch', async () => {
    const branchId = await addBranch(accounts.db, 'East Campus', 'EC');
    const staff = await person({ role: 'branch_user', branchId, permissions: ['STUDENT_ADD', 'DASHBOARD_VIEW'], name: 'Esha Staff' });

    const response = await login(staff.email, staff.password);

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, message: 'Login successful' });
    const { accessToken, refreshToken, user } = response.body.data;
    expect(accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(refreshToken).toEqual(expect.any(String));
    expect(refreshToken.length).toBeGreaterThanOrEqual(40);
    expect(user).toMatchObject({
      _id: staff.id,
      id: staff.id,
      name: 'Esha Staff',
      email: staff.email,
      role: 'branch_user',
      status: 'active',
      permissions: ['DASHBOARD_VIEW', 'STUDENT_ADD'],
      branchId,
      branchName: 'East Campus',
      walletEnabled: expect.any(Boolean),
    });
    expect(user).not.toHaveProperty('passwordHash');

    const me = await currentUser(accessToken);
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ _id: staff.id, permissions: ['DASHBOARD_VIEW', 'STUDENT_ADD'], branchName: 'East Campus' });
  });

  it('gives a user without a branch null branch fields', async () => {
    const admin = await person({ role: 'admin' });
    const { user } = await signIn(admin);
    expect(user).toMatchObject({ branchId: null, branchName: null, walletEnabled: false, permissions: [] });
  });

  it('matches the email whatever its case and surrounding spaces', async () => {
    const admin = await person({ role: 'admin' });
    const response = await login(`  ${admin.email.toUpperCase()} `, admin.password);
    expect(response.status).toBe(200);
    expect(response.body.data.user._id).toBe(admin.id);
  });

  it('answers a wrong password and an unknown email alike: 401 Invalid email or password', async () => {
    const admin = await person({ role: 'admin' });
    const wrongPassword = await login(admin.email, 'not-the-password');
    const unknownEmail = await login(newEmail('nobody'), admin.password);

    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ success: false, message: 'Invalid email or password', data: null });
    }
  });

  it('checks the shape of the body first: 400 with the field messages', async () => {
    const response = await accounts.call('POST', '/auth/v2/login', { body: { email: 'no-at-sign', password: '' } });
    expect(response.status).toBe(400);
    expect(response.body.errors).toMatchObject({ email: ['Invalid email address'], password: ['Password required'] });
  });

  it('refuses an inactive user even with the right password, and does not tell a wrong one apart', async () => {
    const inactive = await person({ role: 'admin', status: 'inactive' });

    const right = await login(inactive.email, inactive.password);
    expect(right.status).toBe(403);
    expect(right.body).toMatchObject({ success: false, message: authMessages.inactive, data: null });
    const [session] = await accounts.db.select().from(refreshTokens).where(eq(refreshTokens.userId, inactive.id));
    expect(session, 'no session is opened').toBeUndefined();

    const wrong = await login(inactive.email, 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid email or password');
  });

  it('counts a right password of an inactive account as a failure, so the limit bounds what can be learnt', async () => {
    const inactive = await person({ role: 'admin', status: 'inactive' });
    const ip = newAddress();
    for (let i = 0; i < 4; i++) expect((await login(inactive.email, `wrong-${i}`, ip)).status).toBe(401);
    expect((await login(inactive.email, inactive.password, ip)).status).toBe(403);
    expect((await login(inactive.email, inactive.password, ip)).status).toBe(429);
  });

  it('records a success and a failure in the event log', async () => {
    const admin = await person({ role: 'admin' });
    const ip = newAddress();
    await login(admin.email, 'not-the-password', ip);
    const ok = await login(admin.email, admin.password, ip);

    const failed = await eventsOf(`sign-in:${admin.email}`);
    expect(failed).toEqual([{ type: 'SignInFailed', data: { email: admin.email, ip }, actorId: null }]);

    const signedIn = (await eventsOf(admin.id)).filter((event) => event.type === 'UserSignedIn');
    expect(signedIn).toHaveLength(1);
    expect(signedIn[0]).toMatchObject({ actorId: admin.id, data: { ip, sessionId: expect.any(String) } });
    const [token] = await accounts.db.select().from(refreshTokens).where(eq(refreshTokens.userId, admin.id));
    expect((signedIn[0]!.data as { sessionId: string }).sessionId).toBe(token!.familyId);
    expect(ok.status).toBe(200);
  });
});

describe('the sign-in rate limit', () => {
  it('refuses the sixth attempt after five failures, even with the right password', async () => {
    const admin = await person({ role: 'admin' });
    for (let attempt = 1; attempt <= 5; attempt++) {
      // From a new address each time: the limit follows the email, not only the address.
      expect((await login(admin.email, `wrong-${attempt}`)).status, `failure ${attempt}`).toBe(401);
    }

    const right = await login(admin.email, admin.password);
    expect(right.status).toBe(429);
    expect(right.body).toEqual({ success: false, message: authMessages.rateLimited, data: null });
    expect(await failuresRecorded(admin.email)).toBe(5);
  });

  it('holds when the failures arrive all at once', async () => {
    const admin = await person({ role: 'admin' });
    later();
    const burst = await Promise.all(
      Array.from({ length: 12 }, () =>
        accounts.call('POST', '/auth/v2/login', {
          body: { email: admin.email, password: 'wrong-password' },
          clientAddress: newAddress(),
        }),
      ),
    );
    const statuses = burst.map((response) => response.status).sort();
    expect(
      statuses.filter((status) => status === 401),
      statuses.join(' '),
    ).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    expect(await failuresRecorded(admin.email)).toBe(5);
  });

  it('counts in the database, so a second API over the same database refuses too', async () => {
    const admin = await person({ role: 'admin' });
    for (let attempt = 1; attempt <= 5; attempt++) await login(admin.email, 'wrong-password');

    const other = createApi({
      database: accounts.database,
      logger: pino({ level: 'silent' }),
      clock,
      auth: authConfig(randomBytes(32)),
    });
    later();
    const response = await request(other, 'POST', '/api/v1/auth/v2/login', {
      body: { email: admin.email, password: admin.password },
      bindings: { clientAddress: newAddress() },
    });
    expect(response.status).toBe(429);
  });

  it('counts only the failures since the last success of that email', async () => {
    const admin = await person({ role: 'admin' });
    for (let attempt = 1; attempt <= 4; attempt++) await login(admin.email, 'wrong-password');
    await signIn(admin);
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await login(admin.email, 'wrong-password')).status).toBe(401);
    }
    await signIn(admin);
  });

  it('lets the email in again once the fifteen-minute window has passed', async () => {
    const admin = await person({ role: 'admin' });
    for (let attempt = 1; attempt <= 5; attempt++) await login(admin.email, 'wrong-password');
    expect((await login(admin.email, admin.password)).status).toBe(429);

    later(15 * 60 * 1000);
    await signIn(admin);
  });

  it('refuses an address after twenty failures, whichever emails they were for', async () => {
    const ip = newAddress();
    const admin = await person({ role: 'admin' });
    for (let attempt = 1; attempt <= 20; attempt++) {
      expect((await login(newEmail('guess'), 'wrong-password', ip)).status, `failure ${attempt}`).toBe(401);
    }

    expect((await login(admin.email, admin.password, ip)).status).toBe(429);
    expect((await login(admin.email, admin.password)).status, 'from another address').toBe(200);
  });
});

describe('POST /users/refresh', () => {
  it('swaps the refresh token for a new pair; both new tokens work', async () => {
    const admin = await person({ role: 'admin' });
    const first = await signIn(admin);

    const response = await refresh(first.refreshToken);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, data: { accessToken: expect.any(String), refreshToken: expect.any(String) } });
    const second = response.body.data;
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.accessToken).not.toBe(first.accessToken);
    expect((await currentUser(second.accessToken)).status).toBe(200);
    expect((await refresh(second.refreshToken)).status).toBe(200);
  });

  it('treats a rotated token presented again as stolen: the whole session ends', async () => {
    const admin = await person({ role: 'admin' });
    const first = await signIn(admin);
    const second = (await refresh(first.refreshToken)).body.data;

    const reused = await refresh(first.refreshToken);
    expect(reused.status).toBe(401);
    expect(reused.body).toEqual({ success: false, message: authMessages.refreshReused, data: null });

    const afterReuse = await refresh(second.refreshToken);
    expect(afterReuse.status, 'the newest refresh token of the session').toBe(401);
    expect(afterReuse.body.message).toBe(authMessages.refreshInvalid);
    for (const token of [second.accessToken, first.accessToken]) {
      const me = await currentUser(token);
      expect(me.status).toBe(401);
      expect(me.body.message).toBe(messages.invalid);
    }

    const types = (await eventsOf(admin.id)).map((event) => event.type);
    expect(types.filter((type) => type === 'RefreshTokenReuseDetected')).toHaveLength(1);
    const [detected] = (await eventsOf(admin.id)).filter((event) => event.type === 'RefreshTokenReuseDetected');
    const [token] = await accounts.db.select().from(refreshTokens).where(eq(refreshTokens.userId, admin.id));
    expect(detected!.data).toEqual({ sessionId: token!.familyId });
  });

  it('leaves the user’s other sessions alone when one is revoked for reuse', async () => {
    const admin = await person({ role: 'admin' });
    const laptop = await signIn(admin);
    const phone = await signIn(admin);
    await refresh(laptop.refreshToken);
    await refresh(laptop.refreshToken);

    expect((await currentUser(phone.accessToken)).status).toBe(200);
    expect((await refresh(phone.refreshToken)).status).toBe(200);
  });

  it('refuses an unknown token, and asks for one when it is missing', async () => {
    const unknown = await refresh(randomBytes(32).toString('base64url'));
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe(authMessages.refreshInvalid);

    const missing = await accounts.call('POST', '/users/refresh', { body: {} });
    expect(missing.status).toBe(400);
    const empty = await accounts.call('POST', '/users/refresh', { body: { refreshToken: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({ refreshToken: ['No refresh token available'] });
  });

  it('refuses a refresh token older than seven days', async () => {
    const admin = await person({ role: 'admin' });
    const { refreshToken } = await signIn(admin);
    later(7 * 24 * 60 * 60 * 1000);
    const response = await refresh(refreshToken);
    expect(response.status).toBe(401);
    expect(response.body.message).toBe(authMessages.refreshInvalid);
  });

  it('ends the session of a user who was deactivated meanwhile', async () => {
    const superadmin = await signIn(await person({ role: 'superadmin' }));
    const admin = await person({ role: 'admin' });
    const session = await signIn(admin);
    later();
    const deactivated = await accounts.call('PATCH', `/users/${admin.id}/status`, {
      token: superadmin.accessToken,
      body: { status: 'inactive' },
    });
    expect(deactivated.status).toBe(200);

    expect((await refresh(session.refreshToken)).status).toBe(401);
    expect((await currentUser(session.accessToken)).status).toBe(401);
  });

  it('works when the client also sends its expired access token, as the SPEC client does', async () => {
    const admin = await person({ role: 'admin' });
    const session = await signIn(admin);
    later(16 * 60 * 1000);

    const response = await refresh(session.refreshToken, session.accessToken);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect((await currentUser(response.body.data.accessToken)).status).toBe(200);
  });
});

describe('access tokens', () => {
  it('answer 410 once fifteen minutes have passed, and a refresh gives a working one', async () => {
    const admin = await person({ role: 'admin' });
    const session = await signIn(admin);

    later(14 * 60 * 1000);
    expect((await currentUser(session.accessToken)).status, 'after 14 minutes').toBe(200);

    later(60 * 1000);
    const expired = await currentUser(session.accessToken);
    expect(expired.status).toBe(410);
    expect(expired.body).toEqual({ success: false, message: messages.expired });

    const renewed = await refresh(session.refreshToken);
    expect((await currentUser(renewed.body.data.accessToken)).status).toBe(200);
  });

  it('answer 410 for a token issued at a past date, judged by the injected clock', async () => {
    const admin = await person({ role: 'admin' });
    const { familyId } = await issueRefreshToken(accounts.db, accounts.auth, clock.now(), admin.id);
    const old = await issueAccessToken(accounts.auth, new Date(clock.now().getTime() - 20 * 60 * 1000), {
      sub: admin.id,
      role: 'admin',
      sid: familyId,
    });
    expect((await currentUser(old)).status).toBe(410);
  });

  it('answer 401 when garbage, signed with another secret, or not a bearer token', async () => {
    const admin = await person({ role: 'admin' });
    const session = await signIn(admin);
    const foreign = await issueAccessToken(authConfig(randomBytes(32)), clock.now(), {
      sub: admin.id,
      role: 'admin',
      sid: 'any',
    });
    const [header, payload] = session.accessToken.split('.');
    const unsigned = `${header}.${payload}.`;

    for (const token of ['garbage', 'a.b.c', foreign, unsigned]) {
      const response = await currentUser(token);
      expect(response.status, token).toBe(401);
      expect(response.body).toEqual({ success: false, message: messages.invalid });
    }
    later();
    const basic = await accounts.call('GET', '/users/current-user', { headers: { Authorization: 'Basic abc' } });
    expect(basic.status).toBe(401);
    const none = await accounts.call('GET', '/users/current-user');
    expect(none.status).toBe(401);
    expect(none.body.message).toBe(messages.unauthenticated);
  });
});

describe('an account that is deactivated or deleted', () => {
  // 401, not 403: the web tier ends the session on a 401 only (docs/decisions/010).
  it('gets 401 on its next request, also where a permission would be checked', async () => {
    for (const end of [
      (id: string) => asSystem(accounts.db, (ctx) => changeUserStatus(ctx, id, 'inactive', null)),
      (id: string) => asSystem(accounts.db, (ctx) => deleteUser(ctx, id, null)),
    ]) {
      const viewer = await person({ role: 'admin', permissions: ['USER_VIEW'] });
      const { accessToken } = await signIn(viewer);
      later();
      expect((await accounts.call('GET', '/users', { token: accessToken })).status).toBe(200);
      await end(viewer.id);
      later();
      // Made by a command outside the API, the change reaches the callers the API keeps with the
      // database's notification of it: on PostgreSQL a moment after the commit (decision 016).
      await vi.waitFor(async () => {
        const refused = await accounts.call('GET', '/users', { token: accessToken });
        expect(refused.status).toBe(401);
        expect(refused.body).toEqual({ success: false, message: messages.invalid });
      });
    }
  });
});

describe('logout', () => {
  it('POST /auth/v2/logout with the bearer token revokes the session', async () => {
    const admin = await person({ role: 'admin' });
    const session = await signIn(admin);

    later();
    const response = await accounts.call('POST', '/auth/v2/logout', { token: session.accessToken });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, message: 'Logged out' });

    expect((await refresh(session.refreshToken)).status).toBe(401);
    expect((await currentUser(session.accessToken)).status).toBe(401);
    const loggedOut = (await eventsOf(admin.id)).filter((event) => event.type === 'UserLoggedOut');
    expect(loggedOut).toHaveLength(1);
    expect(loggedOut[0]!.actorId).toBe(admin.id);
  });

  it('POST /users/logout with only the refresh token revokes the session', async () => {
    const admin = await person({ role: 'admin' });
    const session = await signIn(admin);

    later();
    const response = await accounts.call('POST', '/users/logout', { body: { refreshToken: session.refreshToken } });
    expect(response.status).toBe(200);

    expect((await refresh(session.refreshToken)).status).toBe(401);
    expect((await currentUser(session.accessToken)).status).toBe(401);
    expect((await eventsOf(admin.id)).map((event) => event.type)).toContain('UserLoggedOut');
  });

  it('revokes the session when the access token sent along has expired', async () => {
    const admin = await person({ role: 'admin' });
    const session = await signIn(admin);
    later(20 * 60 * 1000);

    const response = await accounts.call('POST', '/users/logout', {
      token: session.accessToken,
      body: { refreshToken: session.refreshToken },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect((await refresh(session.refreshToken)).status).toBe(401);
  });

  it('ends only that session, and answers success with nothing to end', async () => {
    const admin = await person({ role: 'admin' });
    const laptop = await signIn(admin);
    const phone = await signIn(admin);
    later();
    await accounts.call('POST', '/auth/v2/logout', { token: laptop.accessToken });

    expect((await currentUser(phone.accessToken)).status).toBe(200);
    const nothing = await accounts.call('POST', '/auth/v2/logout', { body: { refreshToken: 'unknown' } });
    expect(nothing.status).toBe(200);
  });
});

describe('POST /users/change-password', () => {
  it('refuses a wrong current password with 400 and errors.currentPassword', async () => {
    const admin = await person({ role: 'admin' });
    const { accessToken } = await signIn(admin);
    later();
    const response = await accounts.call('POST', '/users/change-password', {
      token: accessToken,
      body: { currentPassword: 'not-the-password', newPassword: 'brand-new-1' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      success: false,
      message: authMessages.wrongPassword,
      errors: { currentPassword: [authMessages.wrongPassword] },
    });
    expect((await login(admin.email, admin.password)).status).toBe(200);
  });

  it('asks for at least six characters', async () => {
    const admin = await person({ role: 'admin' });
    const { accessToken } = await signIn(admin);
    later();
    const response = await accounts.call('POST', '/users/change-password', {
      token: accessToken,
      body: { currentPassword: admin.password, newPassword: '  abcde  ' },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ newPassword: ['Password must be at least 6 characters long'] });
  });

  it('refuses a new password that is the current one once trimmed, and keeps the current one', async () => {
    const admin = await person({ role: 'admin' });
    const { accessToken } = await signIn(admin);
    later();
    const response = await accounts.call('POST', '/users/change-password', {
      token: accessToken,
      body: { currentPassword: admin.password, newPassword: `  ${admin.password} ` },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ newPassword: [passwordChangeMessages.sameAsCurrent] });
    expect((await eventsOf(admin.id)).map((event) => event.type)).not.toContain('UserPasswordChanged');
    expect((await login(admin.email, admin.password)).status).toBe(200);
  });

  it('changes it: the new password signs in, the old one no longer does', async () => {
    const admin = await person({ role: 'admin' });
    const { accessToken } = await signIn(admin);
    later();
    const response = await accounts.call('POST', '/users/change-password', {
      token: accessToken,
      body: { currentPassword: admin.password, newPassword: 'brand-new-1' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, message: 'Password changed' });

    expect((await login(admin.email, admin.password)).status).toBe(401);
    const fresh = await login(admin.email, 'brand-new-1');
    expect(fresh.status).toBe(200);
    expect((await eventsOf(admin.id)).map((event) => event.type)).toContain('UserPasswordChanged');
    expect(JSON.stringify(await eventsOf(admin.id))).not.toContain('brand-new-1');
  });

  it('keeps a new password typed with spaces around it as the trimmed one, and lets it sign in either way', async () => {
    const admin = await person({ role: 'admin' });
    const { accessToken } = await signIn(admin);
    later();
    const response = await accounts.call('POST', '/users/change-password', {
      token: accessToken,
      body: { currentPassword: ` ${admin.password}  `, newPassword: '  spaced-new-1 ' },
    });
    expect(response.status).toBe(200);

    expect((await login(admin.email, '  spaced-new-1 ')).status).toBe(200);
    expect((await login(admin.email, 'spaced-new-1')).status).toBe(200);
    expect((await login(admin.email, 'spaced-new-')).status).toBe(401);
  });

  it('ends every other session of the user, and keeps the one that changed it', async () => {
    const admin = await person({ role: 'admin' });
    const a = await signIn(admin);
    const b = await signIn(admin);
    later();
    const changed = await accounts.call('POST', '/users/change-password', {
      token: a.accessToken,
      body: { currentPassword: admin.password, newPassword: 'brand-new-1' },
    });
    expect(changed.status).toBe(200);

    expect((await currentUser(b.accessToken)).status).toBe(401);
    expect((await refresh(b.refreshToken)).status).toBe(401);
    expect((await currentUser(a.accessToken)).status).toBe(200);
    expect((await refresh(a.refreshToken)).status).toBe(200);
  });

  it('counts wrong current passwords like failed sign-ins: the sixth waits, with Retry-After', async () => {
    const admin = await person({ role: 'admin' });
    const { accessToken } = await signIn(admin);
    const ip = newAddress();
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 12; i++) {
      later();
      last = await accounts.call('POST', '/users/change-password', {
        token: accessToken,
        body: { currentPassword: `wrong-${i}`, newPassword: 'brand-new-1' },
        clientAddress: ip,
      });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array(5).fill(400), ...Array(7).fill(429)]);
    expect(last!.body.message).toBe(authMessages.rateLimited);
    expect(last!.headers.get('Retry-After')).toMatch(/^\d+$/);
    // Sign-in with the right password waits too, and is told how long (the window, 15 minutes).
    const waiting = await login(admin.email, admin.password);
    expect(waiting.status).toBe(429);
    expect(waiting.headers.get('Retry-After')).toBe('900');
  });

  it('needs a signed-in caller', async () => {
    const response = await accounts.call('POST', '/users/change-password', {
      body: { currentPassword: 'whatever', newPassword: 'brand-new-1' },
    });
    expect(response.status).toBe(401);
  });
});
