import { invoiceMessages, type InvoiceView } from '../../../common/contracts/invoices';
import { indianDay } from '../../../common/india-time';
import { missing } from '../errors';
import type { InvoiceCancelled } from './events';

/** The credit note that reversed a cancelled invoice in full, as its paper prints it. */
export interface CreditNote {
  number: string;
  /**
   * The day the invoice was cancelled, in India: the day its number's financial year was taken
   * from and the day the public verification page gives for it.
   */
  date: string;
  reason: string;
  /** Its verification code; without one the paper goes out with no QR code. */
  code: string | null;
}

const cancelled: InvoiceCancelled['type'] = 'InvoiceCancelled';

/** The credit note of an invoice; an invoice that is not cancelled has none, and answers as missing. */
export function requireCreditNote(invoice: InvoiceView): CreditNote {
  const cancellation = invoice.timeline.find((event) => event.type === cancelled);
  if (invoice.status !== 'cancelled' || !invoice.creditNoteNumber || !cancellation) throw missing(invoiceMessages.notCancelled);
  return {
    number: invoice.creditNoteNumber,
    date: indianDay(new Date(cancellation.occurredAt)),
    reason: invoice.cancelledReason ?? '',
    code: invoice.creditNoteCode,
  };
}
