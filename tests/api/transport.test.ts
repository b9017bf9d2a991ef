import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAccessToken } from '../../api/domain/auth/access-tokens';
import { issueRefreshToken } from '../../api/domain/auth/refresh-tokens';
import { httpTransport, inProcessTransport } from '../../app/services/api-transport.server';
import { callApi } from '../../app/services/api.server';
import { listen } from '../support/listen';
import { testClock } from '../support/test-database';
import { addUser, createAccountsApi, type AccountsApi } from './accounts';

/**
 * The web tier reaches the API in process by default and over HTTP with API_URL; either way a
 * loader sees the same statuses, headers and bodies.
 */

const clock = testClock('2026-03-02T08:00:00.000Z');
let accounts: AccountsApi;
let server: Awaited<ReturnType<typeof listen>>;
let expiredToken: string;

beforeAll(async () => {
  accounts = await createAccountsApi(clock);
  server = await listen(accounts.api);
  const userId = await addUser(accounts.db);
  const issuedAt = new Date(clock.now().getTime() - 60 * 60 * 1000);
  const { familyId } = await issueRefreshToken(accounts.db, accounts.auth, issuedAt, userId);
  expiredToken = await issueAccessToken(accounts.auth, issuedAt, { sub: userId, role: 'admin', sid: familyId });
});
afterAll(async () => {
  await server?.close();
  await accounts?.cleanup();
});

/** Headers that belong to one connection, not to the answer. */
const connectionHeaders = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'content-length']);

async function answer(
  transport: ReturnType<ReturnType<typeof httpTransport>>,
  method: string,
  path: string,
  init: { token?: string; body?: unknown } = {},
) {
  const headers = new Headers({ 'X-Request-Id': 'same-request', Accept: 'application/json' });
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  if (init.body !== undefined) headers.set('Content-Type', 'application/json');
  const response = await transport(
    new Request(`http://api.internal/api/v1${path}`, {
      method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    }),
  );
  return {
    status: response.status,
    headers: [...response.headers].filter(([name]) => !connectionHeaders.has(name)),
    body: await response.json(),
  };
}

describe('the in-process and the HTTP transport', () => {
  const cases: [string, string, string, () => { token?: string; body?: unknown }][] = [
    ['200', 'GET', '/health', () => ({})],
    ['401 without a token', 'GET', '/users/current-user', () => ({})],
    ['401 with a bad token', 'GET', '/users/current-user', () => ({ token: 'not-a-token' })],
    ['410 with an expired token', 'GET', '/users/current-user', () => ({ token: expiredToken })],
    ['404', 'GET', '/no-such-thing', () => ({})],
    ['400 with field errors', 'POST', '/auth/v2/login', () => ({ body: { email: 'not-an-address', password: '' } })],
  ];

  it.each(cases)('answer alike: %s', async (_name, method, path, init) => {
    const inProcess = await answer(inProcessTransport(accounts.api.fetch)('203.0.113.1'), method, path, init());
    const overHttp = await answer(httpTransport(server.url)('203.0.113.1'), method, path, init());
    expect(overHttp).toEqual(inProcess);
    expect(inProcess.headers).toContainEqual(['x-request-id', 'same-request']);
  });

  it('give callApi the same result, field errors included', async () => {
    const results = await Promise.all(
      [inProcessTransport(accounts.api.fetch), httpTransport(server.url)].map((transport) =>
        callApi(transport('203.0.113.1'), 'POST', '/auth/v2/login', { body: { email: 'not-an-address', password: '' } }),
      ),
    );
    expect(results[0]).toMatchObject({ ok: false, status: 400, errors: { email: expect.any(Array), password: expect.any(Array) } });
    expect(results[1]).toEqual(results[0]);
  });
});
