import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A PDF a test made, also left in the folder `KEEP_PDFS` names to be looked at as images
 * (`KEEP_PDFS=/tmp/pdfs npx vitest run …`, then `pdftoppm -png -r 60`); without it nothing is written.
 */
export async function keptPdf(name: string, pdf: Promise<Uint8Array>): Promise<Uint8Array> {
  const bytes = await pdf;
  const folder = process.env.KEEP_PDFS;
  if (folder) {
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, `${name}.pdf`), bytes);
  }
  return bytes;
}
