/** A CSV answer's lines as the API writes them: without the byte-order mark, split at CRLF. */
export const csvLines = (body: unknown) =>
  (body as string)
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
