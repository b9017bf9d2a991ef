import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, request, testClock, type TestDatabase } from '../../tests/support/test-database';
import { createApi, type Api } from '../app';
import { events, uploads } from '../db/schema';
import { issueAccessToken } from '../domain/auth/access-tokens';
import { authConfig } from '../domain/auth/config';
import { issueRefreshToken } from '../domain/auth/refresh-tokens';
import { MB, uploadMessages } from '../../common/uploads/rules';
import { createRecord } from '../domain/records';
import { createUser } from '../domain/users';
import { LocalObjectStorage, localStorageMessages } from '../storage/local-storage';

const clock = testClock('2026-01-15T09:00:00.000Z');
const auth = authConfig(randomBytes(32));
let testDatabase: TestDatabase;
let storage: LocalObjectStorage;
let folder: string;
let api: Api;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  folder = await mkdtemp(path.join(os.tmpdir(), 'uploads-test-'));
  storage = new LocalObjectStorage({ root: folder, secret: randomBytes(32), clock });
  api = createApi({ database: testDatabase.database, logger: pino({ level: 'silent' }), clock, auth, storage });
  north = await addBranch('North Campus', 'NC');
  const south = await addBranch('South Campus', 'SC');
  admin = await signIn('admin', null);
  northStaff = await signIn('branch_user', north);
  southStaff = await signIn('branch_user', south);
});
afterAll(async () => {
  await testDatabase?.cleanup();
  await rm(folder, { recursive: true, force: true });
});

const db = () => testDatabase.database.db;
let admin: string;
let northStaff: string;
let southStaff: string;
let north: string;

async function addBranch(name: string, code: string): Promise<string> {
  const { id } = await db().transaction((tx) =>
    createRecord(
      { tx, meta: { occurredAt: clock.now() } },
      { formType: 'branch', branchId: null, fields: { addBranch: name, branchCode: code } },
    ),
  );
  return id;
}

// Users and branches stay for the whole file; uploads start empty in every test.
beforeEach(async () => {
  clock.set('2026-01-15T09:00:00.000Z');
  await db().delete(uploads);
  await db().delete(events).where(eq(events.streamType, 'upload'));
  await rm(folder, { recursive: true, force: true });
});

/** A user of the role and branch, with an open session and an access token for it. */
async function signIn(role: string, branchId: string | null): Promise<string> {
  const at = clock.now();
  const userId = await db().transaction((tx) =>
    createUser(
      { tx, meta: { occurredAt: at } },
      {
        name: `${role} ${branchId ?? ''}`.trim(),
        email: `${randomBytes(4).toString('hex')}@example.com`,
        password: 'Secret@123',
        role,
        branchId,
      },
    ),
  );
  const { familyId } = await issueRefreshToken(db(), auth, at, userId);
  return issueAccessToken(auth, at, { sub: userId, role, sid: familyId });
}

const call = (token: string | null, method: string, path: string, body?: unknown) =>
  request(api, method, `/api/v1${path}`, { body, headers: token ? { Authorization: `Bearer ${token}` } : {} });

const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d6e0d30000000049454e44ae426082',
  'hex',
);

interface Upload {
  fileName?: string;
  fileType?: string;
  bytes?: Buffer;
  formType?: string;
  fieldName?: string;
}

async function presign(
  token: string,
  { fileName = 'My Photo.png', fileType = 'image/png', bytes = png, formType = 'student', fieldName }: Upload = {},
) {
  return call(token, 'POST', '/s3-upload/presigned-url', { fileName, fileType, fileSize: bytes.length, formType, fieldName });
}

/** The browser's PUT, through the same app (the store's addresses are served by it). */
function putTo(url: string, bytes: Buffer, headers: Record<string, string>) {
  return api.request(url, { method: 'PUT', body: new Uint8Array(bytes), headers });
}

/** Address, PUT and confirm, as the web client does them. */
async function upload(token: string, file: Upload = {}) {
  const bytes = file.bytes ?? png;
  const address = await presign(token, file);
  expect(address.status, JSON.stringify(address.body)).toBe(200);
  const { presignedUrl, key, headers } = address.body.data;
  const stored = await putTo(presignedUrl, bytes, headers);
  expect(stored.status).toBe(200);
  const confirmed = await call(token, 'POST', '/s3-upload/confirm-upload', {
    key,
    originalFileName: file.fileName ?? 'My Photo.png',
    fileSize: bytes.length,
    formType: file.formType ?? 'student',
    fieldName: file.fieldName,
  });
  return { key, confirmed };
}

async function eventTypes(key: string) {
  const rows = await db().select({ type: events.type }).from(events).where(eq(events.streamId, key));
  return rows.map((r) => r.type);
}

describe('access', () => {
  it.each([
    ['POST', '/s3-upload/presigned-url'],
    ['POST', '/s3-upload/confirm-upload'],
    ['GET', '/s3-upload/download-url?key=student/2026/01/x.png'],
  ])('%s %s needs a signed-in caller', async (method, path) => {
    const response = await call(null, method, path, method === 'POST' ? {} : undefined);
    expect(response.status).toBe(401);
  });
});

describe('POST /s3-upload/presigned-url', () => {
  it('answers with an address to PUT the file to, in SPEC.md’s shape', async () => {
    const response = await presign(admin, { fileName: 'My Photo (1).png', fieldName: 'studentPhoto' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      success: true,
      message: 'Upload address created',
      data: {
        key: expect.stringMatching(/^student\/2026\/01\/[0-9a-f-]{36}-My-Photo-1\.png$/),
        presignedUrl: expect.stringMatching(
          /^\/api\/v1\/storage\/objects\/student\/2026\/01\/.+\?expires=\d+&size=\d+&type=image%2Fpng&signature=/,
        ),
        cloudFrontUrl: null,
        s3Url: null,
        requiresAclHeader: false,
        expiresIn: 600,
        method: 'PUT',
        headers: { 'Content-Type': 'image/png' },
        contentType: 'image/png',
        maxSize: 1 * MB,
      },
    });
    expect(response.body.data.presignedUrl).toContain(encodeURI(response.body.data.key));
  });

  it('gives every request a key of its own', async () => {
    const a = await presign(admin);
    const b = await presign(admin);
    expect(a.body.data.key).not.toBe(b.body.data.key);
  });

  it.each([
    [{ fileSize: 0 }, 'No file provided'],
    [{ fileName: '' }, 'No file provided'],
    [{ fileName: undefined, fileSize: undefined }, 'No file provided'],
    [{ fileSize: 5 * MB + 1 }, 'File size must be less than 5MB'],
    [{ fieldName: 'studentPhoto', fileSize: 1 * MB + 1 }, 'File size must be less than 1MB'],
    [{ fieldName: 'courseImage', formType: 'course', fileSize: 2 * MB + 1 }, 'File size must be less than 2MB'],
    [{ fieldName: 'signature', fileType: 'application/pdf' }, 'File type not supported. Accepted: JPG, PNG, SVG, GIF'],
    [{ fieldName: 'examPaper', formType: 'examResult' }, 'File type not supported. Accepted: PDF, DOC, DOCX'],
    [{ fileType: 'text/html', fileName: 'page.html' }, 'File type not supported. Accepted: JPG, PNG, GIF, SVG, WEBP, PDF, DOC, DOCX'],
  ])('refuses %j with %j', async (changes, message) => {
    const body = { fileName: 'a.png', fileType: 'image/png', fileSize: 100, formType: 'student', ...changes };
    const response = await call(admin, 'POST', '/s3-upload/presigned-url', body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, message });
  });

  it('refuses a form type that cannot be part of a key', async () => {
    const response = await call(admin, 'POST', '/s3-upload/presigned-url', {
      fileName: 'a.png',
      fileType: 'image/png',
      fileSize: 10,
      formType: '../etc',
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toHaveProperty('formType');
  });

  it('takes the type from the file name when the browser gives none', async () => {
    const response = await call(admin, 'POST', '/s3-upload/presigned-url', {
      fileName: 'Question Paper.DOCX',
      fileType: '',
      fileSize: 2000,
      formType: 'examResult',
      fieldName: 'examPaper',
    });
    expect(response.status).toBe(200);
    expect(response.body.data.headers['Content-Type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  });
});

describe('PUT to the issued address', () => {
  it('refuses more bytes than were signed and stores nothing', async () => {
    const address = await presign(admin);
    const { presignedUrl, headers, key } = address.body.data;
    const response = await putTo(presignedUrl, Buffer.concat([png, Buffer.alloc(10)]), headers);
    expect(response.status).toBe(413);
    expect(await storage.head(key)).toBeNull();
  });

  it('refuses an address used after it expired', async () => {
    const address = await presign(admin);
    clock.advance(601_000);
    const response = await putTo(address.body.data.presignedUrl, png, address.body.data.headers);
    expect(response.status).toBe(403);
    expect(response.body).not.toBeNull();
    expect((await response.json()).message).toBe(localStorageMessages.expired);
  });
});

describe('POST /s3-upload/confirm-upload', () => {
  it('records the upload with its uploader and branch', async () => {
    const { key, confirmed } = await upload(northStaff, { fieldName: 'studentPhoto' });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body).toMatchObject({
      success: true,
      message: 'File uploaded successfully',
      data: {
        _id: key,
        key,
        originalFileName: 'My Photo.png',
        contentType: 'image/png',
        size: png.length,
        formType: 'student',
        uploadedBy: expect.any(String),
        branchId: north,
        createdAt: '2026-01-15T09:00:00.000Z',
      },
    });
    const [row] = await db().select().from(uploads).where(eq(uploads.key, key));
    expect(row).toMatchObject({ size: png.length, branchId: north });
    expect(await eventTypes(key)).toEqual(['FileUploaded']);
  });

  it('answers a repeated confirm with the first record', async () => {
    const { key, confirmed } = await upload(admin);
    const again = await call(admin, 'POST', '/s3-upload/confirm-upload', {
      key,
      originalFileName: 'other name.png',
      fileSize: png.length,
      formType: 'student',
    });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(confirmed.body.data);
    expect(await eventTypes(key)).toEqual(['FileUploaded']);
  });

  it('deletes and refuses a file whose bytes are not its declared type', async () => {
    const text = Buffer.from('this is plain text pretending to be a PNG image');
    const { key, confirmed } = await upload(admin, { fileName: 'fake.png', fileType: 'image/png', bytes: text });
    expect(confirmed.status).toBe(400);
    expect(confirmed.body).toEqual({ success: false, message: uploadMessages.contentMismatch, data: null });
    expect(await storage.head(key)).toBeNull();
    expect(await db().select().from(uploads)).toEqual([]);
    expect(await eventTypes(key)).toEqual(['FileRejected']);
  });

  it('deletes and refuses a file that breaks the limit of the field it is confirmed for', async () => {
    const big = Buffer.concat([png, Buffer.alloc(1 * MB)]);
    const { key, confirmed } = await upload(admin, { bytes: big, fieldName: undefined });
    expect(confirmed.status).toBe(201);

    const second = await presign(admin, { bytes: big });
    const stored = await putTo(second.body.data.presignedUrl, big, second.body.data.headers);
    expect(stored.status).toBe(200);
    const refused = await call(admin, 'POST', '/s3-upload/confirm-upload', {
      key: second.body.data.key,
      originalFileName: 'My Photo.png',
      fileSize: big.length,
      formType: 'student',
      fieldName: 'studentPhoto',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('File size must be less than 1MB');
    expect(await storage.head(second.body.data.key)).toBeNull();
    expect(await storage.head(key)).not.toBeNull();
  });

  it('deletes and refuses a file whose size is not the size given', async () => {
    const address = await presign(admin);
    const { key, presignedUrl, headers } = address.body.data;
    await putTo(presignedUrl, png, headers);
    const response = await call(admin, 'POST', '/s3-upload/confirm-upload', {
      key,
      originalFileName: 'My Photo.png',
      fileSize: png.length + 1,
      formType: 'student',
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(uploadMessages.sizeMismatch);
    expect(await storage.head(key)).toBeNull();
  });

  it('answers 404 for a key with nothing stored', async () => {
    const address = await presign(admin);
    const response = await call(admin, 'POST', '/s3-upload/confirm-upload', {
      key: address.body.data.key,
      originalFileName: 'My Photo.png',
      fileSize: png.length,
      formType: 'student',
    });
    expect(response.status).toBe(404);
    expect(response.body.message).toBe(uploadMessages.notUploaded);
  });

  it.each(['course/2026/01/x-a.png', '../../etc/passwd', 'student/x.png', 'student/2026/01/../../x.png'])(
    'refuses the key %j for a student upload',
    async (key) => {
      const response = await call(admin, 'POST', '/s3-upload/confirm-upload', {
        key,
        originalFileName: 'x.png',
        fileSize: 10,
        formType: 'student',
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(uploadMessages.invalidKey);
    },
  );
});

describe('GET /s3-upload/download-url', () => {
  it('gives an address that serves the file until it expires', async () => {
    const { key } = await upload(admin);
    const response = await call(admin, 'GET', `/s3-upload/download-url?key=${encodeURIComponent(key)}&expiresIn=300`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      message: 'Download address created',
      data: { url: expect.stringMatching(/^\/api\/v1\/storage\/objects\//), expiresIn: 300 },
    });
    const file = await api.request(response.body.data.url);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(png);
    expect(file.headers.get('Content-Disposition')).toBe('inline');

    clock.advance(301_000);
    expect((await api.request(response.body.data.url)).status).toBe(403);
  });

  it('names the download after the given file name, or the original one', async () => {
    const { key } = await upload(admin, { fileName: 'Asha photo.png' });
    const named = await call(admin, 'GET', `/s3-upload/download-url?key=${encodeURIComponent(key)}&download=true&filename=asha.png`);
    const file = await api.request(named.body.data.url);
    expect(file.headers.get('Content-Disposition')).toContain('attachment; filename="asha.png"');
    const original = await call(admin, 'GET', `/s3-upload/download-url?key=${encodeURIComponent(key)}&download=true`);
    expect((await api.request(original.body.data.url)).headers.get('Content-Disposition')).toContain('filename="Asha photo.png"');
  });

  it('caps the lifetime at an hour', async () => {
    const { key } = await upload(admin);
    const response = await call(admin, 'GET', `/s3-upload/download-url?key=${encodeURIComponent(key)}&expiresIn=999999`);
    expect(response.body.data.expiresIn).toBe(3600);
  });

  it('answers 404 for a key that was never confirmed', async () => {
    const address = await presign(admin);
    await putTo(address.body.data.presignedUrl, png, address.body.data.headers);
    const response = await call(admin, 'GET', `/s3-upload/download-url?key=${encodeURIComponent(address.body.data.key)}`);
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('File not found');
  });

  it('lets branch staff read their own branch’s files only', async () => {
    const { key } = await upload(northStaff);
    const path = `/s3-upload/download-url?key=${encodeURIComponent(key)}`;
    expect((await call(northStaff, 'GET', path)).status).toBe(200);
    expect((await call(admin, 'GET', path)).status).toBe(200);
    const other = await call(southStaff, 'GET', path);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('File not found');

    const confirmAgain = await call(southStaff, 'POST', '/s3-upload/confirm-upload', {
      key,
      originalFileName: 'x.png',
      fileSize: png.length,
      formType: 'student',
    });
    expect(confirmAgain.status).toBe(404);
  });
});
