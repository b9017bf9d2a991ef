import type {
  BillingSettings,
  InvoiceKind,
  InvoiceLineInput,
  InvoiceLineView,
  InvoiceTotals,
  PaymentMode,
} from '../../../common/contracts/invoices';
import type { Supply } from '../../../common/fees';
import type { DomainEvent, StreamRef } from '../../db/event-store';

export const INVOICE_STREAM = 'invoice';
export const BILLING_SETTINGS_STREAM = 'billing-settings';
export const TAX_RATE_STREAM = 'tax-rate';

/** One stream per invoice: its drafts, issue, payments and cancellation, so payments on one invoice settle one after another. */
export const invoiceStream = (id: string): StreamRef<InvoiceEvent> => ({ type: INVOICE_STREAM, id });
/** The institute has one billing profile. */
export const billingSettingsStream: StreamRef<BillingSettingsEvent> = { type: BILLING_SETTINGS_STREAM, id: 'billing-settings' };
export const taxRateStream = (id: string): StreamRef<TaxRateEvent> => ({ type: TAX_RATE_STREAM, id });

/** Who is billed, as it stood when the event was written: a later edit of the student or branch never changes an issued invoice. */
export interface Party {
  _id: string;
  name: string;
  code: string | null;
  address: string;
  state: string | null;
  /** GST state code of the place of supply, when the state is known. */
  stateCode: string | null;
  gstin: string | null;
}

/** The institute as it bills: its billing profile and the name it prints. */
export type Seller = BillingSettings & { name: string };

export interface DraftData {
  kind: InvoiceKind;
  party: Party;
  /** The branch whose series numbers it; null for a branch invoice. */
  branchId: string | null;
  branchName: string | null;
  date: string;
  dueDate: string;
  lines: InvoiceLineInput[];
  notes: string;
}

/** How a draft's amounts are shown until it is issued (then worked out afresh): the supply and whether tax is charged, as they stood. */
export interface DraftPreview {
  supply: Supply;
  charged: boolean;
}

export type InvoiceDrafted = DomainEvent<'InvoiceDrafted', DraftData & DraftPreview>;
export type InvoiceDraftChanged = DomainEvent<'InvoiceDraftChanged', DraftData & DraftPreview>;
/** A draft given up: it never had a number, so it leaves no hole in a series, and the stream folds back to no invoice. */
export type InvoiceDraftDeleted = DomainEvent<'InvoiceDraftDeleted', Record<string, never>>;

/** Everything the document shows, fixed at issue: lines with their amounts and rates, totals, supply, title, party and seller. */
export type InvoiceIssued = DomainEvent<
  'InvoiceIssued',
  DraftData & {
    number: string;
    /** The counter it took its number from, and the number taken: a rebuild restores the counter from these. */
    series: string;
    sequence: number;
    /** The verification code printed on it, drawn in the issuing transaction (decision 028). */
    code: string;
    title: 'Tax Invoice' | 'Bill of Supply';
    supply: Supply;
    lines: InvoiceLineView[];
    totals: InvoiceTotals;
    seller: Seller;
  }
>;

export type InvoiceCancelled = DomainEvent<
  'InvoiceCancelled',
  {
    reason: string;
    creditNoteNumber: string;
    series: string;
    sequence: number;
    /** The credit note's verification code. */
    creditNoteCode: string;
  }
>;

export interface PaymentDetails {
  amount: number;
  mode: PaymentMode;
  date: string;
  reference: string;
  chequeNumber: string;
  chequeBank: string;
  chequeDate: string;
  notes: string;
}

export type PaymentRecorded = DomainEvent<
  'PaymentRecorded',
  PaymentDetails & {
    paymentId: string;
    receiptNumber: string;
    series: string;
    sequence: number;
    /** The receipt's verification code. */
    receiptCode: string;
  }
>;
export type PaymentReversed = DomainEvent<'PaymentReversed', { paymentId: string; reason: string }>;

export type InvoiceEvent =
  InvoiceDrafted | InvoiceDraftChanged | InvoiceDraftDeleted | InvoiceIssued | InvoiceCancelled | PaymentRecorded | PaymentReversed;

export type BillingSettingsSaved = DomainEvent<'BillingSettingsSaved', BillingSettings>;
export type BillingSettingsEvent = BillingSettingsSaved;

export type TaxRateAdded = DomainEvent<'TaxRateAdded', { rate: number; from: string; until: string | null }>;
export type TaxRateEvent = TaxRateAdded;
