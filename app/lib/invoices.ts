import { z } from 'zod';
import {
  INVOICE_LINES_MAX,
  invoiceDraftBody,
  invoiceKinds,
  invoiceLineInput,
  invoiceMessages,
  invoiceSortFields,
  invoiceStatuses,
  paymentBody,
  paymentModes,
  reasonBody,
  type InvoiceKind,
  type InvoiceRow,
  type InvoiceStatus,
  type PaymentView,
} from '../../common/contracts/invoices';
import { lineProblem } from '../../common/fees';
import { rupeeAmount } from '~/components/wallet/amount-schema';
import { apiListQuery, choiceParam, dayParam, listQueryParser, textParam, type QueryDefaults } from './list-query';
import { canOpen, findAdminRoute } from './route-registry';

/** The invoice and payment screens' addresses, forms and rights: what both the browser and the server read. */

export const invoiceStatusLabels: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  issued: 'Issued',
  'part-paid': 'Part-paid',
  paid: 'Paid',
  overdue: 'Overdue',
  cancelled: 'Cancelled',
};

export const invoiceKindLabels: Record<InvoiceKind, string> = { student: 'Student', branch: 'Branch' };

export type InvoiceSort = (typeof invoiceSortFields)[number];
export const invoiceDefaults: QueryDefaults<InvoiceSort> = { sort: 'date', order: 'desc' };
export const parseInvoiceQuery = listQueryParser({
  sorts: invoiceSortFields,
  filters: {
    kind: choiceParam(invoiceKinds),
    status: choiceParam(invoiceStatuses),
    branchId: textParam(100),
    from: dayParam(),
    to: dayParam(),
  },
});
export type InvoiceQuery = ReturnType<typeof parseInvoiceQuery>;
/** An invoice as the list shows it: the kit names every row's `title`. */
export type InvoiceListRow = InvoiceRow & { title: string };

export const paymentSorts = ['date', 'amount', 'receiptNumber'] as const;
export type PaymentSort = (typeof paymentSorts)[number];
export const paymentDefaults: QueryDefaults<PaymentSort> = { sort: 'date', order: 'desc' };
export const parsePaymentQuery = listQueryParser({
  sorts: paymentSorts,
  filters: {
    mode: choiceParam(paymentModes),
    branchId: textParam(100),
    from: dayParam(),
    to: dayParam(),
  },
});
export type PaymentQuery = ReturnType<typeof parsePaymentQuery>;
/** A payment as the list shows it; a payment is never edited, so it has no version of its own. */
export type PaymentListRow = PaymentView & { title: string; version: number };

/** The API's filters of the Invoices address. */
export function invoiceApiQuery(query: Omit<InvoiceQuery, 'page' | 'limit' | 'view'>) {
  const { kind, status, branchId, from, to, search, sort, order } = query;
  return apiListQuery({ kind, status, branchId, from, to, search, sort, order });
}

/** The API's filters of the Payment Records address. */
export function paymentApiQuery(query: Omit<PaymentQuery, 'page' | 'limit' | 'view'>) {
  const { mode, branchId, from, to, search, sort, order } = query;
  return apiListQuery({ mode, branchId, from, to, search, sort, order });
}

// ---------------------------------------------------------------------------------------------
// Forms. Rupees are typed and posted as text and become paise here, for the browser and the
// route alike; everything else is the contract's own schema, so all three say the same thing.

const day = invoiceDraftBody.shape.date;

const invoiceLineForm = invoiceLineInput.extend({
  description: z.string({ required_error: invoiceMessages.descriptionRequired }).pipe(invoiceLineInput.shape.description),
  quantity: z
    .number({ required_error: 'Enter the quantity', invalid_type_error: 'Quantity must be a number' })
    .pipe(invoiceLineInput.shape.quantity),
  rate: rupeeAmount({ label: 'Rate', min: 0 }),
  discount: rupeeAmount({ label: 'Discount', min: 0 })
    .optional()
    .transform((paise) => paise ?? 0),
  taxRate: z.number({ invalid_type_error: 'Choose a tax rate' }).pipe(invoiceLineInput.shape.taxRate),
});

const invoiceFormFields = z.object({
  intent: z.enum(['draft', 'issue']).default('draft'),
  idempotencyKey: z.string().max(100).optional(),
  kind: z.enum(invoiceKinds),
  partyId: z.string({ required_error: 'Choose who is billed' }).max(100),
  date: z.string({ required_error: 'Enter the invoice date' }).pipe(day),
  dueDate: z.string({ required_error: 'Enter the due date' }).pipe(day),
  lines: z
    .array(invoiceLineForm, { required_error: invoiceMessages.linesRequired })
    .min(1, invoiceMessages.linesRequired)
    .max(INVOICE_LINES_MAX, invoiceMessages.tooManyLines),
  notes: invoiceDraftBody.shape.notes,
});

function invoiceFormRules(value: z.infer<typeof invoiceFormFields>, ctx: z.RefinementCtx) {
  if (value.dueDate < value.date) ctx.addIssue({ code: 'custom', path: ['dueDate'], message: invoiceMessages.dueBeforeDate });
  value.lines.forEach((line, index) => {
    const problem = lineProblem(line);
    if (problem) ctx.addIssue({ code: 'custom', path: ['lines', index, 'discount'], message: problem });
  });
}

export const invoiceFormSchema = invoiceFormFields.superRefine(invoiceFormRules);
export type InvoiceFormValue = z.infer<typeof invoiceFormSchema>;

/** A draft's form carries the version it was opened at: a change made since is refused, not overwritten. */
export const draftFormSchema = invoiceFormFields.extend({ version: z.number().int().min(1) }).superRefine(invoiceFormRules);

const version = z.coerce.number().int().min(1).optional();
const reason = z.string({ required_error: invoiceMessages.reasonRequired }).pipe(reasonBody.shape.reason);

/** The invoice page's forms, told apart by `intent`. */
export const invoiceActionSchema = z
  .discriminatedUnion('intent', [
    z.object({ intent: z.literal('issue'), version }),
    z.object({ intent: z.literal('delete'), version }),
    z.object({ intent: z.literal('cancel'), version, reason }),
    z.object({
      intent: z.literal('pay'),
      idempotencyKey: z.string().max(100).optional(),
      amount: rupeeAmount({ label: 'Amount', min: 1 }),
      mode: z.enum(paymentModes, { required_error: 'Choose how it was paid' }),
      date: z.string({ required_error: 'Enter the date it was received' }).pipe(day),
      reference: paymentBody.shape.reference,
      chequeNumber: paymentBody.shape.chequeNumber,
      chequeBank: paymentBody.shape.chequeBank,
      chequeDate: paymentBody.shape.chequeDate,
      notes: paymentBody.shape.notes,
    }),
    z.object({ intent: z.literal('reverse'), paymentId: z.string().min(1).max(100), reason }),
  ])
  .superRefine((value, ctx) => {
    if (value.intent !== 'pay') return;
    const missing = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (value.mode === 'upi' && !value.reference) missing('reference', invoiceMessages.upiReferenceRequired);
    if (value.mode === 'cheque') {
      if (!value.chequeNumber) missing('chequeNumber', invoiceMessages.chequeNumberRequired);
      if (!value.chequeBank) missing('chequeBank', invoiceMessages.chequeBankRequired);
      if (!value.chequeDate) missing('chequeDate', invoiceMessages.chequeDateRequired);
    }
  });

// ---------------------------------------------------------------------------------------------
// Rights: which buttons a screen offers. The API decides again on every call.

type User = { role: string; permissions: readonly string[] };

function opens(path: string, user: User) {
  const route = findAdminRoute(path);
  return route ? canOpen(route, user) : false;
}

export const invoicePaths = {
  list: '/admin/invoices',
  create: (kind: InvoiceKind) => `/admin/invoices/${kind}/create`,
  view: (id: string) => `/admin/invoices/${encodeURIComponent(id)}`,
  edit: (id: string) => `/admin/invoices/${encodeURIComponent(id)}/edit`,
  pdf: (id: string) => `/admin/invoices/${encodeURIComponent(id)}/pdf`,
  creditNote: (id: string) => `/admin/invoices/${encodeURIComponent(id)}/credit-note`,
  receipt: (id: string, paymentId: string) => `/admin/invoices/${encodeURIComponent(id)}/receipts/${encodeURIComponent(paymentId)}`,
  payments: '/admin/payments',
  settings: '/admin/invoices/settings',
} as const;

export function invoiceRights(user: User) {
  const student = opens(invoicePaths.create('student'), user);
  const branch = opens(invoicePaths.create('branch'), user);
  return {
    /** Making, changing and deleting drafts, by the kind of invoice. */
    create: { student, branch } satisfies Record<InvoiceKind, boolean>,
    /** Issuing and cancelling belong to those who make invoices. */
    manage: student || branch,
    /** Recording and reversing payments, and reading their list. */
    payments: opens(invoicePaths.payments, user) || student || branch,
    paymentList: opens(invoicePaths.payments, user),
    /** The billing profile and GST rates: read by all who open it, changed by the institute's staff (the API decides). */
    settings: opens(invoicePaths.settings, user),
  };
}
export type InvoiceRights = ReturnType<typeof invoiceRights>;

/** Whether the user may change a draft of this kind: its screen and the palette offer it alike. */
export const editableDraft = (rights: InvoiceRights, invoice: Pick<InvoiceRow, 'status' | 'kind'>) =>
  invoice.status === 'draft' && rights.create[invoice.kind];

/** Whether a payment may be recorded against it: issued, something still due, not cancelled. */
export const payable = (invoice: Pick<InvoiceRow, 'status' | 'due'>) =>
  ['issued', 'part-paid', 'overdue'].includes(invoice.status) && invoice.due > 0;
