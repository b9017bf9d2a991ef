import { indiaWallClock, indianDay } from '../../common/india-time';
import { decimalRupees } from '../../common/money';

/**
 * What a cell holds, which decides how each format writes it: money is paise written as rupees,
 * a count is a whole number grouped the Indian way, a number is any number as it was typed, a
 * date is a calendar day (YYYY-MM-DD), a moment is an instant shown in India's time.
 */
export type CellKind = 'text' | 'count' | 'number' | 'money' | 'date' | 'moment' | 'yes-no';

export type CellValue = string | number | boolean | Date | null | undefined;

/** A column of an exported list: its heading, what it holds, and how to read it from a row. */
export interface ExportColumn<Row> {
  header: string;
  kind?: CellKind;
  value: (row: Row) => CellValue;
  /** Excel's width in characters; the heading's length (at least 10) otherwise. */
  width?: number;
}

/** A list as a file: the name it is saved under (no extension), its sheet's title, its columns and its rows, a batch at a time. */
export interface ExportTable<Row> {
  /** Today's date goes in the name, or the dates the list covers. */
  fileName: (today: string) => string;
  sheet: string;
  columns: readonly ExportColumn<Row>[];
  rows: AsyncIterable<readonly Row[]>;
}

/**
 * The text of a cell where the file has only text (CSV): rupees with two decimals, Yes or No, and
 * dates year first (2026-04-01, 2026-04-01 09:30:00 in India's time), which every spreadsheet
 * reads as the same day whatever its locale, where 01/04/2026 is April in India and January in
 * the United States.
 */
export function cellText(kind: CellKind, value: CellValue): string {
  if (value === null || value === undefined || value === '') return '';
  switch (kind) {
    case 'money':
      return decimalRupees(Number(value));
    case 'date':
      return typeof value === 'string' ? value.slice(0, 10) : indianDay(value as Date);
    case 'moment': {
      const wall = indiaWallClock(value as Date | string).toISOString();
      return `${wall.slice(0, 10)} ${wall.slice(11, 19)}`;
    }
    case 'yes-no':
      return value ? 'Yes' : 'No';
    default:
      return String(value);
  }
}

/** Fetches pages of `size` rows until one comes back short, so an export holds one page at a time. */
export async function* inPages<Row>(fetch: (offset: number, limit: number) => Promise<readonly Row[]>, size = 1_000) {
  for (let offset = 0; ; offset += size) {
    const rows = await fetch(offset, size);
    if (rows.length) yield rows;
    if (rows.length < size) return;
  }
}
