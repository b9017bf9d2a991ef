import { PDFDocument } from 'pdf-lib';

/**
 * One PDF made of many, a part at a time: each part's pages are copied in as it comes and its
 * bytes let go, so a whole sitting is never laid out at once (the layout of a page costs many
 * times its bytes).
 */
export async function pdfJoiner() {
  const joined = await PDFDocument.create();
  return {
    async add(part: Uint8Array) {
      const source = await PDFDocument.load(part);
      for (const page of await joined.copyPages(source, source.getPageIndices())) joined.addPage(page);
    },
    pages: () => joined.getPageCount(),
    bytes: () => joined.save(),
  };
}
