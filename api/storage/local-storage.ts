import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { link, mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Clock } from '../domain/clock';
import {
  assertSafeKey,
  contentDisposition,
  isSafeKey,
  mimeEssence,
  type ObjectInfo,
  type ObjectStorage,
  type PresignedPut,
  type PresignGetInput,
  type PresignPutInput,
  type PutObjectInput,
} from './object-storage';

/** Where this process serves the store's signed addresses (inside the /api/v1 app). */
export const LOCAL_OBJECTS_PATH = '/api/v1/storage/objects';

export interface LocalStorageOptions {
  /** The folder holding the objects; created on first write. */
  root: string;
  /** HMAC key of the addresses. Every process serving the same folder must share it. */
  secret: string | Uint8Array;
  clock: Clock;
  /** The origin browsers reach this server at (PUBLIC_URL); without it addresses are root-relative. */
  publicUrl?: string;
}

export const localStorageMessages = {
  invalidAddress: 'This address is not valid: it is incomplete or its signature does not match',
  expired: 'This address has expired. Ask for a new one.',
  invalidKey: 'Invalid storage key',
  exists: 'A file was already stored at this address',
  notFound: 'File not found',
  tooLarge: (size: number) => `File is larger than the ${size} bytes this address was issued for`,
  tooSmall: (size: number) => `File is smaller than the ${size} bytes this address was issued for`,
  wrongType: (type: string) => `Content-Type must be ${type}, the type this address was issued for`,
} as const;

type Verified = { ok: true; key: string; params: URLSearchParams } | { ok: false; status: 400 | 403 | 404; message: string };

/**
 * The built-in store: files under one folder, written and read through HMAC-signed, expiring
 * addresses that this same process serves. A PUT address binds the key, the exact size, the
 * content type and the expiry; a GET address binds the key, the expiry and how it is served.
 * Writes land in a temporary file and are published with a hard link, so a reader never sees a
 * partial file and a stored object is never replaced.
 */
export class LocalObjectStorage implements ObjectStorage {
  readonly kind = 'local' as const;
  readonly root: string;
  private readonly secret: Uint8Array;
  private readonly clock: Clock;
  private readonly base: string;

  constructor(options: LocalStorageOptions) {
    this.root = path.resolve(options.root);
    this.secret = typeof options.secret === 'string' ? new TextEncoder().encode(options.secret) : options.secret;
    this.clock = options.clock;
    this.base = `${(options.publicUrl ?? '').replace(/\/+$/, '')}${LOCAL_OBJECTS_PATH}`;
  }

  async presignPut({ key, contentType, size, expiresIn }: PresignPutInput): Promise<PresignedPut> {
    assertSafeKey(key);
    if (!Number.isSafeInteger(size) || size < 0) throw new RangeError('size must be a whole number of bytes');
    const type = mimeEssence(contentType);
    if (!type) throw new RangeError('contentType is required');
    const params = new URLSearchParams({ expires: String(this.expiryFor(expiresIn)), size: String(size), type });
    params.set('signature', this.sign('PUT', key, params));
    return { url: this.address(key, params), headers: { 'Content-Type': type }, requiresAclHeader: false };
  }

  async presignGet({ key, expiresIn, downloadName }: PresignGetInput): Promise<string> {
    assertSafeKey(key);
    const params = new URLSearchParams({ expires: String(this.expiryFor(expiresIn)) });
    if (downloadName !== undefined) params.set('download', downloadName);
    params.set('signature', this.sign('GET', key, params));
    return this.address(key, params);
  }

  async head(key: string): Promise<ObjectInfo | null> {
    const file = this.objectPath(key);
    let size: number;
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      size = info.size;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    return { size, contentType: (await this.readMeta(key))?.contentType ?? 'application/octet-stream' };
  }

  async readStart(key: string, bytes: number): Promise<Buffer> {
    const handle = await open(this.objectPath(key), 'r');
    try {
      const buffer = Buffer.alloc(bytes);
      const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.objectPath(key), { force: true });
    await rm(this.metaPath(key), { force: true });
  }

  /** Answers a PUT to a signed address: stores the body when it matches what was signed. */
  async receive(request: Request): Promise<Response> {
    const verified = this.verify(request, 'PUT');
    if (!verified.ok) return failure(verified.status, verified.message);
    const { key, params } = verified;
    const size = Number(params.get('size'));
    const type = params.get('type')!;

    if (mimeEssence(request.headers.get('Content-Type') ?? '') !== type) {
      return failure(400, localStorageMessages.wrongType(type));
    }
    const declared = request.headers.get('Content-Length');
    if (declared !== null) {
      if (!/^\d+$/.test(declared)) return failure(400, 'Invalid Content-Length');
      if (Number(declared) > size) return failure(413, localStorageMessages.tooLarge(size));
      if (Number(declared) < size) return failure(400, localStorageMessages.tooSmall(size));
    }
    const outcome = await this.publish(key, type, size, (temp) => writeAtMost(request.body, temp, size));
    switch (outcome) {
      case 'too-large':
        return failure(413, localStorageMessages.tooLarge(size));
      case 'too-small':
        return failure(400, localStorageMessages.tooSmall(size));
      case 'exists':
        return failure(409, localStorageMessages.exists);
      case 'ok':
        return Response.json({ success: true, message: 'File stored', data: { key, size } }, { status: 200 });
    }
  }

  async put({ key, contentType, body }: PutObjectInput): Promise<void> {
    assertSafeKey(key);
    const type = mimeEssence(contentType);
    if (!type) throw new RangeError('contentType is required');
    const outcome = await this.publish(key, type, body.byteLength, async (temp) => {
      const handle = await open(temp, 'wx', 0o600);
      try {
        await handle.writeFile(body);
        await handle.sync();
      } finally {
        await handle.close();
      }
      return 'ok';
    });
    if (outcome === 'exists') throw new Error(localStorageMessages.exists);
  }

  /**
   * Writes an object through a temporary file and publishes it with a hard link, so a reader
   * never sees half a file and a stored object is never replaced.
   */
  private async publish(
    key: string,
    type: string,
    size: number,
    write: (temp: string) => Promise<'ok' | 'too-large' | 'too-small'>,
  ): Promise<'ok' | 'too-large' | 'too-small' | 'exists'> {
    const target = this.objectPath(key);
    if (await exists(target)) return 'exists';

    const tempDir = path.join(this.root, '.tmp');
    await mkdir(tempDir, { recursive: true });
    const temp = path.join(tempDir, randomUUID());
    const metaTemp = `${temp}.json`;
    try {
      const outcome = await write(temp);
      if (outcome !== 'ok') return outcome;

      await writeFile(metaTemp, JSON.stringify({ contentType: type, size }), { mode: 0o600 });
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await link(temp, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return 'exists';
        throw error;
      }
      const meta = this.metaPath(key);
      await mkdir(path.dirname(meta), { recursive: true });
      await rename(metaTemp, meta);
      return 'ok';
    } finally {
      await rm(temp, { force: true });
      await rm(metaTemp, { force: true });
    }
  }

  /** Answers a GET of a signed address with the file. */
  async serve(request: Request): Promise<Response> {
    const verified = this.verify(request, 'GET');
    if (!verified.ok) return failure(verified.status, verified.message);
    const { key, params } = verified;
    let handle;
    try {
      handle = await open(this.objectPath(key), 'r');
    } catch (error) {
      if (isMissing(error)) return failure(404, localStorageMessages.notFound);
      throw error;
    }
    const { size } = await handle.stat();
    const meta = await this.readMeta(key);
    const downloadName = params.get('download');
    const remaining = Math.max(0, Number(params.get('expires')) - Math.floor(this.clock.now().getTime() / 1000));
    const headers = new Headers({
      'Content-Type': meta?.contentType ?? 'application/octet-stream',
      'Content-Length': String(size),
      'Cache-Control': `private, max-age=${remaining}`,
      'X-Content-Type-Options': 'nosniff',
      // Uploaded SVG or HTML must never run as a page of this origin.
      'Content-Security-Policy': "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
      'Cross-Origin-Resource-Policy': 'same-origin',
    });
    headers.set(
      'Content-Disposition',
      downloadName !== null ? contentDisposition('attachment', downloadName || key.split('/').pop()!) : 'inline',
    );
    if (request.method === 'HEAD') {
      await handle.close();
      return new Response(null, { status: 200, headers });
    }
    const body = Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>;
    return new Response(body, { status: 200, headers });
  }

  /** The key of a signed address, once its key, signature and expiry check out. */
  private verify(request: Request, method: 'PUT' | 'GET'): Verified {
    const url = new URL(request.url);
    const prefix = `${LOCAL_OBJECTS_PATH}/`;
    const at = url.pathname.indexOf(prefix);
    if (at < 0) return { ok: false, status: 404, message: localStorageMessages.notFound };
    let key: string;
    try {
      key = url.pathname
        .slice(at + prefix.length)
        .split('/')
        .map((segment) => decodeURIComponent(segment))
        .join('/');
    } catch {
      return { ok: false, status: 400, message: localStorageMessages.invalidKey };
    }
    if (!isSafeKey(key)) return { ok: false, status: 400, message: localStorageMessages.invalidKey };

    const params = url.searchParams;
    const expires = params.get('expires') ?? '';
    const signature = params.get('signature') ?? '';
    const complete =
      /^\d{1,12}$/.test(expires) &&
      /^[\w-]{43}$/.test(signature) &&
      (method === 'GET' || (/^\d{1,15}$/.test(params.get('size') ?? '') && !!params.get('type')));
    if (!complete || !this.matches(signature, this.sign(method, key, params))) {
      return { ok: false, status: 403, message: localStorageMessages.invalidAddress };
    }
    if (this.clock.now().getTime() > Number(expires) * 1000) {
      return { ok: false, status: 403, message: localStorageMessages.expired };
    }
    return { ok: true, key, params };
  }

  private sign(method: 'PUT' | 'GET', key: string, params: URLSearchParams): string {
    const bound =
      method === 'PUT'
        ? [params.get('size') ?? '', params.get('type') ?? '']
        : [params.has('download') ? 'attachment' : 'inline', params.get('download') ?? ''];
    const payload = ['v1', method, key, params.get('expires') ?? '', ...bound].join('\n');
    return createHmac('sha256', this.secret).update(payload).digest('base64url');
  }

  private matches(given: string, expected: string): boolean {
    const a = Buffer.from(given);
    const b = Buffer.from(expected);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  private expiryFor(expiresIn: number): number {
    if (!Number.isFinite(expiresIn) || expiresIn <= 0) throw new RangeError('expiresIn must be positive');
    return Math.floor(this.clock.now().getTime() / 1000) + Math.ceil(expiresIn);
  }

  private address(key: string, params: URLSearchParams): string {
    return `${this.base}/${key.split('/').map(encodeURIComponent).join('/')}?${params}`;
  }

  private objectPath(key: string): string {
    return this.inside(this.root, key, '');
  }

  private metaPath(key: string): string {
    return this.inside(path.join(this.root, '.meta'), key, '.json');
  }

  private inside(folder: string, key: string, suffix: string): string {
    assertSafeKey(key);
    const file = path.resolve(folder, ...key.split('/')) + suffix;
    // Safe keys cannot leave the folder; this check keeps it so if the key rules ever change.
    if (!file.startsWith(folder + path.sep)) throw new RangeError('key leaves the storage folder');
    return file;
  }

  private async readMeta(key: string): Promise<{ contentType: string; size: number } | null> {
    try {
      return JSON.parse(await readFile(this.metaPath(key), 'utf8'));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }
}

/**
 * Streams a body into a new file, stopping as soon as it passes `size` bytes (the rest is never
 * read). The file is flushed to disk before this returns 'ok'.
 */
async function writeAtMost(body: ReadableStream<Uint8Array> | null, file: string, size: number): Promise<'ok' | 'too-large' | 'too-small'> {
  const handle = await open(file, 'wx', 0o600);
  let received = 0;
  try {
    if (body) {
      const reader = body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        received += value.byteLength;
        if (received > size) {
          await reader.cancel().catch(() => {});
          return 'too-large';
        }
        await handle.write(value);
      }
    }
    if (received !== size) return 'too-small';
    await handle.sync();
    return 'ok';
  } finally {
    await handle.close();
  }
}

function failure(status: number, message: string): Response {
  return Response.json({ success: false, message }, { status });
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
