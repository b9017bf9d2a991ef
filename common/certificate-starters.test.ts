import { describe, expect, it } from 'vitest';
import { fieldTypeLabels, formatLayout, layoutProblems, sideSize, type FormatLayout } from './certificate-layout';
import { starterLayout } from './certificate-starters';

const pages: Array<[FormatLayout['kind'], FormatLayout['pageSize'], FormatLayout['orientation']]> = [
  ['certificate', 'A4', 'landscape'],
  ['certificate', 'A4', 'portrait'],
  ['certificate', 'Letter', 'landscape'],
  ['certificate', 'Letter', 'portrait'],
  ['idcard', 'CR80', 'portrait'],
  ['idcard', 'CR80', 'landscape'],
];

describe('starterLayout', () => {
  it.each(pages)('a new %s on %s %s is a layout a save accepts, every field on its page', (kind, pageSize, orientation) => {
    const layout = starterLayout(kind, pageSize, orientation);
    expect(formatLayout.parse(layout)).toEqual(layout);
    expect(layoutProblems(layout)).toEqual([]);
    const { width, height } = sideSize(layout);
    for (const field of layout.fields) {
      expect(field.x, fieldTypeLabels[field.type]).toBeGreaterThanOrEqual(0);
      expect(field.x + field.width).toBeLessThanOrEqual(width);
      expect(field.y + field.height).toBeLessThanOrEqual(height);
    }
  });

  it('names the holder, the course, the number, the QR code and the signature on a certificate, and a card’s photo on its front', () => {
    const certificate = starterLayout('certificate', 'A4', 'landscape').fields.map((field) => field.type);
    expect(certificate).toEqual(expect.arrayContaining(['studentName', 'course', 'qr', 'signature']));
    expect(starterLayout('certificate', 'A4', 'landscape').fields.some((field) => field.text.includes('{{documentNumber}}'))).toBe(true);
    const card = starterLayout('idcard', 'CR80', 'portrait').fields;
    expect(card.find((field) => field.type === 'photo')?.side).toBe('front');
    expect(card.some((field) => field.side === 'back')).toBe(true);
  });
});
