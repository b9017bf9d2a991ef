import type { ObjectStorage } from '../storage/object-storage';
import type { PdfImage } from './parts';

/** The largest image a document draws: a student's photo (1 MB, common/uploads/rules.ts); a template's images are smaller. */
const IMAGE_BYTES = 1024 * 1024;

const isJpeg = (bytes: Buffer) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
const isPng = (bytes: Buffer) => bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

/**
 * A stored image a PDF can draw (a student's photo, a template's logo or signature): a JPEG or
 * PNG. Any other kind, a missing file or a store that cannot be read gives none, and the document
 * shows its place empty instead.
 */
export async function printableImage(storage: ObjectStorage, key: string | null): Promise<PdfImage | null> {
  if (!key) return null;
  const bytes = await storage.readStart(key, IMAGE_BYTES).catch(() => null);
  if (!bytes) return null;
  if (isJpeg(bytes)) return { data: bytes, format: 'jpg' };
  if (isPng(bytes)) return { data: bytes, format: 'png' };
  return null;
}
