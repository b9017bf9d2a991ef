import { rm } from 'node:fs/promises';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { uploadMessages } from '../../common/uploads/rules';
import { damagedPng, paintedPng } from '../../tests/support/images';
import { testClock } from '../../tests/support/test-database';
import { temporaryObjectStorage } from '../storage';
import type { LocalObjectStorage } from '../storage/local-storage';
import { copyWidths, makeWebCopies, MAX_IMAGE_PIXELS, WEB_COPY_TYPE, webCopyKey } from './web-copies';

const wanted = [160, 480, 960, 1600];
const key = 'siteContent/2026/12/0b7e2c9a-7f43-4c1e-9d0e-5a1f2b3c4d5e-photo.jpg';
let storage: LocalObjectStorage;

beforeEach(() => {
  storage = temporaryObjectStorage(testClock('2026-12-06T09:00:00.000Z'));
});
afterEach(() => rm(storage.root, { recursive: true, force: true }));

/** A photo-like JPEG: a gradient, so that it neither compresses to nothing nor takes long to make. */
const photo = (width: number, height: number, orientation?: number) => {
  const image = sharp(paintedPng(width, height, (x, y) => [(x * 255) / width, (y * 255) / height, 128, 255])).jpeg({ quality: 85 });
  return (orientation ? image.withMetadata({ orientation }) : image).toBuffer();
};

const stored = async (width: number) => {
  const copy = webCopyKey(key, width);
  const info = await storage.head(copy);
  return info && { info, metadata: await sharp(await storage.readStart(copy, info.size)).metadata() };
};

describe('copyWidths', () => {
  it('copies at each wanted width below the image’s own and never upscales', () => {
    expect(copyWidths(4000, wanted)).toEqual([160, 480, 960, 1600]);
    expect(copyWidths(1600, wanted)).toEqual([160, 480, 960, 1600]);
    expect(copyWidths(1000, wanted)).toEqual([160, 480, 960, 1000]);
    expect(copyWidths(480, wanted)).toEqual([160, 480]);
    expect(copyWidths(100, wanted)).toEqual([100]);
  });
});

describe('makeWebCopies', () => {
  it('stores a WebP copy at each width, as tall as the image’s shape makes it, with the image’s own size', async () => {
    const made = await makeWebCopies(storage, key, await photo(1200, 800), wanted);
    expect(made).toEqual({ kind: 'made', image: { width: 1200, height: 800, webCopies: [160, 480, 960, 1200] } });
    for (const [width, height] of [
      [160, 107],
      [480, 320],
      [960, 640],
      [1200, 800],
    ] as const) {
      const copy = await stored(width);
      expect(copy?.info.contentType).toBe(WEB_COPY_TYPE);
      expect(copy?.metadata).toMatchObject({ format: 'webp', width, height });
      expect(copy?.metadata.exif).toBeUndefined();
    }
    expect(await stored(1600)).toBeNull();
  });

  it('turns a photo upright by its EXIF orientation, in its size and its copies', async () => {
    const made = await makeWebCopies(storage, key, await photo(800, 600, 6), wanted);
    expect(made).toEqual({ kind: 'made', image: { width: 600, height: 800, webCopies: [160, 480, 600] } });
    expect((await stored(480))?.metadata).toMatchObject({ width: 480, height: 640 });
  });

  it('keeps a copy already stored, as a confirm that is tried again finds it', async () => {
    const bytes = await photo(500, 300);
    await makeWebCopies(storage, key, bytes, wanted);
    expect(await makeWebCopies(storage, key, bytes, wanted)).toMatchObject({ kind: 'made' });
  });

  it('refuses a damaged image, one cut short and one of too many pixels, storing nothing', async () => {
    const whole = await photo(600, 400);
    const huge = await sharp({ create: { width: 6000, height: 5000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(await makeWebCopies(storage, key, damagedPng(paintedPng(40, 30, () => [1, 2, 3, 255])), wanted)).toEqual({
      kind: 'refused',
      message: uploadMessages.unreadableImage,
    });
    expect(await makeWebCopies(storage, key, whole.subarray(0, whole.length / 2), wanted)).toEqual({
      kind: 'refused',
      message: uploadMessages.unreadableImage,
    });
    expect(await makeWebCopies(storage, key, Buffer.from('not an image at all'), wanted)).toEqual({
      kind: 'refused',
      message: uploadMessages.unreadableImage,
    });
    expect(await makeWebCopies(storage, key, huge, wanted)).toEqual({
      kind: 'refused',
      message: uploadMessages.tooManyPixels(MAX_IMAGE_PIXELS / 1_000_000),
    });
    for (const width of wanted) expect(await stored(width)).toBeNull();
  });
});
