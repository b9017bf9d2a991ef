import { cellText, type ExportTable } from './columns';

/**
 * A field of CSV. Text that a spreadsheet would take for a formula (it starts with = + - @, a tab
 * or a carriage return, and is not simply a negative number) gets a leading apostrophe, which
 * spreadsheets show as text; a field with a comma, a quote or a line break is quoted.
 */
export function csvField(text: string): string {
  const formula = /^[=+\-@\t\r]/.test(text) && !/^-\d+(\.\d+)?$/.test(text);
  const field = formula ? `'${text}` : text;
  return /[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field;
}

/**
 * A table as CSV in UTF-8 with a byte-order mark (so spreadsheets read Devanagari and ₹ right),
 * lines ending CRLF, made a batch of rows at a time as the reader takes them.
 */
export function csvStream<Row>(table: ExportTable<Row>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const batches = table.rows[Symbol.asyncIterator]();
  const line = (fields: string[]) => `${fields.join(',')}\r\n`;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${line(table.columns.map((column) => csvField(column.header)))}`));
    },
    async pull(controller) {
      const next = await batches.next();
      if (next.done) return controller.close();
      const text = next.value
        .map((row) => line(table.columns.map((column) => csvField(cellText(column.kind ?? 'text', column.value(row))))))
        .join('');
      controller.enqueue(encoder.encode(text));
    },
    async cancel() {
      await batches.return?.();
    },
  });
}
