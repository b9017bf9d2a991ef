import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLogins } from '../../api/db/seed';
import { root, type ServerProcess } from '../support/server-process';
import { createTestDatabase, queryRows, type TestDatabase } from '../support/test-database';
import { callApi, expectSuccess, signIn } from './support/api-client';
import { startInstituteServer } from './support/institute';

/**
 * Security checks against the production build served by real processes (two on one database,
 * a third whose clock runs ahead): cookies, the content security policy and security headers,
 * CSRF on Remix actions, the sign-in rate limit across processes, signed upload addresses, and
 * branch isolation of records.
 */

let testDatabase: TestDatabase;
let dataDir: string;
let a: ServerProcess;
let b: ServerProcess;
const figures = { requests: 0, checks: 0, violations: 0 };

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'reliability-security-'));
  const start = (name: string) => startInstituteServer({ name, databaseUrl: testDatabase.url!, dataDir });
  // One after the other: the first seeds the empty database.
  a = await start('security-a');
  b = await start('security-b');
});
afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await testDatabase?.cleanup();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  console.log(`security: ${figures.requests} requests, ${figures.checks} checks, violations: ${figures.violations}`);
});

function login(role: string, branch?: string) {
  const found = demoLogins.find((l) => l.role === role && l.branch === branch);
  if (!found) throw new Error(`No demo login for ${role}`);
  return found;
}

async function get(url: string, init: RequestInit = {}): Promise<Response> {
  figures.requests++;
  return fetch(url, { redirect: 'manual', ...init });
}

interface SetCookie {
  name: string;
  /** `name=value`, to send back. */
  pair: string;
  attributes: Set<string>;
}

function setCookies(response: Response): Map<string, SetCookie> {
  const cookies = new Map<string, SetCookie>();
  for (const line of response.headers.getSetCookie()) {
    const [pair, ...attributes] = line.split(';').map((part) => part.trim());
    const name = pair!.split('=')[0]!;
    cookies.set(name, { name, pair: pair!, attributes: new Set(attributes.map((a) => a.toLowerCase())) });
  }
  return cookies;
}

/** Counts a checked condition for the summary line; the expect around it fails the test. */
function check(condition: boolean) {
  figures.checks++;
  if (!condition) figures.violations++;
  return condition;
}

/** The login page's CSRF cookie and the token its form carries. */
async function loginPage(baseUrl: string) {
  const response = await get(`${baseUrl}/admin/login`);
  const html = await response.text();
  const token = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  const cookie = setCookies(response).get('csrf');
  if (!token || !cookie) throw new Error(`The login page has no CSRF token or cookie: ${response.status}`);
  return { response, html, token, cookie };
}

/** Signs in through the Remix login form, as a browser without JavaScript does. */
async function signInThroughForm(baseUrl: string, email: string, password: string) {
  const { token, cookie } = await loginPage(baseUrl);
  const response = await get(`${baseUrl}/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie.pair },
    body: new URLSearchParams({ email, password, csrf: token }),
  });
  const session = setCookies(response).get('__session');
  return { response, session, csrf: { token, cookie } };
}

const count = async (query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(testDatabase.database.db, query))[0]!.n;

describe('cookies', () => {
  it('keeps the session and CSRF cookies httpOnly, Secure and SameSite=Lax in production', async () => {
    const { email, password } = login('admin');
    const { response, session, csrf } = await signInThroughForm(a.baseUrl, email, password);
    expect(response.status).toBe(302);
    expect(session, 'a session cookie').toBeDefined();
    for (const cookie of [session!, csrf.cookie]) {
      expect(check(cookie.attributes.has('httponly')), `${cookie.name} httpOnly`).toBe(true);
      expect(check(cookie.attributes.has('secure')), `${cookie.name} Secure`).toBe(true);
      expect(check(cookie.attributes.has('samesite=lax')), `${cookie.name} SameSite=Lax`).toBe(true);
    }
  });
});

const securityHeaders: Record<string, RegExp> = {
  'x-content-type-options': /^nosniff$/,
  'x-frame-options': /^DENY$/,
  'referrer-policy': /^strict-origin-when-cross-origin$/,
  'strict-transport-security': /max-age=\d+/,
  'permissions-policy': /camera=\(\)/,
};

function expectSecurityHeaders(response: Response, what: string) {
  for (const [name, pattern] of Object.entries(securityHeaders)) {
    expect(check(pattern.test(response.headers.get(name) ?? '')), `${name} on ${what}: ${response.headers.get(name)}`).toBe(true);
  }
}

describe('content security policy and security headers', () => {
  it('gives every HTML page a policy with a fresh nonce that all its scripts carry', async () => {
    const nonces: string[] = [];
    for (const baseUrl of [a.baseUrl, b.baseUrl]) {
      const { response, html } = await loginPage(baseUrl);
      expectSecurityHeaders(response, 'the login page');
      const policy = response.headers.get('content-security-policy') ?? '';
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
      expect(nonce, `a nonce in ${policy}`).toBeDefined();
      expect(check(/script-src [^;]*'strict-dynamic'/.test(policy) && !/script-src [^;]*'unsafe-inline'/.test(policy)), policy).toBe(true);
      expect(check(/frame-ancestors 'none'/.test(policy) && /object-src 'none'/.test(policy)), policy).toBe(true);
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) expect(check(script.includes(`nonce="${nonce}"`)), script).toBe(true);
      nonces.push(nonce!);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  it('gives API answers, successes and errors, the same headers and a policy that runs nothing', async () => {
    const answers = [
      await get(`${a.baseUrl}/api/v1/health`),
      await get(`${a.baseUrl}/api/v1/no-such-thing`),
      await get(`${b.baseUrl}/api/v1/users/current-user`),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 404, 401]);
    for (const answer of answers) {
      expectSecurityHeaders(answer, answer.url);
      const policy = answer.headers.get('content-security-policy') ?? '';
      expect(check(/default-src 'none'/.test(policy) && /frame-ancestors 'none'/.test(policy)), `${answer.url}: ${policy}`).toBe(true);
    }
  });
});

describe('CSRF', () => {
  it('refuses a sign-in posted without the form’s token, and records nothing', async () => {
    const { email, password } = login('admin');
    const { cookie } = await loginPage(a.baseUrl);
    const signIns = () => count(sql`SELECT count(*)::int AS n FROM events WHERE type = 'UserSignedIn'`);
    const before = await signIns();
    for (const headers of [{ Cookie: cookie.pair }, {}] as Record<string, string>[]) {
      const response = await get(`${a.baseUrl}/admin/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams({ email, password }),
      });
      expect(check(response.status === 403), `status ${response.status}`).toBe(true);
      expect(setCookies(response).has('__session')).toBe(false);
    }
    expect(await signIns()).toBe(before);
  });

  it('refuses a signed-in top-up posted without the token (or with another session’s), and takes it with its own', async () => {
    const { email, password } = login('admin');
    const { session, csrf } = await signInThroughForm(a.baseUrl, email, password);
    const other = await loginPage(b.baseUrl);
    const [branch] = await queryRows<{ id: string }>(testDatabase.database.db, sql`SELECT branch_id AS id FROM wallet_balances LIMIT 1`);
    const credits = () => count(sql`SELECT count(*)::int AS n FROM events WHERE type = 'WalletCredited'`);
    const before = await credits();
    const topUp = (token: string | undefined, csrfCookie: string) =>
      get(`${a.baseUrl}/admin/wallet/add-balance`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: `${session!.pair}; ${csrfCookie}` },
        body: new URLSearchParams({ intent: 'confirm', branchId: branch!.id, amount: '100', ...(token && { csrf: token }) }),
      });
    expect(check((await topUp(undefined, csrf.cookie.pair)).status === 403)).toBe(true);
    expect(check((await topUp(other.token, csrf.cookie.pair)).status === 403)).toBe(true);
    expect(await credits()).toBe(before);
    const accepted = await topUp(csrf.token, csrf.cookie.pair);
    expect(accepted.status, 'the same post with its token').toBeLessThan(400);
    expect(await credits()).toBe(before + 1);
  });
});

describe('upload addresses', () => {
  const png = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d5e1d90000000049454e44ae426082',
    'hex',
  );

  async function address(baseUrl: string, token: string) {
    return expectSuccess<{ presignedUrl: string; key: string; headers: Record<string, string> }>(
      await callApi(baseUrl, 'POST', '/s3-upload/presigned-url', {
        token,
        body: { fileName: 'photo.png', fileType: 'image/png', fileSize: png.length, formType: 'student', fieldName: 'studentPhoto' },
      }),
      'Asking for an upload address',
    );
  }

  const put = (url: string, headers: Record<string, string>) => get(url, { method: 'PUT', headers, body: png });

  it('takes one file per address, nowhere else, and nothing once it has expired', async () => {
    const { email, password } = login('admin');
    const { token } = await signIn(a.baseUrl, email, password);
    const first = await address(a.baseUrl, token);
    const second = await address(a.baseUrl, token);
    expect(first.key).not.toBe(second.key);

    // The same signed query string on another key: the signature binds the key.
    const elsewhere = first.presignedUrl.replace(encodeURIComponent(first.key.split('/').pop()!), 'other.png');
    expect(elsewhere).not.toBe(first.presignedUrl);
    expect(check((await put(`${a.baseUrl}${elsewhere}`, first.headers)).status === 403)).toBe(true);
    expect(
      check(
        (
          await put(
            `${a.baseUrl}${second.presignedUrl.replace(/signature=[^&]+/, /signature=[^&]+/.exec(first.presignedUrl)![0])}`,
            second.headers,
          )
        ).status === 403,
      ),
    ).toBe(true);

    // A process whose clock is 11 minutes ahead, past the addresses' 10 minutes.
    const later = await startInstituteServer({
      name: 'security-later',
      databaseUrl: testDatabase.url!,
      dataDir,
      nodeArgs: ['--import', path.join(root, 'tests/reliability/support/shifted-clock.ts')],
      env: { CLOCK_OFFSET_MS: String(11 * 60 * 1000) },
    });
    try {
      const expired = await put(`${later.baseUrl}${first.presignedUrl}`, first.headers);
      expect(check(expired.status === 403), `an expired address answered ${expired.status}`).toBe(true);
      expect(((await expired.json()) as { message: string }).message).toMatch(/expired/);
    } finally {
      await later.stop();
    }

    // Before expiry the address works once, on any process of the institute; then never again.
    expect((await put(`${b.baseUrl}${first.presignedUrl}`, first.headers)).status).toBe(200);
    expect(check((await put(`${a.baseUrl}${first.presignedUrl}`, first.headers)).status === 409)).toBe(true);
  });
});

describe('branch isolation', () => {
  it('answers 404 to a branch user who asks for, changes or deletes another branch’s record by its id', async () => {
    const north = login('branch_user', 'North Campus');
    const { token } = await signIn(b.baseUrl, north.email, north.password);
    const students = await queryRows<{ id: string; branch: string }>(
      testDatabase.database.db,
      sql`SELECT r.id, b.title AS branch FROM records r JOIN records b ON b.id = r.branch_id WHERE r.form_type = 'student'`,
    );
    const own = students.find((s) => s.branch === 'North Campus')!;
    const others = students.filter((s) => s.branch !== 'North Campus');
    expect(others.length).toBeGreaterThan(0);
    const events = () => count(sql`SELECT count(*)::int AS n FROM events`);
    const before = await events();

    const ownAnswer = await callApi(b.baseUrl, 'GET', `/dynamic-data/${own.id}`, { token });
    expect(ownAnswer.kind === 'answered' && ownAnswer.status).toBe(200);
    for (const other of others) {
      for (const [method, suffix, body] of [
        ['GET', '', undefined],
        ['GET', '/history', undefined],
        ['PUT', '', { formType: 'student', fieldsData: [{ name: 'studentName', value: 'Changed' }] }],
        ['DELETE', '', undefined],
      ] as const) {
        figures.requests++;
        const answer = await callApi(b.baseUrl, method, `/dynamic-data/${other.id}${suffix}`, { token, body });
        expect(
          check(answer.kind === 'answered' && answer.status === 404),
          `${method} ${other.id}${suffix}: ${JSON.stringify(answer)}`,
        ).toBe(true);
      }
    }
    expect(await events()).toBe(before);
  });
});

describe('sign-in rate limit', () => {
  it('holds across two processes on one database, per email and per address, whatever X-Forwarded-For says', async () => {
    const { email, password } = login('branch_admin', 'South Campus');
    const servers = [a, b];
    const attempt = async (i: number, body: { email: string; password: string }, headers: Record<string, string> = {}) => {
      figures.requests++;
      const answer = await callApi(servers[i % 2]!.baseUrl, 'POST', '/auth/v2/login', { body, headers });
      return answer.kind === 'answered' ? answer.status : 0;
    };
    // Five wrong passwords, alternating between the processes, then even the right one waits.
    for (let i = 0; i < 5; i++) expect(await attempt(i, { email, password: `wrong-${i}` })).toBe(401);
    expect(check((await attempt(5, { email, password: 'wrong-5' })) === 429)).toBe(true);
    expect(check((await attempt(6, { email, password })) === 429)).toBe(true);

    // Twenty failures from one address in all (five above), on other emails, then that address waits.
    for (let i = 0; i < 15; i++) expect(await attempt(i, { email: `nobody${i}@institute.demo`, password: 'wrong-password' })).toBe(401);
    const other = login('branch_admin', 'North Campus');
    expect(check((await attempt(0, other)) === 429)).toBe(true);
    expect(check((await attempt(1, other, { 'X-Forwarded-For': '203.0.113.7' })) === 429), 'a forged X-Forwarded-For').toBe(true);
  });
});
