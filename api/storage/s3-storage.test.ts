import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../tests/support/s3-server';
import { createTestDatabase, request, type TestDatabase } from '../../tests/support/test-database';
import { createApi, type Api } from '../app';
import { issueAccessToken } from '../domain/auth/access-tokens';
import { authConfig } from '../domain/auth/config';
import { issueRefreshToken } from '../domain/auth/refresh-tokens';
import { uploadMessages } from '../../common/uploads/rules';
import { createUser } from '../domain/users';
import { ConfigError, loadEnv } from '../env';
import { systemClock, type Clock } from '../domain/clock';
import { createObjectStorage } from '.';
import { LocalObjectStorage } from './local-storage';
import { S3ObjectStorage } from './s3-storage';

let s3: TestS3Server;
let storage: S3ObjectStorage;

function s3Storage(clock: Clock = systemClock) {
  return new S3ObjectStorage({
    bucket: s3.bucket,
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: s3.credentials,
    clock,
  });
}

beforeAll(async () => {
  s3 = await startS3Server();
  storage = s3Storage();
});
afterAll(async () => {
  storage?.client.destroy();
  await s3?.close();
});

const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d6e0d30000000049454e44ae426082',
  'hex',
);

describe('S3 driver against an S3 protocol server', () => {
  it('stores a file PUT to its presigned address and reads it back', async () => {
    const key = 'student/2026/01/5a0c6e0e-8c1e-4a57-9c43-7d3c1c0f2a11-photo.png';
    const { url, headers, requiresAclHeader } = await storage.presignPut({
      key,
      contentType: 'image/png',
      size: png.length,
      expiresIn: 600,
    });
    expect(requiresAclHeader).toBe(false);
    expect(headers).toEqual({ 'Content-Type': 'image/png' });
    const signed = new URL(url);
    expect(signed.pathname).toBe(`/${s3.bucket}/${key}`);
    // Type and size are part of the signature; the SDK adds no checksum of an empty body.
    expect(signed.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(signed.searchParams.has('x-amz-checksum-crc32')).toBe(false);
    expect(signed.searchParams.has('x-amz-sdk-checksum-algorithm')).toBe(false);

    const put = await fetch(url, { method: 'PUT', body: new Uint8Array(png), headers });
    expect(put.status).toBe(200);

    expect(await storage.head(key)).toEqual({ size: png.length, contentType: 'image/png' });
    expect(await storage.readStart(key, 8)).toEqual(png.subarray(0, 8));
    expect(await storage.readStart(key, 10_000)).toEqual(png);

    const inline = await fetch(await storage.presignGet({ key, expiresIn: 60 }));
    expect(inline.status).toBe(200);
    expect(Buffer.from(await inline.arrayBuffer())).toEqual(png);

    const download = await fetch(await storage.presignGet({ key, expiresIn: 60, downloadName: 'Asha photo.png' }));
    expect(download.headers.get('Content-Disposition')).toContain('attachment; filename="Asha photo.png"');
    await download.arrayBuffer();

    await storage.delete(key);
    expect(await storage.head(key)).toBeNull();
    await storage.delete(key);
  });

  it('writes an object the API holds', async () => {
    const key = 'student/2026/01/7d1f0a52-3a63-4c2a-9f55-1c1d1c7e2f10-posted.png';
    await storage.put({ key, contentType: 'image/png', body: png });
    expect(await storage.head(key)).toEqual({ size: png.length, contentType: 'image/png' });
    expect(await storage.readStart(key, 10_000)).toEqual(png);
    await storage.delete(key);
  });

  it('answers null for a missing object', async () => {
    expect(await storage.head('student/2026/01/none.png')).toBeNull();
  });

  it('signs with the injected clock, so an address from the past has expired', async () => {
    const past = s3Storage({ now: () => new Date(Date.now() - 2 * 60 * 60 * 1000) });
    const { url, headers } = await past.presignPut({
      key: 'student/2026/01/late.png',
      contentType: 'image/png',
      size: png.length,
      expiresIn: 600,
    });
    const response = await fetch(url, { method: 'PUT', body: new Uint8Array(png), headers });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('expired');
    past.client.destroy();
  });

  it('refuses unsafe keys before any request', async () => {
    await expect(storage.presignPut({ key: '../x', contentType: 'image/png', size: 1, expiresIn: 60 })).rejects.toThrow(
      /Unsafe storage key/,
    );
    await expect(storage.head('a/../../b')).rejects.toThrow(/Unsafe storage key/);
  });
});

describe('the upload endpoints on S3', () => {
  const auth = authConfig(randomBytes(32));
  let testDatabase: TestDatabase;
  let api: Api;
  let token: string;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    const { db } = testDatabase.database;
    api = createApi({ database: testDatabase.database, logger: pino({ level: 'silent' }), clock: systemClock, auth, storage });
    const now = new Date();
    const userId = await db.transaction((tx) =>
      createUser({ tx, meta: { occurredAt: now } }, { name: 'Admin', email: 'admin@example.com', password: 'Secret@123', role: 'admin' }),
    );
    const { familyId } = await issueRefreshToken(db, auth, now, userId);
    token = await issueAccessToken(auth, now, { sub: userId, role: 'admin', sid: familyId });
  });
  afterAll(() => testDatabase?.cleanup());

  const call = (method: string, path: string, body?: unknown) =>
    request(api, method, `/api/v1${path}`, { body, headers: { Authorization: `Bearer ${token}` } });

  async function uploadBytes(bytes: Buffer, fileName: string, fileType: string) {
    const address = await call('POST', '/s3-upload/presigned-url', {
      fileName,
      fileType,
      fileSize: bytes.length,
      formType: 'student',
      fieldName: 'studentPhoto',
    });
    expect(address.status).toBe(200);
    const { presignedUrl, key, headers } = address.body.data;
    expect(presignedUrl.startsWith(`${s3.endpoint}/${s3.bucket}/student/`)).toBe(true);
    expect((await fetch(presignedUrl, { method: 'PUT', body: new Uint8Array(bytes), headers })).status).toBe(200);
    const confirmed = await call('POST', '/s3-upload/confirm-upload', {
      key,
      originalFileName: fileName,
      fileSize: bytes.length,
      formType: 'student',
      fieldName: 'studentPhoto',
    });
    return { key, confirmed };
  }

  it('issues an address, confirms the upload and hands out a download address', async () => {
    const { key, confirmed } = await uploadBytes(png, 'photo.png', 'image/png');
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.data).toMatchObject({ key, contentType: 'image/png', size: png.length });

    const link = await call('GET', `/s3-upload/download-url?key=${encodeURIComponent(key)}&expiresIn=300&download=true&filename=mine.png`);
    expect(link.status).toBe(200);
    const file = await fetch(link.body.data.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('Content-Disposition')).toContain('filename="mine.png"');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(png);
  });

  it('deletes an upload whose bytes are not its declared type', async () => {
    const { key, confirmed } = await uploadBytes(Buffer.from('<html>not a picture</html>'), 'x.png', 'image/png');
    expect(confirmed.status).toBe(400);
    expect(confirmed.body.message).toBe(uploadMessages.contentMismatch);
    expect(await storage.head(key)).toBeNull();
  });

  it('catches at confirm a PUT that sent another size than was signed', async () => {
    const address = await call('POST', '/s3-upload/presigned-url', {
      fileName: 'photo.png',
      fileType: 'image/png',
      fileSize: png.length,
      formType: 'student',
    });
    const { presignedUrl, key, headers } = address.body.data;
    // AWS refuses this PUT (Content-Length is signed); s3rver takes it, so confirm must catch it.
    const bigger = Buffer.concat([png, Buffer.alloc(100)]);
    const put = await fetch(presignedUrl, { method: 'PUT', body: new Uint8Array(bigger), headers });
    expect(put.status).toBe(200);
    const confirmed = await call('POST', '/s3-upload/confirm-upload', {
      key,
      originalFileName: 'photo.png',
      fileSize: png.length,
      formType: 'student',
    });
    expect(confirmed.status).toBe(400);
    expect(confirmed.body.message).toBe(uploadMessages.sizeMismatch);
    expect(await storage.head(key)).toBeNull();
  });
});

/** Only the given settings, as the process environment would hold them. */
const settings = (values: Record<string, string>) => values as NodeJS.ProcessEnv;

describe('choosing the store from the environment', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'storage-env-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('uses the built-in store under DATA_DIR/uploads by default, signing with a kept secret', async () => {
    const env = loadEnv(settings({ DATA_DIR: dataDir, PUBLIC_URL: 'https://admin.example.org' }));
    const local = await createObjectStorage(env, systemClock);
    expect(local).toBeInstanceOf(LocalObjectStorage);
    expect((local as LocalObjectStorage).root).toBe(path.join(dataDir, 'uploads'));
    const { url } = await local.presignPut({ key: 'a/b.png', contentType: 'image/png', size: 1, expiresIn: 60 });
    expect(url.startsWith('https://admin.example.org/api/v1/storage/objects/a/b.png?')).toBe(true);

    // A restarted process (or a second one on the same folder) signs the same way.
    const fixedClock = { now: () => new Date(0) };
    const address = { key: 'a/b.png', expiresIn: 60 };
    const first = await (await createObjectStorage(env, fixedClock)).presignGet(address);
    expect(await (await createObjectStorage(env, fixedClock)).presignGet(address)).toBe(first);
    expect(await readFile(path.join(dataDir, 'secrets', 'storage-secret'), 'utf8')).toMatch(/^[\w-]{64}$/);
  });

  it('uses S3 when S3_BUCKET is set', async () => {
    const env = loadEnv(
      settings({
        DATA_DIR: dataDir,
        S3_BUCKET: 'files',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
      }),
    );
    expect(env).toMatchObject({ S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true });
    const s3Store = await createObjectStorage(env, systemClock);
    expect(s3Store).toBeInstanceOf(S3ObjectStorage);
    const { url } = await s3Store.presignPut({ key: 'a/b.png', contentType: 'image/png', size: 1, expiresIn: 60 });
    expect(url.startsWith('http://127.0.0.1:9000/files/a/b.png?')).toBe(true);
  });

  it('refuses one S3 key without the other', async () => {
    const env = loadEnv(settings({ DATA_DIR: dataDir, S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'id' }));
    await expect(createObjectStorage(env, systemClock)).rejects.toThrow(ConfigError);
    await expect(createObjectStorage(env, systemClock)).rejects.toThrow(/^Invalid setting S3_SECRET_ACCESS_KEY/);
  });
});
