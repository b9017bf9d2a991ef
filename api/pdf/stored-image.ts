import { inflateSync } from 'node:zlib';
import { uploadRuleFor } from '../../common/uploads/rules';
import type { ObjectStorage } from '../storage/object-storage';
import type { PdfImage } from './parts';

/**
 * The largest image a document draws, as its upload rule allows it: a student's photo or signature,
 * a marksheet template's logo or signatures, a certificate or ID card format's background. Read
 * to less, a PNG's end would be cut off and it left out, a JPEG drawn cut short.
 */
const IMAGE_BYTES = Math.max(
  ...['studentPhoto', 'signature', 'templateLogo', 'templateSignature', 'certificateBackground', 'idcardBackground'].map(
    (field) => uploadRuleFor(field).maxBytes,
  ),
);

const isJpeg = (bytes: Buffer) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
const isPng = (bytes: Buffer) => bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

/**
 * Whether a PNG's chunks are whole and its image data inflates: the PDF renderer inflates it on
 * a stream of its own, where a damaged one throws out of reach and the document never finishes.
 */
export function intactPng(bytes: Buffer): boolean {
  const data: Buffer[] = [];
  let ended = false;
  for (let at = 8; at + 12 <= bytes.length && !ended;) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (at + 12 + length > bytes.length) return false;
    if (type === 'IDAT') data.push(bytes.subarray(at + 8, at + 8 + length));
    ended = type === 'IEND';
    at += 12 + length;
  }
  if (!ended || data.length === 0) return false;
  try {
    inflateSync(Buffer.concat(data));
    return true;
  } catch {
    return false;
  }
}

/** An image's bytes as a PDF draws them: a JPEG or a whole PNG; anything else gives none. */
export function printableBytes(bytes: Buffer | null): PdfImage | null {
  if (!bytes) return null;
  if (isJpeg(bytes)) return { data: bytes, format: 'jpg' };
  if (isPng(bytes)) return intactPng(bytes) ? { data: bytes, format: 'png' } : null;
  return null;
}

/**
 * A stored image a PDF can draw (a student's photo, a template's logo or signature): a JPEG or
 * PNG. Any other kind, a damaged PNG, a missing file or a store that cannot be read gives none, and the document
 * shows its place empty instead.
 */
export async function printableImage(storage: ObjectStorage, key: string | null): Promise<PdfImage | null> {
  return printableBytes(await storedImageBytes(storage, key));
}

/** A stored image's bytes, up to the largest an image rule allows; none when it is missing or the store cannot be read. */
export async function storedImageBytes(storage: ObjectStorage, key: string | null): Promise<Buffer | null> {
  if (!key) return null;
  return storage.readStart(key, IMAGE_BYTES).catch(() => null);
}
