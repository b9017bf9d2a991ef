import { describe, expect, it } from 'vitest';
import {
  checkedFormatLayout,
  fillPlaceholders,
  formatField,
  layoutMessages,
  layoutProblems,
  sideSize,
  unknownPlaceholders,
  type FormatField,
  type FormatLayout,
} from './certificate-layout';

const field = (more: Partial<FormatField> & Pick<FormatField, 'id' | 'type'>): FormatField =>
  formatField.parse({ x: 10, y: 10, width: 50, height: 10, ...more });

const layout = (more: Partial<FormatLayout> = {}): FormatLayout => ({
  kind: 'certificate',
  pageSize: 'A4',
  orientation: 'landscape',
  background: { front: null, back: null },
  fields: [],
  ...more,
});

describe('unknownPlaceholders', () => {
  it('names the placeholders of a text that are not placeholders, spaces inside the braces allowed', () => {
    expect(unknownPlaceholders('{{studentName}} of {{ course }} won {{prize}} and {{medal}}')).toEqual(['prize', 'medal']);
  });

  it('names none in plain text, single braces or image fields', () => {
    expect(unknownPlaceholders('Awarded in {year} for merit')).toEqual([]);
    expect(unknownPlaceholders('{{photo}} {{qr}} {{text}}')).toEqual(['photo', 'qr', 'text']);
  });
});

describe('fillPlaceholders', () => {
  it('puts each value in place of its placeholder, as often as it appears', () => {
    expect(
      fillPlaceholders('{{studentName}} completed {{ course }}; well done, {{studentName}}', { studentName: 'Asha', course: 'Tally' }),
    ).toBe('Asha completed Tally; well done, Asha');
  });

  it('reads a placeholder without a value as nothing, and leaves other text alone', () => {
    expect(fillPlaceholders('Grade: {{grade}} {not one}', {})).toBe('Grade:  {not one}');
  });
});

describe('layoutProblems', () => {
  it('finds nothing in a layout that fits its page', () => {
    // 297 mm wide in landscape: a field reaching the edge exactly fits.
    expect(sideSize(layout())).toEqual({ width: 297, height: 210 });
    expect(layoutProblems(layout({ fields: [field({ id: 'a', type: 'studentName', x: 247, width: 50, y: 200 })] }))).toEqual([]);
  });

  it('finds a field off the page, which turning the page decides', () => {
    const wide = field({ id: 'a', type: 'course', x: 200, width: 60 });
    expect(layoutProblems(layout({ fields: [wide] }))).toEqual([]);
    expect(layoutProblems(layout({ orientation: 'portrait', fields: [wide] }))).toEqual([
      { path: ['fields', 0], message: layoutMessages.offPage('Course') },
    ]);
    expect(layoutProblems(layout({ fields: [field({ id: 'b', type: 'photo', y: 180, height: 40 })] }))).toEqual([
      { path: ['fields', 0], message: layoutMessages.offPage('Photo') },
    ]);
  });

  it('finds an unknown placeholder and an empty text', () => {
    const fields = [field({ id: 'a', type: 'text', text: 'For {{prize}}' }), field({ id: 'b', type: 'text', text: '  ' })];
    expect(layoutProblems(layout({ fields }))).toEqual([
      { path: ['fields', 0, 'text'], message: layoutMessages.unknownPlaceholder('prize') },
      { path: ['fields', 1, 'text'], message: layoutMessages.textRequired },
    ]);
  });

  it('finds a page size of the other kind, a back on a certificate and two fields of one id', () => {
    expect(layoutProblems(layout({ kind: 'idcard', pageSize: 'A4' }))).toEqual([
      { path: ['pageSize'], message: layoutMessages.sizeForKind },
    ]);
    expect(layoutProblems(layout({ pageSize: 'CR80', orientation: 'portrait' }))).toEqual([
      { path: ['pageSize'], message: layoutMessages.sizeForKind },
    ]);
    const back = layout({
      background: { front: null, back: 'certificateFormat/2026/07/x-back.png' },
      fields: [field({ id: 'a', type: 'qr', side: 'back' })],
    });
    expect(layoutProblems(back)).toEqual([
      { path: ['background', 'back'], message: layoutMessages.backBackgroundOnCertificate },
      { path: ['fields', 0, 'side'], message: layoutMessages.backOnCertificate },
    ]);
    expect(layoutProblems(layout({ fields: [field({ id: 'a', type: 'course' }), field({ id: 'a', type: 'grade' })] }))).toEqual([
      { path: ['fields', 1, 'id'], message: layoutMessages.fieldIdTwice('a') },
    ]);
  });

  it('lets an ID card use its back', () => {
    const card = layout({
      kind: 'idcard',
      pageSize: 'CR80',
      orientation: 'portrait',
      background: { front: null, back: 'certificateFormat/2026/07/x-back.png' },
      fields: [field({ id: 'a', type: 'bloodGroup', side: 'back', x: 2, width: 40 })],
    });
    expect(layoutProblems(card)).toEqual([]);
  });
});

describe('checkedFormatLayout', () => {
  it('gives each problem as an issue at its path', () => {
    const parsed = checkedFormatLayout.safeParse(layout({ fields: [field({ id: 'a', type: 'text', text: '{{prize}}', x: 290 })] }));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map(({ path, message }) => [path.join('.'), message])).toEqual([
      ['fields.0', layoutMessages.offPage('Text')],
      ['fields.0.text', layoutMessages.unknownPlaceholder('prize')],
    ]);
  });
});
