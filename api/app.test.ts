import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { listen } from '../tests/support/listen';
import { createTestApi, request, type TestApi } from '../tests/support/test-database';
import { apiEndpoints } from './app';
import { defineEndpoint } from './http/endpoint';
import { systemClock } from './domain/clock';
import { temporaryObjectStorage } from './storage';

const secret = 'connection to 10.0.0.7 refused for user admin';

const failing = defineEndpoint({
  method: 'get',
  path: '/test/failing',
  summary: 'Always fails',
  tag: 'test',
  access: { kind: 'public' },
  async handle() {
    throw new Error(secret);
  },
});

const echo = defineEndpoint({
  method: 'post',
  path: '/test/echo',
  summary: 'Answers with its valid body',
  tag: 'test',
  access: { kind: 'public' },
  body: z.object({
    name: z.string().min(2),
    age: z.number().int(),
    address: z.object({ city: z.string() }),
  }),
  async handle({ body }) {
    return { message: 'echo', data: body };
  },
});

const MB = 1024 * 1024;

const sized = defineEndpoint({
  method: 'post',
  path: '/test/sized',
  summary: 'Answers with the size of what it was sent',
  tag: 'test',
  access: { kind: 'public' },
  maxBodyBytes: MB,
  async handle({ c }) {
    return { message: 'sized', data: (await c.req.arrayBuffer()).byteLength };
  },
});

let testApi: TestApi;
const storage = temporaryObjectStorage(systemClock);

beforeAll(async () => {
  testApi = await createTestApi({ endpoints: [...apiEndpoints, failing, echo, sized], storage });
});
afterAll(() => testApi?.cleanup());

const call = (method: string, path: string, options?: Parameters<typeof request>[3]) => request(testApi.api, method, path, options);

describe('GET /api/v1/health', () => {
  it('answers with the kind of database behind it', async () => {
    const response = await call('GET', '/api/v1/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'ok', data: { database: inject('testDatabase').kind } });
  });

  it('answers 503 once the database is gone', async () => {
    const gone = await createTestApi();
    try {
      expect((await request(gone.api, 'GET', '/api/v1/health')).status).toBe(200);
      await gone.database.close();
      const response = await request(gone.api, 'GET', '/api/v1/health');
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ success: false, message: 'The database does not answer' });
    } finally {
      await gone.cleanup();
    }
  });
});

describe('request ids', () => {
  it('gives every answer an X-Request-Id, keeping a well-formed one from the caller', async () => {
    const generated = await call('GET', '/api/v1/health');
    expect(generated.headers.get('X-Request-Id')).toMatch(/^[\w-]{36}$/);
    const kept = await call('GET', '/api/v1/health', { headers: { 'X-Request-Id': 'trace-42' } });
    expect(kept.headers.get('X-Request-Id')).toBe('trace-42');
    const replaced = await call('GET', '/api/v1/health', { headers: { 'X-Request-Id': 'no spaces <allowed>' } });
    expect(replaced.headers.get('X-Request-Id')).not.toBe('no spaces <allowed>');
  });
});

describe('content security policy', () => {
  it('gives every answer, success or failure, a policy that runs and frames nothing', async () => {
    const answers = [
      await call('GET', '/api/v1/health'),
      await call('GET', '/api/v1/no-such-thing'),
      await call('POST', '/api/v1/test/echo', { body: { name: 'x' } }),
      await call('GET', '/api/v1/users/current-user'),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 404, 400, 401]);
    for (const answer of answers) {
      expect(answer.headers.get('Content-Security-Policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });
});

describe('a file from the built-in store', () => {
  it('keeps its own sandboxing policy and still carries a request id', async () => {
    const key = 'student/2026/03/0b8e5a52-3a63-4c2a-9f55-1c1d1c7e2f10-photo.png';
    await storage.put({ key, contentType: 'image/png', body: Buffer.from('\x89PNG\r\n\x1a\n fake image body') });
    const answer = await testApi.api.request(await storage.presignGet({ key, expiresIn: 300 }), { headers: { 'X-Request-Id': 'file-7' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Content-Security-Policy')).toContain('sandbox');
    expect(answer.headers.get('X-Request-Id')).toBe('file-7');
  });
});

describe('the size limit of an endpoint, over a socket', () => {
  /** Posts `size` bytes, declaring their length or sending them in chunks without one. */
  async function post(url: string, size: number, how: 'declared' | 'chunked') {
    const body = Buffer.alloc(size, 'a');
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const sending = httpRequest(`${url}/api/v1/test/sized`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/octet-stream', ...(how === 'declared' && { 'Content-Length': String(size) }) },
      });
      sending.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode!, body: text }));
      });
      // The server may answer 413 and close before it has read everything.
      sending.on('error', (error: NodeJS.ErrnoException) =>
        error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error),
      );
      for (let at = 0; at < size; at += 64 * 1024) sending.write(body.subarray(at, at + 64 * 1024));
      sending.end();
    });
  }

  it('takes a body within the limit and refuses a larger one, declared or not', async () => {
    const server = await listen(testApi.api);
    try {
      for (const how of ['declared', 'chunked'] as const) {
        const within = await post(server.url, MB, how);
        expect(within.status).toBe(200);
        expect(JSON.parse(within.body).data).toBe(MB);
        const over = await post(server.url, MB + 1, how);
        expect(over.status).toBe(413);
        expect(JSON.parse(over.body)).toEqual({ success: false, message: 'The request is larger than the 1MB accepted here' });
      }
    } finally {
      await server.close();
    }
  });
});

describe('errors', () => {
  it('answers an unknown path with a 404 envelope', async () => {
    const response = await call('GET', '/api/v1/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.headers.get('Content-Type')).toContain('application/json');
    expect(response.body).toEqual({ success: false, message: 'Not found' });
  });

  it('answers an unexpected failure with 500 and the request id, never the error itself', async () => {
    const response = await call('GET', '/api/v1/test/failing', { headers: { 'X-Request-Id': 'req-500' } });
    expect(response.status).toBe(500);
    expect(response.body).toEqual({
      success: false,
      message: 'Something went wrong. Please try again.',
      requestId: 'req-500',
    });
    expect(response.headers.get('X-Request-Id')).toBe('req-500');
    const text = JSON.stringify(response.body);
    expect(text).not.toContain(secret);
    expect(text).not.toMatch(/stack|\bat .*\.ts:\d+/);
  });

  it('answers an invalid body with 400 and the messages per field', async () => {
    const response = await call('POST', '/api/v1/test/echo', { body: { name: 'A', age: 4.5, address: {} } });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, message: 'Invalid request body' });
    expect(Object.keys(response.body.errors).sort()).toEqual(['address.city', 'age', 'name']);
    for (const messages of Object.values(response.body.errors)) {
      expect(messages).toEqual([expect.any(String)]);
    }
  });

  it('answers a body that is not JSON with 400', async () => {
    const response = await call('POST', '/api/v1/test/echo', { body: '{"name": "Asha",' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, message: 'Request body must be valid JSON' });
  });

  it('passes a valid body through', async () => {
    const body = { name: 'Asha', age: 30, address: { city: 'Pune' } };
    const response = await call('POST', '/api/v1/test/echo', { body });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'echo', data: body });
  });
});

describe('GET /api/v1/openapi.json', () => {
  it('documents every mounted endpoint', async () => {
    const response = await call('GET', '/api/v1/openapi.json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toMatch(/^3\./);
    expect(response.body.paths['/api/v1/health']).toHaveProperty('get');
    for (const endpoint of apiEndpoints) {
      const path = `/api/v1${endpoint.path.replace(/:(\w+)/g, '{$1}')}`;
      expect(response.body.paths[path], path).toHaveProperty(endpoint.method);
    }
  });
});
