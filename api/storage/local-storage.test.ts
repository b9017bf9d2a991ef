import { createHmac, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testClock } from '../../tests/support/test-database';
import { LocalObjectStorage, localStorageMessages } from './local-storage';
import { UnsafeKeyError } from './object-storage';
import { mountStorageRoutes } from './routes';

const secret = randomBytes(32);
const clock = testClock('2026-03-10T08:00:00.000Z');
let parent: string;
let root: string;
let storage: LocalObjectStorage;
let app: Hono;

beforeEach(async () => {
  clock.set('2026-03-10T08:00:00.000Z');
  parent = await mkdtemp(path.join(os.tmpdir(), 'local-storage-test-'));
  root = path.join(parent, 'uploads');
  storage = new LocalObjectStorage({ root, secret, clock });
  app = new Hono().basePath('/api/v1');
  mountStorageRoutes(app, storage);
});
afterEach(() => rm(parent, { recursive: true, force: true }));

const key = 'student/2026/03/0b8e5a52-3a63-4c2a-9f55-1c1d1c7e2f10-photo.png';
const bytes = Buffer.from('\x89PNG\r\n\x1a\n fake image body');

function put(url: string, body: BodyInit | null, headers: Record<string, string> = {}) {
  const init: RequestInit & { duplex?: 'half' } = { method: 'PUT', body, headers };
  if (body instanceof ReadableStream) init.duplex = 'half';
  return app.request(url, init);
}

async function signedPut(overrides: { key?: string; size?: number; contentType?: string; expiresIn?: number } = {}) {
  return storage.presignPut({
    key: overrides.key ?? key,
    contentType: overrides.contentType ?? 'image/png',
    size: overrides.size ?? bytes.length,
    expiresIn: overrides.expiresIn ?? 600,
  });
}

/** Every file under the store's folder, temporary and metadata files included. */
async function filesUnder(folder = root): Promise<string[]> {
  try {
    const entries = await readdir(folder, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
  } catch {
    return [];
  }
}

/** A URL with one query parameter changed. */
function withParam(url: string, name: string, value: string) {
  const parsed = new URL(url, 'http://localhost');
  parsed.searchParams.set(name, value);
  return `${parsed.pathname}${parsed.search}`;
}

describe('built-in store: signed PUT', () => {
  it('stores exactly the signed bytes and reads them back', async () => {
    const { url, headers, requiresAclHeader } = await signedPut();
    expect(url).toMatch(/^\/api\/v1\/storage\/objects\/student\/2026\/03\/.+\?expires=\d+&size=\d+&type=image%2Fpng&signature=/);
    expect(headers).toEqual({ 'Content-Type': 'image/png' });
    expect(requiresAclHeader).toBe(false);

    const response = await put(url, bytes, headers);
    expect(response.status).toBe(200);
    expect(await storage.head(key)).toEqual({ size: bytes.length, contentType: 'image/png' });
    expect(await storage.readStart(key, 4)).toEqual(bytes.subarray(0, 4));
    expect(await storage.readStart(key, 1000)).toEqual(bytes);
    expect(await filesUnder()).toEqual(expect.arrayContaining([key, `.meta/${key}.json`]));
    expect(await filesUnder(path.join(root, '.tmp'))).toEqual([]);
  });

  it('builds absolute addresses from the public URL', async () => {
    const absolute = new LocalObjectStorage({ root, secret, clock, publicUrl: 'https://admin.example.org/' });
    const { url } = await absolute.presignPut({ key, contentType: 'image/png', size: 3, expiresIn: 60 });
    expect(url.startsWith('https://admin.example.org/api/v1/storage/objects/student/')).toBe(true);
  });

  it('refuses an expired address, and accepts it up to its last second', async () => {
    const { url, headers } = await signedPut({ expiresIn: 60 });
    clock.advance(61_000);
    const late = await put(url, bytes, headers);
    expect(late.status).toBe(403);
    expect(await late.json()).toEqual({ success: false, message: localStorageMessages.expired });
    expect(await storage.head(key)).toBeNull();

    clock.advance(-1_000);
    expect((await put(url, bytes, headers)).status).toBe(200);
  });

  it.each([
    ['size', (url: string) => withParam(url, 'size', String(bytes.length + 1))],
    ['type', (url: string) => withParam(url, 'type', 'image/gif')],
    ['expiry', (url: string) => withParam(url, 'expires', String(Number(new URL(url, 'http://x').searchParams.get('expires')) + 3600))],
    ['signature', (url: string) => withParam(url, 'signature', 'A'.repeat(43))],
    ['key', (url: string) => url.replace('photo.png', 'other.png')],
    ['missing signature', (url: string) => url.replace(/&signature=[^&]+/, '')],
  ])('refuses an address whose %s was changed, storing nothing', async (_, tamper) => {
    const { url, headers } = await signedPut();
    const tampered = tamper(url);
    expect(tampered).not.toBe(url);
    const changedType = new URL(tampered, 'http://x').searchParams.get('type');
    const response = await put(tampered, bytes, { 'Content-Type': changedType ?? headers['Content-Type']! });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ success: false, message: localStorageMessages.invalidAddress });
    expect(await filesUnder()).toEqual([]);
  });

  it('refuses a GET address for a PUT and a PUT address for a GET', async () => {
    const getUrl = await storage.presignGet({ key, expiresIn: 60 });
    expect((await put(getUrl, bytes, { 'Content-Type': 'image/png' })).status).toBe(403);
    const { url } = await signedPut();
    expect((await app.request(url)).status).toBe(403);
  });

  it('refuses a body of another content type than the signed one', async () => {
    const { url } = await signedPut();
    const response = await put(url, bytes, { 'Content-Type': 'text/html' });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe(localStorageMessages.wrongType('image/png'));
    expect(await filesUnder()).toEqual([]);
  });

  it('refuses a Content-Length above the signed size before reading the body', async () => {
    const { url, headers } = await signedPut({ size: 10 });
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(11));
        controller.close();
      },
    });
    const response = await put(url, body, { ...headers, 'Content-Length': '11' });
    expect(response.status).toBe(413);
    expect((await response.json()).message).toBe(localStorageMessages.tooLarge(10));
    expect(pulled).toBeLessThanOrEqual(1);
    expect(await filesUnder()).toEqual([]);
  });

  it('stops reading a streamed body as soon as it passes the signed size, storing nothing', async () => {
    const { url, headers } = await signedPut({ size: 1000 });
    let sent = 0;
    // Endless: the test only ends if the store stops reading.
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 256;
        controller.enqueue(new Uint8Array(256));
      },
    });
    const response = await put(url, endless, headers);
    expect(response.status).toBe(413);
    expect(sent).toBeLessThan(1000 + 256 * 4);
    expect(await filesUnder()).toEqual([]);
  });

  it('refuses a body shorter than the signed size, storing nothing', async () => {
    const { url, headers } = await signedPut();
    const short = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(bytes.subarray(0, 5)));
        controller.close();
      },
    });
    const response = await put(url, short, headers);
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe(localStorageMessages.tooSmall(bytes.length));
    expect(await filesUnder()).toEqual([]);

    const declaredShort = await put(url, bytes.subarray(0, 5), headers);
    expect(declaredShort.status).toBe(400);
  });

  it('never replaces a stored file, even through its own address', async () => {
    const { url, headers } = await signedPut();
    expect((await put(url, bytes, headers)).status).toBe(200);
    const again = await put(url, Buffer.alloc(bytes.length, 1), headers);
    expect(again.status).toBe(409);
    expect(await storage.readStart(key, 100)).toEqual(bytes);
  });
});

describe('built-in store: writing an object the API holds', () => {
  it('stores it under its key, leaving no temporary file, and serves it back', async () => {
    await storage.put({ key, contentType: 'image/PNG; charset=binary', body: bytes });
    expect(await storage.head(key)).toEqual({ size: bytes.length, contentType: 'image/png' });
    expect(await storage.readStart(key, 1000)).toEqual(bytes);
    expect((await filesUnder()).filter((file) => !file.startsWith('.meta'))).toEqual([key]);
    const file = await app.request(await storage.presignGet({ key, expiresIn: 60 }));
    expect(Buffer.from(await file.arrayBuffer())).toEqual(bytes);
  });

  it('never replaces a stored object, and refuses an unsafe key', async () => {
    await storage.put({ key, contentType: 'image/png', body: bytes });
    await expect(storage.put({ key, contentType: 'image/png', body: Buffer.from('other') })).rejects.toThrow(localStorageMessages.exists);
    expect(await storage.readStart(key, 1000)).toEqual(bytes);
    await expect(storage.put({ key: '../x.png', contentType: 'image/png', body: bytes })).rejects.toThrow(UnsafeKeyError);
  });
});

describe('built-in store: keys cannot leave the folder', () => {
  const unsafe = [
    '../escape.txt',
    'student/../../escape.txt',
    '/etc/passwd',
    'student\\..\\escape.txt',
    'student/a\0b.png',
    '.meta/student/x.json',
    'student/.hidden',
    'student//x.png',
    'student/x.png/',
    'student/%2e%2e/x.png',
    '',
    `student/${'a'.repeat(600)}`,
  ];

  it.each(unsafe)('refuses %j in every operation', async (bad) => {
    await expect(storage.presignPut({ key: bad, contentType: 'image/png', size: 1, expiresIn: 60 })).rejects.toThrow(UnsafeKeyError);
    await expect(storage.presignGet({ key: bad, expiresIn: 60 })).rejects.toThrow(UnsafeKeyError);
    await expect(storage.head(bad)).rejects.toThrow(UnsafeKeyError);
    await expect(storage.readStart(bad, 10)).rejects.toThrow(UnsafeKeyError);
    await expect(storage.delete(bad)).rejects.toThrow(UnsafeKeyError);
  });

  it.each([
    'student/..%2F..%2Fescape.txt',
    '..%2Fescape.txt',
    'student%5C..%5C..%5Cescape.txt',
    'student/a%00b.png',
    '%2Fetc%2Fescape.txt',
    'student/%E0%A4%A.png',
  ])('refuses the path %s even when its signature is valid', async (encodedPath) => {
    const decoded = (() => {
      try {
        return encodedPath.split('/').map(decodeURIComponent).join('/');
      } catch {
        return encodedPath;
      }
    })();
    const expires = String(Math.floor(clock.now().getTime() / 1000) + 60);
    const signature = createHmac('sha256', secret)
      .update(['v1', 'PUT', decoded, expires, '3', 'text/plain'].join('\n'))
      .digest('base64url');
    const url = `/api/v1/storage/objects/${encodedPath}?expires=${expires}&size=3&type=text%2Fplain&signature=${signature}`;
    const response = await put(url, 'pwn', { 'Content-Type': 'text/plain' });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe(localStorageMessages.invalidKey);
    expect(await readdir(parent)).toEqual([]);
  });

  it('serves nothing for dot segments, which URLs resolve before routing', async () => {
    const { url, headers } = await signedPut();
    const response = await put(url.replace('student/', 'student/../../../'), bytes, headers);
    expect([400, 403, 404]).toContain(response.status);
    expect(await readdir(parent)).toEqual([]);
  });
});

describe('built-in store: signed GET', () => {
  beforeEach(async () => {
    const { url, headers } = await signedPut();
    expect((await put(url, bytes, headers)).status).toBe(200);
  });

  it('serves the file inline, sandboxed, until the address expires', async () => {
    const url = await storage.presignGet({ key, expiresIn: 300 });
    const response = await app.request(url);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
    expect(response.headers.get('Content-Type')).toBe('image/png');
    expect(response.headers.get('Content-Length')).toBe(String(bytes.length));
    expect(response.headers.get('Content-Disposition')).toBe('inline');
    expect(response.headers.get('Content-Security-Policy')).toContain('sandbox');
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');

    clock.advance(301_000);
    const expired = await app.request(url);
    expect(expired.status).toBe(403);
    expect((await expired.json()).message).toBe(localStorageMessages.expired);
  });

  it('serves it as a download under the signed name', async () => {
    const url = await storage.presignGet({ key, expiresIn: 300, downloadName: 'Asha’s photo "1".png' });
    const response = await app.request(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Disposition')).toBe(
      `attachment; filename="Asha_s photo _1_.png"; filename*=UTF-8''Asha%E2%80%99s%20photo%20%221%22.png`,
    );
    const renamed = await app.request(withParam(url, 'download', 'evil.html'));
    expect(renamed.status).toBe(403);
    const inline = await app.request(url.replace(/&download=[^&]+/, ''));
    expect(inline.status).toBe(403);
  });

  it('answers 404 once the file is deleted', async () => {
    const url = await storage.presignGet({ key, expiresIn: 300 });
    await storage.delete(key);
    expect((await app.request(url)).status).toBe(404);
    expect(await storage.head(key)).toBeNull();
    await storage.delete(key);
  });
});

describe('built-in store over a real socket', () => {
  let server: ServerType;
  let origin: string;

  beforeEach(async () => {
    server = await new Promise<ServerType>((resolve) => {
      const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
    });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // fetch keeps its connection open for reuse; close would wait for it.
        (server as Server).closeAllConnections();
      }),
  );

  it('takes an upload with fetch and serves it back', async () => {
    const { url, headers } = await signedPut();
    const response = await fetch(origin + url, { method: 'PUT', body: new Uint8Array(bytes), headers });
    expect(response.status).toBe(200);
    const read = await fetch(origin + (await storage.presignGet({ key, expiresIn: 60, downloadName: 'p.png' })));
    expect(Buffer.from(await read.arrayBuffer())).toEqual(bytes);
    expect(read.headers.get('Content-Disposition')).toContain('attachment; filename="p.png"');
  });

  it('refuses an oversized upload with 413', async () => {
    const { url, headers } = await signedPut({ size: 1024 });
    const response = await fetch(origin + url, { method: 'PUT', body: new Uint8Array(1024 * 1024), headers });
    expect(response.status).toBe(413);
    expect(await filesUnder()).toEqual([]);
    expect((await stat(root).catch(() => null))?.isDirectory() ?? false).toBe(false);
  });

  it('stops reading a chunked upload that runs past the signed size', async () => {
    const { url, headers } = await signedPut({ size: 64 * 1024 });
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      async pull(controller) {
        sent += 16 * 1024;
        controller.enqueue(new Uint8Array(16 * 1024));
        await new Promise((resolve) => setTimeout(resolve, 1));
      },
    });
    const outcome = await fetch(origin + url, { method: 'PUT', body: endless, headers, duplex: 'half' } as RequestInit).then(
      (response) => response.status,
      (error: Error) => error.message,
    );
    // The answer may race the client's sending; either way the server stopped taking bytes.
    expect([413, 'fetch failed']).toContain(outcome);
    expect(sent).toBeLessThan(4 * 1024 * 1024);
    expect(await filesUnder()).toEqual([]);
  });
});
