import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { cellText, inPages, type ExportTable } from './columns';
import { csvField, csvStream } from './csv';
import { excelFormats, xlsxStream } from './xlsx';

interface Entry {
  when: string;
  branch: string;
  kind: string;
  amount: number;
  note: string;
  day: string | null;
  reversed: boolean;
}

const entry = (overrides: Partial<Entry> = {}): Entry => ({
  when: '2026-04-01T04:00:00.000Z',
  branch: 'North Campus',
  kind: 'Charge',
  amount: -5000,
  note: '',
  day: '2026-04-01',
  reversed: false,
  ...overrides,
});

async function* batches<Row>(...groups: Row[][]) {
  for (const group of groups) yield group;
}

const table = (...groups: Entry[][]): ExportTable<Entry> => ({
  fileName: (today) => `ledger-${today}`,
  sheet: 'Ledger',
  columns: [
    { header: 'Date (IST)', kind: 'moment', value: (e) => e.when },
    { header: 'Branch', value: (e) => e.branch },
    { header: 'Type', value: (e) => e.kind },
    { header: 'Amount (INR)', kind: 'money', value: (e) => e.amount },
    { header: 'Note', value: (e) => e.note },
    { header: 'Due date', kind: 'date', value: (e) => e.day },
    { header: 'Reversed', kind: 'yes-no', value: (e) => e.reversed },
  ],
  rows: batches(...groups),
});

const csvLines = async (stream: ReadableStream<Uint8Array>) => {
  // Read as the bytes came: Response.text() would drop the byte-order mark.
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
  expect(text.startsWith('\uFEFF')).toBe(true);
  return text.slice(1).split('\r\n');
};

describe('CSV', () => {
  it('quotes fields with commas, quotes and line breaks, and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=SUM(A1:A2)')).toBe("'=SUM(A1:A2)");
    expect(csvField('+91 98100')).toBe("'+91 98100");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField('\tx')).toBe("'\tx");
    expect(csvField('\rx')).toBe('"\'\rx"');
    expect(csvField('-50.00')).toBe('-50.00');
    expect(csvField('-5')).toBe('-5');
    expect(csvField('-1+2')).toBe("'-1+2");
    expect(csvField('-')).toBe("'-");
    expect(csvField('')).toBe('');
  });

  it('writes dates year first in India’s time, rupees exactly, and Yes or No', () => {
    expect(cellText('moment', '2026-04-01T04:00:00.000Z')).toBe('2026-04-01 09:30:00');
    expect(cellText('moment', '2026-03-31T18:30:00.000Z')).toBe('2026-04-01 00:00:00');
    expect(cellText('date', '2026-04-01')).toBe('2026-04-01');
    expect(cellText('money', -5000)).toBe('-50.00');
    expect(cellText('money', 9_007_199_254_740_991)).toBe('90071992547409.91');
    expect(cellText('yes-no', true)).toBe('Yes');
    expect(cellText('text', null)).toBe('');
  });

  it('writes the header, then a line per row of every batch, defusing formulas but not negative amounts', async () => {
    const lines = await csvLines(
      csvStream(
        table(
          [entry(), entry({ kind: 'Top-up', amount: 150050, note: 'Top-up "April", cash', day: null, reversed: true })],
          [entry({ branch: '=HYPERLINK("x")', note: '-1+2' })],
        ),
      ),
    );
    expect(lines).toEqual([
      'Date (IST),Branch,Type,Amount (INR),Note,Due date,Reversed',
      '2026-04-01 09:30:00,North Campus,Charge,-50.00,,2026-04-01,No',
      '2026-04-01 09:30:00,North Campus,Top-up,1500.50,"Top-up ""April"", cash",,Yes',
      `2026-04-01 09:30:00,"'=HYPERLINK(""x"")",Charge,-50.00,'-1+2,2026-04-01,No`,
      '',
    ]);
  });

  it('is only a header for a list with nothing in it', async () => {
    expect(await csvLines(csvStream(table()))).toEqual(['Date (IST),Branch,Type,Amount (INR),Note,Due date,Reversed', '']);
  });

  it('reads no further batch than its reader asks for, and lets them go when the reader stops', async () => {
    let read = 0;
    let released = false;
    async function* counted() {
      try {
        for (let i = 0; i < 100; i++) {
          read++;
          yield [entry()];
        }
      } finally {
        released = true;
      }
    }
    const reader = csvStream({ ...table(), rows: counted() }).getReader();
    await reader.read();
    await reader.read();
    expect(read).toBeLessThan(5);
    await reader.cancel();
    expect(released).toBe(true);
  });
});

describe('pages', () => {
  it('reads a page after another until one comes back short', async () => {
    const asked: Array<[number, number]> = [];
    const rows = Array.from({ length: 25 }, (_, i) => i);
    const pages: number[][] = [];
    for await (const page of inPages(async (offset, limit) => {
      asked.push([offset, limit]);
      return rows.slice(offset, offset + limit);
    }, 10)) {
      pages.push([...page]);
    }
    expect(asked).toEqual([
      [0, 10],
      [10, 10],
      [20, 10],
    ]);
    expect(pages.flat()).toEqual(rows);
  });

  it('asks once more after a full last page, and yields no empty batch', async () => {
    const pages: number[][] = [];
    for await (const page of inPages(async (offset) => (offset === 0 ? [1, 2] : []), 2)) pages.push([...page]);
    expect(pages).toEqual([[1, 2]]);
  });
});

describe('Excel', () => {
  it('keeps numbers, dates and text as Excel cells in Indian formats, text never a formula', async () => {
    const bytes = await new Response(
      xlsxStream(table([entry({ amount: 123456789, note: '=SUM(A1:A2)' })], [entry({ day: null, reversed: true })])),
    ).arrayBuffer();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes);
    const sheet = workbook.getWorksheet('Ledger')!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Date (IST)', 'Branch', 'Type', 'Amount (INR)', 'Note', 'Due date', 'Reversed']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });

    const first = sheet.getRow(2);
    // Nine thirty in India, as a date and time without a zone.
    expect(first.getCell(1).value).toEqual(new Date('2026-04-01T09:30:00.000Z'));
    expect(first.getCell(1).numFmt).toBe(excelFormats.moment);
    expect(first.getCell(4).value).toBe(1234567.89);
    // exceljs reads a format back without the backslashes that make its commas literal.
    const unescaped = (format: string | undefined) => format?.replaceAll('\\', '');
    expect(first.getCell(4).numFmt).toBe(unescaped(excelFormats.money));
    expect(first.getCell(5).value).toBe('=SUM(A1:A2)');
    expect(first.getCell(5).type).toBe(ExcelJS.ValueType.String);
    expect(first.getCell(6).value).toEqual(new Date('2026-04-01T00:00:00.000Z'));
    expect(first.getCell(6).numFmt).toBe('dd/mm/yyyy');
    expect(first.getCell(7).value).toBe('No');

    const second = sheet.getRow(3);
    expect(second.getCell(4).value).toBe(-50);
    expect(second.getCell(6).value).toBeNull();
    expect(second.getCell(7).value).toBe('Yes');
  });

  it('groups rupees the Indian way: lakhs and crores', () => {
    // Excel's conditional sections: from a crore, from a lakh, and below.
    expect(excelFormats.money).toBe('[>=10000000]##\\,##\\,##\\,##0.00;[>=100000]##\\,##\\,##0.00;##,##0.00');
  });
});
