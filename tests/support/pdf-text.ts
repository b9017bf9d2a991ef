import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text of each page of a PDF with no white space at all: what a reader sees written, whatever
 * the spacing of its letters (a letter-spaced title comes out a letter at a time).
 */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const document = await getDocument({ data: bytes.slice(), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join('')
        .replace(/\s+/g, ''),
    );
  }
  await document.destroy();
  return pages;
}

/** Text as pdfPages gives it, to look for in a page. */
export const unspaced = (text: string) => text.replace(/\s+/g, '');

/** How many images each page of a PDF draws (photos, logos, signatures, QR codes). */
export async function pdfImageCounts(bytes: Uint8Array): Promise<number[]> {
  const document = await getDocument({ data: bytes.slice(), useSystemFonts: false, isEvalSupported: false }).promise;
  const counts: number[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const { fnArray } = await (await document.getPage(number)).getOperatorList();
    counts.push(fnArray.filter((op) => op === OPS.paintImageXObject || op === OPS.paintInlineImageXObject).length);
  }
  await document.destroy();
  return counts;
}
