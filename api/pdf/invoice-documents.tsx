import type { InvoiceView, PaymentView } from '../../common/contracts/invoices';
import { amountInWords } from '../../common/fees';
import type { CreditNote } from '../domain/invoices/credit-note';
import type { BillVerification, InstituteProfile } from './billing-parts';
import { CreditNoteDocument } from './credit-note';
import { InvoiceDocument } from './invoice';
import { ReceiptDocument } from './receipt';
import { qrImage, renderPdf } from './render';

export type { InstituteProfile } from './billing-parts';

/** The QR code of a bill's public page; without an address the bill goes out with no QR code. */
async function verificationOf(url: string | null, code: string | null): Promise<BillVerification | null> {
  return url ? { url, code, qr: await qrImage(url) } : null;
}

/** An invoice as an A4 PDF, its lines running onto further pages under the same table heading. */
export async function invoicePdf(input: {
  invoice: InvoiceView;
  institute: InstituteProfile;
  verifyUrl: string | null;
}): Promise<Uint8Array> {
  const { invoice, institute } = input;
  const verification = await verificationOf(input.verifyUrl, invoice.verificationCode);
  return renderPdf(<InvoiceDocument data={{ invoice, institute, verification }} />);
}

/** The credit note that reversed a cancelled invoice, as an A4 PDF: the invoice's lines and taxes, credited in full. */
export async function creditNotePdf(input: {
  invoice: InvoiceView;
  note: CreditNote;
  institute: InstituteProfile;
  verifyUrl: string | null;
}): Promise<Uint8Array> {
  const { invoice, note, institute } = input;
  const verification = await verificationOf(input.verifyUrl, note.code);
  return renderPdf(<CreditNoteDocument data={{ invoice, note, institute, verification }} />);
}

/** The receipt of one payment against an invoice, as an A4 PDF. */
export async function receiptPdf(input: {
  invoice: InvoiceView;
  payment: PaymentView;
  institute: InstituteProfile;
  verifyUrl: string | null;
}): Promise<Uint8Array> {
  const { invoice, payment, institute } = input;
  const verification = await verificationOf(input.verifyUrl, payment.verificationCode);
  return renderPdf(<ReceiptDocument data={{ invoice, payment, institute, verification, amountInWords: amountInWords(payment.amount) }} />);
}
