import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { indiaWallClock } from '../../common/india-time';
import type { CellKind, CellValue, ExportTable } from './columns';

/**
 * Excel's own formats, so a cell stays a number or a date to sort and sum: rupees and counts in
 * the Indian grouping (12,34,567.00), dates day first.
 */
export const excelFormats: Partial<Record<CellKind, string>> = {
  money: '[>=10000000]##\\,##\\,##\\,##0.00;[>=100000]##\\,##\\,##0.00;##,##0.00',
  count: '[>=10000000]##\\,##\\,##\\,##0;[>=100000]##\\,##\\,##0;##,##0',
  date: 'dd/mm/yyyy',
  moment: 'dd/mm/yyyy hh:mm',
};

/** A cell's value as Excel keeps it. Text stays a text cell, which Excel never runs as a formula. */
function excelValue(kind: CellKind, value: CellValue): ExcelJS.CellValue {
  if (value === null || value === undefined || value === '') return null;
  switch (kind) {
    case 'money':
      return Number(value) / 100;
    case 'count':
    case 'number':
      return typeof value === 'number' ? value : String(value);
    case 'date':
      // A calendar day is midnight of that day: Excel's dates have no zone, and exceljs writes UTC.
      return typeof value === 'string' ? new Date(`${value.slice(0, 10)}T00:00:00Z`) : (value as Date);
    case 'moment':
      return indiaWallClock(value as Date | string);
    case 'yes-no':
      return value ? 'Yes' : 'No';
    default:
      return String(value);
  }
}

/**
 * A table as an Excel workbook of one sheet, its heading row bold and frozen, written a batch of
 * rows at a time: each batch is zipped and sent before the next is read, and a reader that falls
 * behind holds the next batch back.
 */
export function xlsxStream<Row>(table: ExportTable<Row>): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(table.sheet.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = table.columns.map((column, index) => ({
    header: column.header,
    key: String(index),
    width: column.width ?? Math.max(10, column.header.length + 2),
    style: excelFormats[column.kind ?? 'text'] ? { numFmt: excelFormats[column.kind ?? 'text'] } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  const write = async () => {
    for await (const batch of table.rows) {
      for (const row of batch) {
        sheet.addRow(table.columns.map((column) => excelValue(column.kind ?? 'text', column.value(row)))).commit();
      }
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}
