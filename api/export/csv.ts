import { cellText, type ExportTable } from './columns';

/**
 * A field of CSV. Text that a spreadsheet would take for a formula (it starts with = + - @, a tab
 * or a carriage return) gets a leading apostrophe, which spreadsheets show as text; a field with a
 * comma, a quote or a line break is quoted.
 */
export function csvField(text: string, { formulaSafe = false } = {}): string {
  const field = !formulaSafe && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
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
        .map((row) =>
          line(
            table.columns.map((column) => {
              const kind = column.kind ?? 'text';
              // Numbers and dates this code wrote itself cannot be formulas; only text that came in can.
              return csvField(cellText(kind, column.value(row)), { formulaSafe: kind !== 'text' });
            }),
          ),
        )
        .join('');
      controller.enqueue(encoder.encode(text));
    },
    async cancel() {
      await batches.return?.();
    },
  });
}
