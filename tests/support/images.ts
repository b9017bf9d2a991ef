import { crc32, deflateSync } from 'node:zlib';

/** Images the tests upload and draw, made here so no test carries binary files. */

export type Rgba = readonly [number, number, number, number];

function chunk(type: string, data: Buffer) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

/** A PNG of a size, 8 bits a channel, each pixel's channels (RGB or RGBA, `channels` of them) from `pixel`. */
function encodedPng(width: number, height: number, channels: 3 | 4, pixel: (x: number, y: number) => readonly number[]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  // Bit depth 8; colour type 2 is truecolour, 6 truecolour with alpha.
  header.set([8, channels === 4 ? 6 : 2, 0, 0, 0], 8);
  const stride = 1 + width * channels;
  const rows = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) rows.set(pixel(x, y), y * stride + 1 + x * channels);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An RGBA PNG of a size, each pixel's colour from `paint`. */
export const paintedPng = (width: number, height: number, paint: (x: number, y: number) => Rgba) => encodedPng(width, height, 4, paint);

/** An RGB PNG of `size`×`size` pixels of noise, so it does not compress to nothing: about three bytes a pixel. */
export function noisePng(size: number): Buffer {
  let seed = 7;
  const next = () => {
    // In 32-bit arithmetic, and its high bits: a float product loses the low bits, and the low bits repeat soon.
    seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
    return seed >>> 23;
  };
  return encodedPng(size, size, 3, () => [next(), next(), next()]);
}

/** The PNG with its image data's zlib header overwritten, as a damaged upload would be: the PDF renderer throws on it where nothing catches. */
export function damagedPng(png: Buffer): Buffer {
  const bytes = Buffer.from(png);
  const data = bytes.indexOf('IDAT') + 4;
  bytes[data] = 0;
  bytes[data + 1] = 0;
  return bytes;
}

/** A 1×1 PNG whose pixels decode: the smallest image a PDF can draw. */
export const tinyPng = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da6364f8cf500f00038601805a347d6b0000000049454e44ae426082',
  'hex',
);
