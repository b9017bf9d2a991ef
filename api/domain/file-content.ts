import { fileTypeFromBuffer } from 'file-type';
import { fileKinds, type FileKind } from '../../common/uploads/rules';

/** How much of a stored file is read to tell its real type. */
export const SNIFF_BYTES = 64 * 1024;

/** Whether the first bytes of a file are really of the (accepted) content type it was stored as. */
export async function contentMatchesType(contentType: string, start: Uint8Array): Promise<boolean> {
  const kind = Object.values(fileKinds).find((k) => k.contentType === contentType) as FileKind | undefined;
  if (!kind) return false;
  const detected = await fileTypeFromBuffer(start);
  if (kind === fileKinds.csv) return !detected && looksLikeText(start);
  if (kind.detected === null) return (!detected || detected.mime === 'application/xml') && looksLikeSvg(Buffer.from(start));
  return !!detected && kind.detected.includes(detected.mime);
}

/** Text in UTF-8 or a single-byte encoding: no NUL byte, which only binary files and UTF-16 hold. */
function looksLikeText(start: Uint8Array): boolean {
  return !start.includes(0);
}

function looksLikeSvg(start: Buffer): boolean {
  if (start.includes(0)) return false;
  const text = start.toString('utf8').replace(/^\uFEFF/, '');
  return /^\s*</.test(text) && /<svg[\s>]/i.test(text);
}
