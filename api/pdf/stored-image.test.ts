import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import type { ObjectStorage } from '../storage/object-storage';
import { intactPng, printableImage } from './stored-image';

const png = async () => Buffer.from((await QRCode.toDataURL('https://institute.example/verify/ABC')).split(',')[1]!, 'base64');

/** The PNG with its image data's zlib header overwritten: the renderer throws on it where nothing catches. */
async function damaged() {
  const bytes = await png();
  const idat = bytes.indexOf('IDAT');
  bytes[idat + 4] = 0;
  bytes[idat + 5] = 0;
  return bytes;
}

const storing = (bytes: Buffer) => ({ readStart: async () => bytes }) as unknown as ObjectStorage;

describe('printableImage', () => {
  it('draws a whole PNG', async () => {
    const bytes = await png();
    expect(intactPng(bytes)).toBe(true);
    expect(await printableImage(storing(bytes), 'uploads/logo.png')).toEqual({ data: bytes, format: 'png' });
  });

  it('leaves out a PNG whose image data does not inflate, or that was cut short', async () => {
    const bad = await damaged();
    expect(intactPng(bad)).toBe(false);
    expect(await printableImage(storing(bad), 'uploads/logo.png')).toBeNull();
    const whole = await png();
    const cut = whole.subarray(0, whole.length - 20);
    expect(intactPng(cut)).toBe(false);
    expect(await printableImage(storing(cut), 'uploads/logo.png')).toBeNull();
  });
});
