import { getDocument, OPS, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** What each page of a PDF gives `read`, page by page. */
async function eachPage<T>(bytes: Uint8Array, read: (page: PDFPageProxy) => Promise<T>): Promise<T[]> {
  const document = await getDocument({ data: bytes.slice(), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: T[] = [];
  for (let number = 1; number <= document.numPages; number++) pages.push(await read(await document.getPage(number)));
  await document.destroy();
  return pages;
}

/**
 * The text of each page of a PDF with no white space at all: what a reader sees written, whatever
 * the spacing of its letters (a letter-spaced title comes out a letter at a time).
 */
export function pdfPages(bytes: Uint8Array): Promise<string[]> {
  return eachPage(bytes, async (page) =>
    (await page.getTextContent()).items
      .map((item) => ('str' in item ? item.str : ''))
      .join('')
      .replace(/\s+/g, ''),
  );
}

/** Text as pdfPages gives it, to look for in a page. */
export const unspaced = (text: string) => text.replace(/\s+/g, '');

/** How many images each page of a PDF draws (photos, logos, signatures, QR codes). */
export function pdfImageCounts(bytes: Uint8Array): Promise<number[]> {
  return eachPage(bytes, async (page) => {
    const { fnArray } = await page.getOperatorList();
    return fnArray.filter((op) => op === OPS.paintImageXObject || op === OPS.paintInlineImageXObject).length;
  });
}

/** Each page's MediaBox as width and height in points, to two places. */
export function pdfPageSizes(bytes: Uint8Array): Promise<Array<[number, number]>> {
  return eachPage(bytes, async (page) => {
    const [x1, y1, x2, y2] = page.view;
    return [Number((x2! - x1!).toFixed(2)), Number((y2! - y1!).toFixed(2))];
  });
}

/** Where across each page each piece of text has its middle, from the left edge. */
export function pdfTextCentres(bytes: Uint8Array): Promise<Array<Array<{ text: string; centre: number }>>> {
  return eachPage(bytes, async (page) =>
    (await page.getTextContent()).items.flatMap((item) =>
      'str' in item ? [{ text: item.str, centre: (item.transform[4] as number) + item.width / 2 }] : [],
    ),
  );
}
