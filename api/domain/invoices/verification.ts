import { and, eq, isNull } from 'drizzle-orm';
import type { BillVerification } from '../../../common/contracts/documents';
import { indianDay } from '../../../common/india-time';
import type { Executor } from '../../db/client';
import { invoicePayments, invoices, issuedBills } from '../../db/schema';
import type { Party, Seller } from './events';

/** What a bill's code was printed on: the invoice, the credit note that cancelled it, or a payment's receipt. */
export type IssuedBillKind = 'invoice' | 'credit-note' | 'receipt';

const visible = /[\p{L}\p{N}]/u;

/**
 * A registration number as the public page shows it: its letters and digits masked but the last
 * four (half of a short one), separators kept, so "NC/2026/0147" reads "••/••••/0147". Enough to
 * match the paper in hand, too little to learn the number from a code.
 */
export function maskedCode(code: string): string {
  let shown = Math.min(4, Math.floor([...code].filter((ch) => visible.test(ch)).length / 2));
  return [...code]
    .reverse()
    .map((ch) => (!visible.test(ch) ? ch : shown-- > 0 ? ch : '•'))
    .reverse()
    .join('');
}

/** The codes of an invoice's own bills: the invoice's and, once cancelled, its credit note's. */
export async function invoiceCodes(db: Executor, invoiceId: string) {
  const rows = await db
    .select({ kind: issuedBills.kind, code: issuedBills.code })
    .from(issuedBills)
    .where(and(eq(issuedBills.invoiceId, invoiceId), isNull(issuedBills.paymentId)));
  const codeOf = (kind: IssuedBillKind) => rows.find((row) => row.kind === kind)?.code ?? null;
  return { invoice: codeOf('invoice'), creditNote: codeOf('credit-note') };
}

/**
 * What a bill's code says to anyone who holds the paper (decision 031): its kind, number, day and
 * the one amount printed largest on it, the institute, whom it was made out to, and whether it
 * stands. An invoice stands until a credit note cancels it; a receipt until its payment is reversed;
 * a credit note always.
 */
export async function billVerification(db: Executor, code: string): Promise<BillVerification | null> {
  const [row] = await db
    .select({
      bill: issuedBills,
      invoice: {
        number: invoices.number,
        title: invoices.title,
        stage: invoices.stage,
        date: invoices.date,
        total: invoices.total,
        partyName: invoices.partyName,
        party: invoices.party,
        branchName: invoices.branchName,
        seller: invoices.seller,
        creditNoteNumber: invoices.creditNoteNumber,
      },
      payment: {
        receiptNumber: invoicePayments.receiptNumber,
        date: invoicePayments.date,
        amount: invoicePayments.amount,
        reversed: invoicePayments.reversed,
      },
    })
    .from(issuedBills)
    .innerJoin(invoices, eq(invoices.id, issuedBills.invoiceId))
    .leftJoin(invoicePayments, eq(invoicePayments.id, issuedBills.paymentId))
    .where(eq(issuedBills.code, code));
  if (!row) return null;
  const { bill, invoice, payment } = row;
  const partyCode = (invoice.party as Party).code;
  const seen = {
    code: bill.code,
    issuedAt: bill.issuedAt.toISOString(),
    issuedBy: [(invoice.seller as Seller | null)?.name, invoice.branchName].filter(Boolean).join(', '),
    holder: { name: invoice.partyName, registrationNo: partyCode ? maskedCode(partyCode) : null },
  };
  const invoiceNumber = invoice.number ?? '';
  switch (bill.kind as IssuedBillKind) {
    case 'invoice':
      return {
        ...seen,
        kind: invoice.title === 'Tax Invoice' ? 'tax-invoice' : 'bill-of-supply',
        state: invoice.stage === 'cancelled' ? 'cancelled' : 'valid',
        bill: {
          number: invoiceNumber,
          date: invoice.date,
          total: invoice.total,
          invoiceNumber: null,
          creditNoteNumber: invoice.creditNoteNumber,
        },
      };
    case 'credit-note':
      return {
        ...seen,
        kind: 'credit-note',
        state: 'valid',
        bill: {
          number: invoice.creditNoteNumber ?? '',
          date: indianDay(bill.issuedAt),
          total: invoice.total,
          invoiceNumber,
          creditNoteNumber: null,
        },
      };
    case 'receipt':
      if (!payment) return null;
      return {
        ...seen,
        kind: 'receipt',
        state: payment.reversed ? 'reversed' : 'valid',
        bill: { number: payment.receiptNumber, date: payment.date, total: payment.amount, invoiceNumber, creditNoteNumber: null },
      };
  }
}
