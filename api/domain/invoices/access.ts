import type { InvoiceKind } from '../../../common/contracts/invoices';
import { hasAnyPermission, type Actor } from '../auth/actor';
import { branchScope, requireInstituteStaff as requireInstituteOnly } from '../auth/branch-scope';
import { forbidden, missing } from '../errors';
import { invoiceMessages } from '../../../common/contracts/invoices';

/** Both naming sets of the product, per kind of work. */
export const invoiceCreators = ['INVOICE_CREATE', 'INVOICE_CREATE_STUDENT', 'INVOICE_CREATE_BRANCH'] as const;
export const paymentRecorders = ['PAYMENT_RECORDS_VIEW', 'INVOICE_PAYMENT_RECORDS'] as const;
export const invoiceReaders = ['INVOICE_VIEW_ALL', 'INVOICE_VIEW_BRANCH', ...invoiceCreators, ...paymentRecorders] as const;
export const paymentReaders = [...paymentRecorders, 'INVOICE_VIEW_ALL', 'INVOICE_VIEW_BRANCH'] as const;
const creatorsOf: Record<InvoiceKind, readonly string[]> = {
  student: ['INVOICE_CREATE', 'INVOICE_CREATE_STUDENT'],
  branch: ['INVOICE_CREATE', 'INVOICE_CREATE_BRANCH'],
};

/** What an invoice row says about whose it is. */
export interface Owned {
  kind: InvoiceKind;
  branchId: string | null;
  partyId: string;
}

/**
 * Whether a caller reads an invoice: the institute's staff read all; a branch's staff read their
 * branch's students' invoices and those the institute billed their branch.
 */
export function canRead(actor: Actor, invoice: Owned): boolean {
  const scope = branchScope(actor);
  return scope === null || invoice.branchId === scope || (invoice.kind === 'branch' && invoice.partyId === scope);
}

/** A branch's staff bill only their own branch's students; branches are billed by the institute's staff alone. */
export function requireBilling(actor: Actor, kind: InvoiceKind, branchId: string | null) {
  if (!hasAnyPermission(actor, creatorsOf[kind])) throw forbidden('You may not create this kind of invoice');
  const scope = branchScope(actor);
  if (scope === null) return;
  if (kind === 'branch') throw forbidden('Only the institute’s staff bill branches');
  if (branchId !== scope) throw forbidden(invoiceMessages.otherBranchStudent);
}

/** Payments are recorded on invoices the caller reads and bills, or by whoever keeps payment records. */
export function requirePaying(actor: Actor, invoice: Owned) {
  if (!canRead(actor, invoice)) throw missing(invoiceMessages.missing);
  const scope = branchScope(actor);
  if (scope !== null && invoice.kind === 'branch') throw forbidden('Only the institute’s staff record payments of branch invoices');
}

/** The institute's billing profile and tax rates are the institute's staff's to change. */
export function requireInstituteStaff(actor: Actor) {
  requireInstituteOnly(actor, invoiceMessages.settingsInstituteOnly);
}
