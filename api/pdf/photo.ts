import type { ObjectStorage } from '../storage/object-storage';

/** Student photos are at most 1 MB (common/uploads/rules.ts). */
const PHOTO_BYTES = 1024 * 1024;

const isJpeg = (bytes: Buffer) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
const isPng = (bytes: Buffer) => bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

/**
 * A photo a PDF can show: a stored JPEG or PNG. Any other kind, a missing file or a store that
 * cannot be read gives none, and the document shows an empty photo box instead.
 */
export async function printablePhoto(storage: ObjectStorage, key: string | null): Promise<{ data: Buffer; format: 'jpg' | 'png' } | null> {
  if (!key) return null;
  const bytes = await storage.readStart(key, PHOTO_BYTES).catch(() => null);
  if (!bytes) return null;
  if (isJpeg(bytes)) return { data: bytes, format: 'jpg' };
  if (isPng(bytes)) return { data: bytes, format: 'png' };
  return null;
}
