import { renderToBuffer, type DocumentProps } from '@react-pdf/renderer';
import QRCode from 'qrcode';
import type { ReactElement } from 'react';
import { registerFonts } from './fonts';

/** A document made from its React template, as PDF bytes. */
export async function renderPdf(document: ReactElement<DocumentProps>): Promise<Uint8Array> {
  registerFonts();
  return new Uint8Array(await renderToBuffer(document));
}

/** A QR code of an address as a PNG data URL, dark on white with its quiet zone, sized for print. */
export function qrImage(text: string): Promise<string> {
  return QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
}
