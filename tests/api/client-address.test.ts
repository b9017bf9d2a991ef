import { randomBytes } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../../api/app';
import { signInAttempts } from '../../api/db/schema';
import { authMessages } from '../../api/http/auth';
import { systemClock } from '../../api/domain/clock';
import { httpTransport, inProcessTransport } from '../../app/services/api-transport.server';
import { listen } from '../support/listen';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { addUser, defaultPassword } from './accounts';

/**
 * Which address the sign-in limit counts. Only the web tier may name the browser's address; a
 * caller reaching /api/v1 over the network gets its socket's address, or the one the trusted
 * proxies in front report, whatever X-Forwarded-For it sends itself.
 */

let testDatabase: TestDatabase;
const servers: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  testDatabase = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await testDatabase?.cleanup();
});

function apiTrusting(trustProxy?: number): Api {
  return createApi({ database: testDatabase.database, logger: pino({ level: 'silent' }), clock: systemClock, trustProxy });
}

async function serve(api: Api) {
  const server = await listen(api);
  servers.push(server);
  return server.url;
}

const unknownEmail = () => `nobody.${randomBytes(4).toString('hex')}@example.com`;

function login(url: string, email: string, password: string, forwardedFor?: string) {
  return fetch(`${url}/api/v1/auth/v2/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}) },
    body: JSON.stringify({ email, password }),
  });
}

async function addressRecordedFor(email: string) {
  const [row] = await testDatabase.database.db
    .select({ ip: signInAttempts.ip })
    .from(signInAttempts)
    .where(eq(signInAttempts.email, email))
    .orderBy(desc(signInAttempts.id))
    .limit(1);
  return row?.ip;
}

describe('a caller on the network', () => {
  it('is counted by its socket address when no proxy is trusted, whatever X-Forwarded-For it sends', async () => {
    const url = await serve(apiTrusting());
    const email = unknownEmail();
    expect((await login(url, email, 'wrong-password', '198.51.100.1')).status).toBe(401);
    expect(await addressRecordedFor(email)).toBe('127.0.0.1');
  });

  it('cannot escape the per-address limit by changing X-Forwarded-For on every attempt', async () => {
    const url = await serve(apiTrusting());
    const before = await testDatabase.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(signInAttempts)
      .where(eq(signInAttempts.ip, '127.0.0.1'));
    // The limit is twenty failures per address in fifteen minutes; top up what earlier tests left.
    for (let attempt = before[0]!.n; attempt < 20; attempt++) {
      const response = await login(url, unknownEmail(), 'wrong-password', `198.51.100.${attempt + 10}`);
      expect(response.status, `failure ${attempt + 1}`).toBe(401);
    }
    const member = `member.${randomBytes(4).toString('hex')}@example.com`;
    await addUser(testDatabase.database.db, { email: member });
    const refused = await login(url, member, defaultPassword, '198.51.100.250');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ message: authMessages.rateLimited });
  }, 60_000);

  it('is counted by the address the trusted proxy reports, not by what the caller wrote before it', async () => {
    const url = await serve(apiTrusting(1));
    const email = unknownEmail();
    // The caller forged the first entry; the one proxy in front appended the address it saw.
    expect((await login(url, email, 'wrong-password', '198.51.100.1, 203.0.113.77')).status).toBe(401);
    expect(await addressRecordedFor(email)).toBe('203.0.113.77');
  });
});

/** A failed sign-in whose X-Forwarded-For claims an address the caller does not have. */
function forgedSignIn(email: string) {
  return new Request('http://api.internal/api/v1/auth/v2/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.1' },
    body: JSON.stringify({ email, password: 'wrong-password' }),
  });
}

describe('the web tier', () => {
  it('hands the browser address to the API in process, where no header can replace it', async () => {
    const api = apiTrusting();
    const transport = inProcessTransport(api.fetch)('203.0.113.10');
    const email = unknownEmail();
    const response = await transport(forgedSignIn(email));
    expect(response.status).toBe(401);
    expect(await addressRecordedFor(email)).toBe('203.0.113.10');
  });

  it('sends the browser address to an API at API_URL that counts the web tier as its proxy', async () => {
    const url = await serve(apiTrusting(1));
    const transport = httpTransport(url)('203.0.113.20');
    const email = unknownEmail();
    const response = await transport(forgedSignIn(email));
    expect(response.status).toBe(401);
    expect(await addressRecordedFor(email)).toBe('203.0.113.20');
  });
});
