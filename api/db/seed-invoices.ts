import { eq } from 'drizzle-orm';
import type { BillingSettings, PaymentBody, PaymentMode } from '../../common/contracts/invoices';
import { indianDay } from '../../common/india-time';
import type { Actor } from '../domain/auth/actor';
import type { CommandContext } from '../domain/command';
import { saveBillingSettings } from '../domain/invoices/billing';
import { cancelInvoice, recordPayment } from '../domain/invoices/commands';
import { invoices } from './schema';

/**
 * The demo's fees at work, through the commands of the invoice screens: the institute registered
 * under GST in Delhi bills each course's fee as a student is admitted (so branches in other states
 * show IGST), and the students pay in every mode, in full, in part, or not yet.
 */

export const demoBilling: BillingSettings = {
  registered: true,
  gstin: '07AABCD1234E1Z5',
  legalName: 'Demo Institute of Computer Education Private Limited',
  address: '14 Institutional Area, Lodhi Road, New Delhi 110003',
  state: 'Delhi',
  stateCode: '07',
  seriesCode: 'HO',
  invoiceFeesAtAdmission: true,
  defaultDueDays: 15,
  courseFeeSac: '999293',
  courseFeeTaxRate: 1800,
};

export const saveDemoBilling = (ctx: CommandContext) => saveBillingSettings(ctx, demoBilling);

const modes: PaymentMode[] = ['upi', 'cash', 'cheque', 'card', 'bank'];

/** A student's course-fee invoice: none when their course has no fee. */
async function feeInvoiceOf(ctx: CommandContext, studentId: string) {
  const [invoice] = await ctx.tx.select({ id: invoices.id, total: invoices.total }).from(invoices).where(eq(invoices.partyId, studentId));
  return invoice ?? null;
}

/**
 * What the `n`-th admitted student pays of their fee a few days on: six in ten pay it all, two in
 * ten half, and the rest nothing yet, so part-paid and overdue invoices turn up; the ninth of
 * every forty withdrew and their invoice is cancelled.
 */
export async function settleDemoFee(ctx: CommandContext, actor: Actor, studentId: string, n: number) {
  const invoice = await feeInvoiceOf(ctx, studentId);
  if (!invoice) return;
  if (n % 40 === 8) {
    await cancelInvoice(ctx, actor, invoice.id, 'Admission withdrawn within the cooling-off week');
    return;
  }
  const share = n % 10 < 6 ? 1 : n % 10 < 8 ? 0.5 : 0;
  if (share === 0) return;
  const mode = modes[n % modes.length]!;
  const date = indianDay(ctx.meta.occurredAt);
  const payment: PaymentBody = {
    amount: Math.round(invoice.total * share),
    mode,
    date,
    reference: mode === 'upi' ? `4152${String(63789012 + n * 7919).slice(-8)}` : mode === 'bank' ? `UTR${String(n).padStart(8, '0')}` : '',
    chequeNumber: mode === 'cheque' ? String(100200 + n) : '',
    chequeBank: mode === 'cheque' ? 'State Bank of India' : '',
    chequeDate: mode === 'cheque' ? date : '',
    notes: '',
  };
  await recordPayment(ctx, actor, invoice.id, payment);
}
