import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { importMessages } from '../../../common/contracts/imports';
import { invalid } from '../errors';

/**
 * The rows of an uploaded spreadsheet, CSV or Excel, read as they come: a file of 100,000 rows is
 * never held as rows, only as its bytes (20 MB at most).
 */

/** What a cell holds as its file gives it: Excel keeps numbers, dates and yes/no apart from text. */
export type Cell = string | number | boolean | Date | null;

export interface SheetRow {
  /** The row's number as a spreadsheet shows it: the headings are row 1. */
  number: number;
  cells: Cell[];
}

const unreadable = () => invalid(importMessages.unreadable, { file: [importMessages.unreadable] });
const otherEncoding = () => invalid(importMessages.otherEncoding, { file: [importMessages.otherEncoding] });

const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/**
 * The file's text: UTF-8, with or without its byte-order mark, else Windows-1252, which Excel
 * writes a CSV in on Windows in India. UTF-16 (NUL bytes) and other encodings are refused rather
 * than read as mojibake.
 */
export function decodeText(bytes: Uint8Array): string {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff) || bytes.includes(0)) throw otherEncoding();
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(start));
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Excel saves a CSV with semicolons where a comma is the decimal mark: the first line's most frequent separator wins. */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((candidate) => [candidate, firstLine.split(candidate).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

/** Our own exports guard text a spreadsheet would take for a formula with an apostrophe; a file of ours comes back as it went. */
const unguarded = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

async function* csvRows(bytes: Uint8Array): AsyncGenerator<SheetRow> {
  const text = decodeText(bytes);
  const parser = Readable.from([text]).pipe(parse({ delimiter: delimiterOf(text), relax_column_count: true, relax_quotes: true }));
  let number = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      number += 1;
      yield { number, cells: record.map((value) => unguarded(value)) };
    }
  } catch (error) {
    if (error instanceof Error && 'code' in error && String(error.code).startsWith('CSV_')) throw unreadable();
    throw error;
  }
}

/** A cell as a value: a formula's last result, a rich text's or a link's text; an error is nothing. */
function excelCell(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return excelCell((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
  if ('text' in value) return typeof value.text === 'string' ? value.text : excelCell(value.text as ExcelJS.CellValue);
  return null;
}

async function* xlsxRows(bytes: Uint8Array): AsyncGenerator<SheetRow> {
  // Styles are read so that a number formatted as a date comes as a date.
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(bytes)]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  try {
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const values = (row.values as ExcelJS.CellValue[]).slice(1);
        yield { number: row.number, cells: Array.from(values, (value) => excelCell(value)) };
      }
      // The first sheet is the one imported.
      return;
    }
  } catch {
    // What exceljs cannot read is no workbook of ours to import, whatever it broke on.
    throw unreadable();
  }
}

const blank = (cell: Cell) => cell === null || (typeof cell === 'string' && cell.trim() === '');

/**
 * The file's rows that hold anything, with their numbers; the first is its headings. An `.xlsx`
 * is told by its bytes (a zip), not its name.
 */
export async function* sheetRows(bytes: Uint8Array): AsyncGenerator<SheetRow> {
  for await (const row of isZip(bytes) ? xlsxRows(bytes) : csvRows(bytes)) {
    if (!row.cells.every(blank)) yield row;
  }
}

/** A cell as text, where only text goes (the sample, the failed rows' file): dates year first. */
export function cellText(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  if (typeof cell === 'boolean') return cell ? 'Yes' : 'No';
  return String(cell);
}
