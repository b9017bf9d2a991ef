import type { Sharp, SharpOptions } from 'sharp';
import { uploadMessages } from '../../common/uploads/rules';
import type { ObjectStorage } from '../storage/object-storage';

/**
 * The most pixels an image may have: a 24-megapixel camera's photo passes, a small file that
 * decodes to a huge picture (a flat PNG of 20,000 pixels square) does not. A decoded row of the
 * widest copy is what memory holds; the limit keeps a PNG's full decode within tens of MB.
 */
export const MAX_IMAGE_PIXELS = 25_000_000;
export const WEB_COPY_TYPE = 'image/webp';
/** WebP at this quality looks like the photo at a third of a JPEG's bytes; effort 2 of 6 keeps a 2 MB photo near half a second. */
const WEBP = { quality: 78, effort: 2 } as const;
/** A pipeline that runs longer than this is a broken or hostile file, not a photo. */
const PIPELINE_SECONDS = 20;

/** An image's size as a page shows it (turned upright by its EXIF orientation) and the widths of its stored copies. */
export interface ImageSizes {
  width: number;
  height: number;
  webCopies: number[];
}

export type WebCopies = { kind: 'made'; image: ImageSizes } | { kind: 'refused'; message: string };

/**
 * Where the copy of an upload at a width is stored. Six segments under a folder of its own: no
 * upload key (`<formType>/<yyyy>/<mm>/<name>`) has this shape, so no upload is confirmed at it.
 */
export const webCopyKey = (key: string, width: number) => `web-copies/${key}/${width}.webp`;

/**
 * The widths an image of `width` pixels is copied at, narrowest first: each wanted width narrower
 * than it, and its own width unless it is wider than every wanted one. No copy is upscaled, and an
 * image narrower than the widest wanted still has a copy as sharp as itself.
 */
export function copyWidths(width: number, wanted: readonly number[]): number[] {
  const below = [...new Set(wanted)].filter((each) => each < width).sort((a, b) => a - b);
  return width <= Math.max(...wanted) ? [...below, width] : below;
}

type SharpFactory = typeof import('sharp');
let loaded: Promise<SharpFactory> | null = null;

/**
 * sharp (libvips) is loaded on first use, about 20 MB of a process that never copies an image
 * otherwise. One thread, no cache of operations: an image is read once, and the host's memory is
 * shared with the database and the renderer.
 */
function loadSharp(): Promise<SharpFactory> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}

let line: Promise<unknown> = Promise.resolve();

/** One image at a time in a process: two at once would double the memory and finish no sooner on two cores. */
function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const turn = line.then(work, work);
  line = turn.catch(() => undefined);
  return turn;
}

/**
 * Reads an image and stores its WebP copies at the widths `copyWidths` gives: decoded once, turned
 * upright, its metadata (EXIF, a phone's location among it) left out of the copies. A file that
 * cannot be read as an image, or is one cut short, is refused with the upload rule's message, as
 * is one of more than MAX_IMAGE_PIXELS. A copy already stored (a retried confirm) is kept.
 */
export function makeWebCopies(storage: ObjectStorage, key: string, bytes: Uint8Array, wanted: readonly number[]): Promise<WebCopies> {
  return inTurn(async () => {
    const sharp = await loadSharp();
    const options: SharpOptions = { failOn: 'truncated', limitInputPixels: MAX_IMAGE_PIXELS };
    const read = (input: Uint8Array | Buffer, more: SharpOptions = {}): Sharp =>
      sharp(input, { ...options, ...more }).timeout({ seconds: PIPELINE_SECONDS });

    let upright: { width: number; height: number };
    try {
      // The header alone, read without the limit, to tell a huge image from a damaged one.
      const metadata = await read(bytes, { limitInputPixels: false }).metadata();
      upright = metadata.autoOrient;
    } catch {
      return { kind: 'refused', message: uploadMessages.unreadableImage };
    }
    if (upright.width * upright.height > MAX_IMAGE_PIXELS) {
      return { kind: 'refused', message: uploadMessages.tooManyPixels(MAX_IMAGE_PIXELS / 1_000_000) };
    }
    const widths = copyWidths(upright.width, wanted);

    let widest: { data: Buffer; info: { width: number; height: number; channels: 1 | 2 | 3 | 4 } };
    try {
      widest = await read(bytes)
        .autoOrient()
        .resize({ width: widths.at(-1)! })
        .raw({ depth: 'uchar' })
        .toBuffer({ resolveWithObject: true });
    } catch {
      return { kind: 'refused', message: uploadMessages.unreadableImage };
    }
    const { width, height, channels } = widest.info;
    for (const copyWidth of widths) {
      const copyKey = webCopyKey(key, copyWidth);
      if (await storage.head(copyKey)) continue;
      let copy = read(widest.data, { raw: { width, height, channels } });
      if (copyWidth !== width) copy = copy.resize({ width: copyWidth });
      await storage.put({ key: copyKey, contentType: WEB_COPY_TYPE, body: await copy.webp(WEBP).toBuffer() });
    }
    return { kind: 'made', image: { width: upright.width, height: upright.height, webCopies: widths } };
  });
}

/** Removes an upload's copies (a refused upload's, made before it was refused). */
export async function deleteWebCopies(storage: ObjectStorage, key: string, widths: readonly number[]): Promise<void> {
  await Promise.all(widths.map((width) => storage.delete(webCopyKey(key, width))));
}
