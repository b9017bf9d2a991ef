import { describe, expect, it } from 'vitest';
import { MB, uploadRuleFor } from '../../common/uploads/rules';
import { damagedPng, noisePng, paintedPng } from '../../tests/support/images';
import type { ObjectStorage } from '../storage/object-storage';
import { intactPng, printableImage } from './stored-image';

const png = () => paintedPng(40, 40, (x, y) => ((x + y) % 2 ? [30, 58, 95, 255] : [255, 255, 255, 255]));
const damaged = () => damagedPng(png());

/** A store holding one file, read as far as the reader asks. */
const storing = (bytes: Buffer) =>
  ({ readStart: async (_key: string, limit: number) => bytes.subarray(0, limit) }) as unknown as ObjectStorage;

describe('printableImage', () => {
  it('draws a whole PNG', async () => {
    const bytes = png();
    expect(intactPng(bytes)).toBe(true);
    expect(await printableImage(storing(bytes), 'uploads/logo.png')).toEqual({ data: bytes, format: 'png' });
  });

  it('leaves out a PNG whose image data does not inflate, or that was cut short', async () => {
    const bad = damaged();
    expect(intactPng(bad)).toBe(false);
    expect(await printableImage(storing(bad), 'uploads/logo.png')).toBeNull();
    const whole = png();
    const cut = whole.subarray(0, whole.length - 20);
    expect(intactPng(cut)).toBe(false);
    expect(await printableImage(storing(cut), 'uploads/logo.png')).toBeNull();
  });

  it('reads a certificate background as large as its upload allows whole, a PNG or a JPEG', async () => {
    const rule = uploadRuleFor('certificateBackground');
    const background = noisePng(800);
    expect(background.length).toBeGreaterThan(1.5 * MB);
    expect(background.length).toBeLessThanOrEqual(rule.maxBytes);
    const drawn = await printableImage(storing(background), 'uploads/background.png');
    expect(drawn?.format).toBe('png');
    expect(drawn?.data.equals(background)).toBe(true);
    // A JPEG's start is all that tells it, so one read short would be drawn cut off.
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(rule.maxBytes - 6, 0x55), Buffer.from([0xff, 0xd9])]);
    expect((await printableImage(storing(jpeg), 'uploads/background.jpg'))?.data.length).toBe(rule.maxBytes);
  });
});
