import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../../api/db/schema';
import { CREDENTIALS_BODY_BYTES, MAX_JSON_ARRAY_LENGTH, MAX_JSON_DEPTH, TEXT_BODY_BYTES } from '../../api/http/body-limits';
import { addUser, createAccountsApi, defaultPassword, syncCatalogue, tokenFor, type AccountsApi } from './accounts';

/**
 * What /api/v1 takes of a request before it acts: bodies within the limit of their endpoint and
 * kind, JSON no deeper than the code that walks it can go; and what it gives back: answers no
 * cache keeps, and tokens never stored for a replay.
 */

let accounts: AccountsApi;
let token: string;
let email: string;

beforeAll(async () => {
  accounts = await createAccountsApi();
  await syncCatalogue(accounts.db);
  email = `limits.${Date.now()}@example.com`;
  token = await tokenFor(accounts.db, accounts.auth, await addUser(accounts.db, { role: 'superadmin', email }));
});
afterAll(() => accounts?.cleanup());

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('request bodies', () => {
  it('refuses a sign-in body of more than a few KB with 413, declared or not', async () => {
    const body = JSON.stringify({ email, password: 'a'.repeat(CREDENTIALS_BODY_BYTES) });
    for (const headers of [{ 'Content-Length': String(Buffer.byteLength(body)) }, {}] as Record<string, string>[]) {
      const response = await accounts.call('POST', '/auth/v2/login', { body, headers });
      expect(response.status).toBe(413);
      expect(response.body).toMatchObject({ success: false, message: 'The request is larger than the 4KB accepted here' });
    }
  });

  it('holds a JSON body to the text limit even where a form with files may be larger', async () => {
    const body = JSON.stringify({ formType: 'student', fieldsData: [{ name: 'studentName', value: 'a'.repeat(TEXT_BODY_BYTES) }] });
    const response = await accounts.call('POST', '/dynamic-data', { token, body });
    expect(response.status).toBe(413);
    expect(response.body.message).toBe('The request is larger than the 256KB accepted here');
    const binary = await accounts.call('POST', '/dynamic-data', { token, body, headers: { 'Content-Type': 'application/octet-stream' } });
    expect(binary.status).toBe(413);
  });

  it(`refuses JSON nested deeper than ${MAX_JSON_DEPTH} levels or with longer arrays than ${MAX_JSON_ARRAY_LENGTH} items with 400`, async () => {
    const deep = `{"formType":"student","fieldsData":${nested(20_000)}}`;
    const answers = [
      await accounts.call('POST', '/dynamic-data', { token, body: deep }),
      await accounts.call('POST', '/users/branch/create', { token, body: `{"name":${nested(20_000)}}` }),
      await accounts.call('POST', '/dynamic-data', {
        token,
        body: JSON.stringify({ formType: 'student', fieldsData: Array.from({ length: MAX_JSON_ARRAY_LENGTH + 1 }, () => 0) }),
      }),
    ];
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400]);
    expect(answers[0]!.body.message).toBe(`JSON may nest at most ${MAX_JSON_DEPTH} levels deep`);
    expect(answers[2]!.body.message).toBe(`A JSON array may hold at most ${MAX_JSON_ARRAY_LENGTH} items`);

    const form = new FormData();
    form.set('formType', 'student');
    form.set('fieldsData', nested(20_000));
    const posted = await accounts.api.request('/api/v1/dynamic-data', {
      method: 'POST',
      body: form,
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(posted.status).toBe(400);
  });
});

describe('answers', () => {
  it('are kept by no cache', async () => {
    for (const [path, options] of [
      ['/health', {}],
      ['/users/current-user', { token }],
      ['/no-such-thing', {}],
    ] as const) {
      const response = await accounts.call('GET', path, options);
      expect(response.headers.get('Cache-Control'), path).toBe('no-store');
    }
  });

  it('say which methods a path takes when asked with another: 405 with Allow', async () => {
    const response = await accounts.call('PUT', '/wallet/transactions', { token, body: {} });
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('GET, HEAD');
    expect(response.body.success).toBe(false);
    expect((await accounts.call('GET', '/definitely-not-here')).status).toBe(404);
  });

  it('name the part of the request that is wrong: a quote without its branch is an invalid query', async () => {
    const response = await accounts.call('GET', '/wallet/operation-pricing/quote?operationKey=ADD_STUDENT', { token });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Invalid request query');
    expect(Object.keys(response.body.errors)).toEqual(['branchId']);
  });

  it('that carry tokens are never stored for a replay: a sign-in with a used key signs in anew', async () => {
    const signIn = () =>
      accounts.call('POST', '/auth/v2/login', {
        body: { email, password: defaultPassword },
        headers: { 'Idempotency-Key': 'sign-in-once' },
      });
    const first = await signIn();
    const second = await signIn();
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.headers.get('Idempotent-Replayed')).toBeNull();
    expect(second.body.data.refreshToken).not.toBe(first.body.data.refreshToken);
    const stored = JSON.stringify(await accounts.db.select().from(idempotencyKeys));
    expect(stored).not.toContain(first.body.data.refreshToken);
    expect(stored).not.toContain(first.body.data.accessToken);
  });
});
