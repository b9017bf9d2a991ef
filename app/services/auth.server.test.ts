import { Writable } from 'node:stream';
import type { AppLoadContext } from '@remix-run/node';
import pino from 'pino';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { IDLE_TIMEOUT_MS } from '~/machines/session.machine';
import type { ApiTransport } from './api-transport.server';
import { requireSession, sessionMessages } from './auth.server';
import { commitSession, getSession, type SessionData } from './session.server';
import { readToast } from './toast.server';

/**
 * The web tier's side of the session, against a stand-in API: an expired access token is
 * refreshed once for all calls waiting on it, and a session the API no longer accepts ends at
 * the login of its user type with "Session expired. Please log in again.".
 */

beforeAll(() => {
  process.env.SESSION_SECRET ??= 'a-session-secret-for-these-tests-only-0123456789';
});
afterEach(() => {
  vi.useRealTimers();
});

let sessions = 0;

/** A stand-in API: old tokens are expired (410), new ones work, and refreshes are counted. */
function standInApi(refresh?: () => Promise<Response> | Response) {
  const id = ++sessions;
  const tokens = { accessToken: `access-old-${id}`, refreshToken: `refresh-old-${id}` };
  const seen: { path: string; token: string | null; signal: AbortSignal }[] = [];
  let issued: { accessToken: string; refreshToken: string } | undefined;
  function newTokens() {
    issued = { accessToken: `access-new-${id}`, refreshToken: `refresh-new-${id}` };
    return issued;
  }
  const transport: ApiTransport = async (request) => {
    const path = new URL(request.url).pathname;
    const token = request.headers.get('Authorization')?.replace(/^Bearer /, '') ?? null;
    seen.push({ path, token, signal: request.signal });
    if (path === '/api/v1/users/refresh') {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return refresh ? refresh() : reply(200, newTokens());
    }
    if (path === '/api/v1/auth/v2/logout') return reply(200, null);
    if (token === tokens.accessToken) return reply(410, null, 'Token expired');
    if (issued && token === issued.accessToken) return reply(200, { path });
    return reply(401, null, 'Invalid or revoked token');
  };
  return { tokens, seen, transport, refreshes: () => seen.filter((call) => call.path === '/api/v1/users/refresh') };
}

function reply(status: number, data: unknown, message = 'ok') {
  return new Response(JSON.stringify({ success: status < 400, message, data }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function contextFor(transport: ApiTransport) {
  const logged: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logged.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  return { context: { api: transport, log: pino({ level: 'warn' }, sink) } as AppLoadContext, logged };
}

/** A browser request to `path` carrying a session cookie with these contents. */
async function browserRequest(path: string, data: Partial<SessionData>) {
  const session = await getSession(new Request('http://localhost/'));
  for (const [key, value] of Object.entries(data)) session.set(key as keyof SessionData, value as never);
  const cookie = (await commitSession(session)).split(';')[0]!;
  return new Request(`http://localhost${path}`, { headers: { Cookie: cookie } });
}

/** What a redirect carries: where it goes, what is left of the session, and the toast. */
async function followRedirect(thrown: unknown) {
  expect(thrown).toBeInstanceOf(Response);
  const response = thrown as Response;
  const cookies = response.headers.getSetCookie();
  const cookieHeader = cookies.map((cookie) => cookie.split(';')[0]).join('; ');
  const session = await getSession(new Request('http://localhost/', { headers: { Cookie: cookieHeader } }));
  const { toast } = await readToast(new Request('http://localhost/', { headers: { Cookie: cookieHeader } }));
  return {
    status: response.status,
    location: response.headers.get('Location'),
    sessionCleared: cookies.some((cookie) => /^__session=;/.test(cookie)) && !session.get('accessToken'),
    toast: toast ? { type: toast.type, title: toast.title } : null,
  };
}

const expiredToast = { type: 'error', title: sessionMessages.expired };

describe('requireSession: calls with an expired access token', () => {
  it('refreshes once for ten concurrent calls answered 410 and retries all of them with the new token', async () => {
    const api = standInApi();
    const { context } = contextFor(api.transport);
    const request = await browserRequest('/admin', { ...api.tokens, userType: 'admin', lastActivity: Date.now() });
    const auth = await requireSession(request, context, 'admin');

    const results = await Promise.all(Array.from({ length: 10 }, (_, n) => auth.api.call<{ path: string }>('GET', `/things/${n}`)));

    expect(api.refreshes()).toHaveLength(1);
    expect(results.map((result) => result.ok && result.data.path)).toEqual(Array.from({ length: 10 }, (_, n) => `/api/v1/things/${n}`));
    const retried = api.seen.filter((call) => call.token?.startsWith('access-new-'));
    expect(retried.map((call) => call.path).sort()).toEqual(Array.from({ length: 10 }, (_, n) => `/api/v1/things/${n}`).sort());
    // The new tokens go back to the browser in the session cookie.
    const cookie = auth.headers.get('Set-Cookie')!.split(';')[0]!;
    const renewed = await getSession(new Request('http://localhost/', { headers: { Cookie: cookie } }));
    expect(renewed.get('accessToken')).toMatch(/^access-new-/);
    expect(renewed.get('refreshToken')).toMatch(/^refresh-new-/);
  });

  it('ends the session when the refresh is refused: to the admin login with redirectTo and the toast', async () => {
    const api = standInApi(() => reply(401, null, 'Refresh token is invalid or expired'));
    const { context, logged } = contextFor(api.transport);
    const request = await browserRequest('/admin/students/registered?page=2', {
      ...api.tokens,
      userType: 'admin',
      lastActivity: Date.now(),
    });
    const auth = await requireSession(request, context, 'admin');

    const outcome = await Promise.allSettled(Array.from({ length: 3 }, () => auth.api.call('GET', '/users/current-user')));

    expect(api.refreshes()).toHaveLength(1);
    for (const result of outcome) {
      expect(result.status).toBe('rejected');
      expect(await followRedirect((result as PromiseRejectedResult).reason)).toEqual({
        status: 302,
        location: '/admin/login?redirectTo=%2Fadmin%2Fstudents%2Fregistered%3Fpage%3D2',
        sessionCleared: true,
        toast: expiredToast,
      });
    }
    expect(logged.map((entry) => entry.reason)).toContain('Refresh token is invalid or expired');
  });

  it('sends a super admin whose refresh fails to the super-admin login', async () => {
    const api = standInApi(() => reply(401, null, 'Refresh token is invalid or expired'));
    const { context } = contextFor(api.transport);
    const request = await browserRequest('/admin/super-admin/users', { ...api.tokens, userType: 'superadmin', lastActivity: Date.now() });
    const auth = await requireSession(request, context, 'superadmin');
    const thrown = await auth.api.call('GET', '/users').catch((error: unknown) => error);
    expect(await followRedirect(thrown)).toMatchObject({
      location: '/admin/super/login?redirectTo=%2Fadmin%2Fsuper-admin%2Fusers',
      sessionCleared: true,
      toast: expiredToast,
    });
  });

  it('gives up after 10 s with "Token refresh timeout", abandons the refresh and ends the session', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const api = standInApi(() => new Promise<Response>(() => {}));
    const { context, logged } = contextFor(api.transport);
    const request = await browserRequest('/admin', { ...api.tokens, userType: 'admin', lastActivity: Date.now() });
    const auth = await requireSession(request, context, 'admin');

    let settled: unknown;
    const pending = auth.api.call('GET', '/users/current-user').then(
      () => (settled = 'answered'),
      (error: unknown) => (settled = error),
    );
    await vi.advanceTimersByTimeAsync(9_999);
    expect(settled).toBeUndefined();
    expect(api.refreshes()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await pending;

    expect(await followRedirect(settled)).toMatchObject({
      location: '/admin/login?redirectTo=%2Fadmin',
      sessionCleared: true,
      toast: expiredToast,
    });
    expect(logged.map((entry) => entry.reason)).toContain('Token refresh timeout');
    expect(api.refreshes()[0]!.signal.aborted).toBe(true);
  });
});

describe('requireSession: a session the API no longer accepts', () => {
  it('ends at the login with the toast on a 401, and closes the session on the API too', async () => {
    const api = standInApi();
    const { context } = contextFor(api.transport);
    const request = await browserRequest('/admin/courses', {
      accessToken: 'access-revoked',
      refreshToken: 'refresh-revoked',
      userType: 'admin',
      lastActivity: Date.now(),
    });
    const auth = await requireSession(request, context, 'admin');
    const thrown = await auth.api.call('GET', '/users/current-user').catch((error: unknown) => error);
    expect(await followRedirect(thrown)).toEqual({
      status: 302,
      location: '/admin/login?redirectTo=%2Fadmin%2Fcourses',
      sessionCleared: true,
      toast: expiredToast,
    });
    expect(api.refreshes()).toHaveLength(0);
    expect(api.seen.map((call) => call.path)).toContain('/api/v1/auth/v2/logout');
  });

  it('keeps the session on a 403 and hands the answer to the caller', async () => {
    const transport: ApiTransport = async () => reply(403, null, 'You do not have permission to do this');
    const { context } = contextFor(transport);
    const request = await browserRequest('/admin', { accessToken: 'a', refreshToken: 'r', userType: 'admin', lastActivity: Date.now() });
    const auth = await requireSession(request, context, 'admin');
    await expect(auth.api.call('GET', '/users')).resolves.toEqual({
      ok: false,
      status: 403,
      message: 'You do not have permission to do this',
      errors: undefined,
    });
  });
});

describe('requireSession: inactivity', () => {
  it('refuses a session idle for more than 30 minutes, without asking the API', async () => {
    const api = standInApi();
    const { context } = contextFor(api.transport);
    const request = await browserRequest('/admin/wallet/dashboard', {
      ...api.tokens,
      userType: 'admin',
      lastActivity: Date.now() - IDLE_TIMEOUT_MS - 1_000,
    });
    const thrown = await requireSession(request, context, 'admin').catch((error: unknown) => error);
    expect(await followRedirect(thrown)).toEqual({
      status: 302,
      location: '/admin/login?redirectTo=%2Fadmin%2Fwallet%2Fdashboard',
      sessionCleared: true,
      toast: expiredToast,
    });
    expect(api.seen.map((call) => call.path)).toEqual(['/api/v1/auth/v2/logout']);
  });

  it('accepts a session last active just under 30 minutes ago and records the activity', async () => {
    const api = standInApi();
    const { context } = contextFor(api.transport);
    const lastActivity = Date.now() - IDLE_TIMEOUT_MS + 5_000;
    const request = await browserRequest('/admin', { ...api.tokens, userType: 'admin', lastActivity });
    const auth = await requireSession(request, context, 'admin');
    expect(auth.session.get('lastActivity')).toBeGreaterThan(lastActivity);
    expect(auth.headers.get('Set-Cookie')).toMatch(/^__session=/);
  });
});
