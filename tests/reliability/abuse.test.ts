import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLogins } from '../../api/db/seed';
import type { ServerProcess } from '../support/server-process';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { callApi, type CallOutcome } from './support/api-client';
import { startInstituteServer } from './support/institute';

/**
 * What an anonymous or signed-in attacker sends the production build, on a process of its own
 * under npm start's 128 MB heap: bodies far beyond any limit, alone and many at once, JSON
 * nested deeper than the stack, redirect targets that leave the site, guesses at the current
 * password, and a stolen session that outlives a password change. The process keeps answering,
 * and refuses each with an answer of its own.
 */

let testDatabase: TestDatabase;
let dataDir: string;
let server: ServerProcess;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'reliability-abuse-'));
  server = await startInstituteServer({ name: 'abuse', databaseUrl: testDatabase.url!, dataDir });
});
afterAll(async () => {
  await server?.stop();
  await testDatabase?.cleanup();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const MB = 1024 * 1024;

function login(role: string, branch?: string) {
  const found = demoLogins.find((l) => l.role === role && l.branch === branch);
  if (!found) throw new Error(`No demo login for ${role}`);
  return found;
}

async function tokensOf(role: string, branch?: string) {
  const { email, password } = login(role, branch);
  const answer = await callApi<{ accessToken: string; refreshToken: string }>(server.baseUrl, 'POST', '/auth/v2/login', {
    body: { email, password },
  });
  if (answer.kind !== 'answered' || answer.status !== 200) throw new Error(`Sign-in failed: ${JSON.stringify(answer)}`);
  return answer.body.data;
}

/** The process is alive and answers; a process that ran out of memory has ended. */
async function expectAnswering() {
  const health = await fetch(`${server.baseUrl}/api/v1/health`, { signal: AbortSignal.timeout(15_000) });
  expect(health.status).toBe(200);
  expect(server.output.join('\n')).not.toMatch(/heap out of memory|FATAL ERROR/);
}

/** The status of an answer, or null when the server closed the connection while the body was still going. */
async function statusOf(url: string, init: RequestInit): Promise<{ status: number | null; message?: string }> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(120_000) });
    const text = await response.text();
    return { status: response.status, message: /"message":"([^"]*)"/.exec(text)?.[1] ?? text.slice(0, 200) };
  } catch {
    return { status: null };
  }
}

/** A body of `bytes` bytes sent without a length, in 1 MB chunks, as a streaming client does. */
function streamOf(prefix: string, bytes: number, suffix: string): ReadableStream<Uint8Array> {
  let sent = 0;
  const chunk = new Uint8Array(MB).fill('a'.charCodeAt(0));
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      controller.enqueue(encoder.encode(prefix));
    },
    pull(controller) {
      if (sent >= bytes) {
        controller.enqueue(encoder.encode(suffix));
        controller.close();
        return;
      }
      controller.enqueue(chunk);
      sent += chunk.length;
    },
  });
}

describe('bodies beyond any limit', () => {
  it('refuses a 96 MB sign-in with 413 and goes on answering', async () => {
    const body = Buffer.concat([Buffer.from('{"email":"a@b.co","password":"'), Buffer.alloc(96 * MB, 'a'), Buffer.from('"}')]);
    const answer = await statusOf(`${server.baseUrl}/api/v1/auth/v2/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    expect([413, null]).toContain(answer.status);
    if (answer.status) expect(answer.message).toBe('The request is larger than the 4KB accepted here');
    await expectAnswering();
  });

  it('refuses a 110 MB refresh sent without a length with 413 and goes on answering', async () => {
    const answer = await statusOf(`${server.baseUrl}/api/v1/users/refresh`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: streamOf('{"refreshToken":"', 110 * MB, '"}'),
      duplex: 'half',
    } as RequestInit);
    expect([413, null]).toContain(answer.status);
    await expectAnswering();
  });

  it('takes ten 20 MB forms with files at once within its budget, refusing the rest with 503', async () => {
    const { accessToken } = await tokensOf('admin');
    const boundary = 'abuse-boundary';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="formType"\r\n\r\nstudent\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="studentPhoto"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      Buffer.alloc(20 * MB, 'a'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        statusOf(`${server.baseUrl}/api/v1/dynamic-data`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
          body,
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses, JSON.stringify(answers)).toContain(503);
    for (const answer of answers)
      expect(answer.status === null || answer.status < 500 || answer.status === 503, JSON.stringify(answer)).toBe(true);
    await expectAnswering();
  });

  it('refuses a 96 MB form posted to a page with 413 and goes on answering', async () => {
    const body = Buffer.concat([Buffer.from('email=a%40b.co&password='), Buffer.alloc(96 * MB, 'a')]);
    const answer = await statusOf(`${server.baseUrl}/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
    });
    expect([413, null]).toContain(answer.status);
    await expectAnswering();
  });
});

describe('JSON nested deeper than the stack', () => {
  it('answers 400 with a message to fieldsData nested 20,000 levels', async () => {
    const { accessToken } = await tokensOf('admin');
    const depth = 20_000;
    const answer = await statusOf(`${server.baseUrl}/api/v1/dynamic-data`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
      body: `{"formType":"student","fieldsData":${'['.repeat(depth)}${']'.repeat(depth)}}`,
    });
    expect(answer).toEqual({ status: 400, message: 'JSON may nest at most 32 levels deep' });
  });
});

describe('redirects after sign-in', () => {
  it.each(['/.//evil.example/', '/%2e//evil.example/', '/admin/..//evil.example/'])('stay on the site for %s', async (redirectTo) => {
    const page = await fetch(`${server.baseUrl}/admin/login`);
    const token = /name="csrf" value="([^"]+)"/.exec(await page.text())?.[1];
    const cookie = page.headers
      .getSetCookie()
      .find((c) => c.startsWith('csrf='))!
      .split(';')[0]!;
    const { email, password } = login('admin');
    const response = await fetch(`${server.baseUrl}/admin/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
      body: new URLSearchParams({ email, password, csrf: token!, redirectTo }),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/admin');
  });
});

describe('a password change', () => {
  const answered = (outcome: CallOutcome) => (outcome.kind === 'answered' ? outcome.status : 0);

  it('ends the user’s other sessions, access and refresh token alike, and keeps the one that changed it', async () => {
    const { password } = login('branch_user', 'North Campus');
    const a = await tokensOf('branch_user', 'North Campus');
    const b = await tokensOf('branch_user', 'North Campus');
    const changed = await callApi(server.baseUrl, 'POST', '/users/change-password', {
      token: a.accessToken,
      body: { currentPassword: password, newPassword: 'Changed@123' },
    });
    expect(answered(changed)).toBe(200);
    expect(answered(await callApi(server.baseUrl, 'GET', '/users/current-user', { token: b.accessToken }))).toBe(401);
    expect(answered(await callApi(server.baseUrl, 'POST', '/users/refresh', { body: { refreshToken: b.refreshToken } }))).toBe(401);
    expect(answered(await callApi(server.baseUrl, 'GET', '/users/current-user', { token: a.accessToken }))).toBe(200);
  });

  it('limits guesses at the current password: the twelfth wrong one is refused with 429', async () => {
    const { accessToken } = await tokensOf('branch_user', 'South Campus');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const outcome = await callApi(server.baseUrl, 'POST', '/users/change-password', {
        token: accessToken,
        body: { currentPassword: `wrong-${i}`, newPassword: 'Changed@123' },
      });
      statuses.push(answered(outcome));
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses[11]).toBe(429);
  });
});

describe('the log', () => {
  it('takes a page that does not exist as an answer, with no stack trace in plain text', async () => {
    const seen = server.output.length;
    expect((await fetch(`${server.baseUrl}/definitely-not-here`)).status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const written = server.output.slice(seen).join('\n');
    expect(written).not.toMatch(/^\s+at |No route matches/m);
  });
});

describe('caching', () => {
  it('keeps API answers and pages out of every cache, and caches fingerprinted assets for long', async () => {
    const { accessToken } = await tokensOf('admin');
    const api = await fetch(`${server.baseUrl}/api/v1/users/current-user`, { headers: { Authorization: `Bearer ${accessToken}` } });
    expect(api.headers.get('Cache-Control')).toBe('no-store');
    const page = await fetch(`${server.baseUrl}/admin/login`);
    expect(page.headers.get('Cache-Control')).toBe('no-store');
    const asset = /\/assets\/[^"]+\.js/.exec(await page.text())?.[0];
    expect(asset).toBeDefined();
    expect((await fetch(`${server.baseUrl}${asset}`)).headers.get('Cache-Control')).toMatch(
      /max-age=31536000.*immutable|immutable.*max-age=31536000/,
    );
  });
});
