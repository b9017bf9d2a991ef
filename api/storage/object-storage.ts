/**
 * Where uploaded files live. Browsers send the bytes straight to storage through a short-lived
 * signed address, so the API mostly hands out addresses and inspects what arrived; only a file
 * posted with a form (multipart) is written by the API itself. Two drivers: the built-in store
 * under DATA_DIR/uploads and any S3-compatible service.
 */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /** An address that accepts one PUT of exactly `size` bytes of `contentType` until it expires. */
  presignPut(input: PresignPutInput): Promise<PresignedPut>;
  /** An address that reads the object until it expires; with a name, browsers save it under it. */
  presignGet(input: PresignGetInput): Promise<string>;
  /** Stores an object the API holds in memory (a file posted with a form). */
  put(input: PutObjectInput): Promise<void>;
  /** The stored object's real size and content type, or null when there is none. */
  head(key: string): Promise<ObjectInfo | null>;
  /** Up to `bytes` bytes from the start of the object (fewer when it is shorter). */
  readStart(key: string, bytes: number): Promise<Buffer>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
}

export interface PresignPutInput {
  key: string;
  contentType: string;
  size: number;
  /** Seconds. */
  expiresIn: number;
}

export interface PutObjectInput {
  key: string;
  contentType: string;
  body: Uint8Array;
}

export interface PresignedPut {
  url: string;
  /** Headers the PUT must carry, exactly as given. */
  headers: Record<string, string>;
  /** True when the PUT must also send `x-amz-acl: public-read`; neither driver asks for it. */
  requiresAclHeader: boolean;
}

export interface PresignGetInput {
  key: string;
  /** Seconds. */
  expiresIn: number;
  downloadName?: string;
}

export interface ObjectInfo {
  size: number;
  contentType: string;
}

export class UnsafeKeyError extends Error {
  override name = 'UnsafeKeyError';
  constructor(key: string) {
    super(`Unsafe storage key: ${JSON.stringify(key.slice(0, 200))}`);
  }
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
export const MAX_KEY_LENGTH = 512;

/**
 * A key is a relative path of plain segments: letters, digits, dot, dash and underscore, never
 * starting with a dot. That rules out `..`, absolute paths, backslashes, NUL, percent-escapes and
 * hidden names, so a key can never leave the storage folder (nor reach the store's own
 * dot-folders).
 */
export function isSafeKey(key: unknown): key is string {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment));
}

export function assertSafeKey(key: unknown): asserts key is string {
  if (!isSafeKey(key)) throw new UnsafeKeyError(String(key));
}

/**
 * A file name reduced to what a key segment allows, keeping its extension: accents dropped,
 * everything else turned into dashes, at most 100 characters.
 */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const ascii = base.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const dot = ascii.lastIndexOf('.');
  const clean = (part: string) =>
    part
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/-{2,}/g, '-')
      .replace(/\.{2,}/g, '.')
      .replace(/^[._-]+|[._-]+$/g, '');
  const stem = clean(dot > 0 ? ascii.slice(0, dot) : ascii);
  const extension =
    dot > 0
      ? clean(ascii.slice(dot + 1))
          .replace(/\./g, '')
          .slice(0, 10)
          .toLowerCase()
      : '';
  const kept = (stem || 'file').slice(0, 100 - (extension ? extension.length + 1 : 0)).replace(/[._-]+$/, '');
  return extension ? `${kept || 'file'}.${extension}` : kept || 'file';
}

/** A Content-Disposition value that survives any file name: ASCII fallback plus RFC 5987 form. */
export function contentDisposition(kind: 'attachment' | 'inline', fileName: string): string {
  // encodeURIComponent throws on half a surrogate pair: replace strays, cut by code point.
  const wellFormed = fileName.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
  const name = Array.from(wellFormed).slice(0, 200);
  const fallback = name.map((c) => (/^[\x20-\x7e]$/.test(c) && c !== '"' && c !== '\\' ? c : '_')).join('');
  const encoded = encodeURIComponent(name.join('')).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback || 'download'}"; filename*=UTF-8''${encoded}`;
}

/** The media type without parameters, lower-cased: `Image/PNG; q=1` → `image/png`. */
export function mimeEssence(value: string): string {
  return (value.split(';')[0] ?? '').trim().toLowerCase();
}
