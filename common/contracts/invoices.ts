import { z } from 'zod';
import { calendarDay } from './calendar-day';
import { defineContract } from './endpoint';
import { exportQuery, exportTypes } from './export';
import { pageFields, pagingQuery } from './paging';

/**
 * Invoices, payments and the institute's billing profile as the API speaks them. Every amount is
 * a whole number of paise; a tax rate is in basis points (18% is 1800). Arithmetic on lines and
 * totals is `common/fees.ts`, shared by the API, the screens and the documents.
 */

export const INVOICE_LINES_MAX = 50;
export const INVOICE_NOTES_MAX = 1000;
/** The largest amount one line or payment takes: ₹1,00,00,00,000 (ten crore rupees). */
export const INVOICE_AMOUNT_MAX = 10_000_000_000;

export const invoiceMessages = {
  created: 'Invoice saved as a draft',
  issued: 'Invoice issued',
  cancelled: 'Invoice cancelled',
  draftDeleted: 'Draft deleted',
  paymentRecorded: 'Payment recorded',
  paymentReversed: 'Payment reversed',
  settingsSaved: 'Billing settings saved',
  settingsInstituteOnly: 'Only the institute’s staff change billing settings',
  taxRateAdded: 'Tax rate added',
  missing: 'Invoice not found',
  paymentMissing: 'Payment not found',
  studentMissing: 'Student not found',
  branchMissing: 'Branch not found',
  otherBranchStudent: 'This student belongs to another branch',
  linesRequired: 'Add at least one line',
  tooManyLines: `An invoice has at most ${INVOICE_LINES_MAX} lines`,
  descriptionRequired: 'Description is required',
  negativeQuantity: 'Quantity must be more than zero',
  negativeRate: 'Rate cannot be negative',
  discountAboveLine: 'Discount cannot be more than the line amount',
  taxRateNotListed: 'Tax rate is not in the list of rates in force on the invoice date',
  dueBeforeDate: 'Due date cannot be before the invoice date',
  notDraft: 'Only a draft can be changed or issued',
  alreadyCancelled: 'This invoice is already cancelled',
  notCancelled: 'This invoice is not cancelled, so it has no credit note',
  cancelDraft: 'A draft has no number to cancel: delete it instead',
  deleteIssued: 'Only a draft can be deleted; an issued invoice is cancelled instead',
  paidCannotCancel: 'Reverse its payments before cancelling this invoice',
  reasonRequired: 'Reason is required',
  paymentOnCancelled: 'A cancelled invoice takes no payment',
  paymentOnDraft: 'Issue the invoice before recording a payment',
  paymentAboveDue: (due: string) => `Payment cannot be more than the amount due (${due})`,
  amountRequired: 'Amount must be more than zero',
  upiReferenceRequired: 'UPI reference is required',
  chequeNumberRequired: 'Cheque number is required',
  chequeBankRequired: 'Bank is required for a cheque',
  chequeDateRequired: 'Cheque date is required',
  alreadyReversed: 'This payment is already reversed',
  gstinInvalid: 'GSTIN must be 15 characters: state code, PAN, entity number, Z and a check character',
  stateRequired: 'State is required',
  stale: 'This invoice was changed by someone else. Reload it and try again.',
} as const;

/** What a line bills for; the label is what a person reads. */
export const invoiceLineKinds = ['courseFee', 'admissionFee', 'examFee', 'books', 'entryFee', 'royalty', 'material', 'other'] as const;
export type InvoiceLineKind = (typeof invoiceLineKinds)[number];
export const invoiceLineKindLabels: Record<InvoiceLineKind, string> = {
  courseFee: 'Course fee',
  admissionFee: 'Admission fee',
  examFee: 'Exam fee',
  books: 'Books',
  entryFee: 'Entry fee',
  royalty: 'Royalty',
  material: 'Material',
  other: 'Other',
};

export const invoiceKinds = ['student', 'branch'] as const;
export type InvoiceKind = (typeof invoiceKinds)[number];

/** Where an invoice stands; `overdue` is an issued or part-paid invoice past its due date. */
export const invoiceStatuses = ['draft', 'issued', 'part-paid', 'paid', 'overdue', 'cancelled'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

export const paymentModes = ['cash', 'upi', 'card', 'bank', 'cheque'] as const;
export type PaymentMode = (typeof paymentModes)[number];
export const paymentModeLabels: Record<PaymentMode, string> = {
  cash: 'Cash',
  upi: 'UPI',
  card: 'Card',
  bank: 'Bank transfer',
  cheque: 'Cheque',
};

const paise = (what: string) =>
  z
    .number({ required_error: `${what} is required`, invalid_type_error: `${what} must be a number of paise` })
    .int(`${what} must be a whole number of paise`)
    .max(INVOICE_AMOUNT_MAX, `${what} is too large`);
const money = (text: string) => z.number().int().describe(`${text}, in paise`);

export const invoiceLineInput = z.object({
  kind: z.enum(invoiceLineKinds),
  description: z.string().trim().min(1, invoiceMessages.descriptionRequired).max(200),
  /** SAC for services, HSN for goods (books): 4 to 8 digits, or empty. */
  sac: z
    .string()
    .trim()
    .regex(/^(\d{4,8})?$/, 'SAC/HSN code is 4 to 8 digits')
    .default(''),
  quantity: z.number().int('Quantity must be a whole number').positive(invoiceMessages.negativeQuantity).max(10_000),
  rate: paise('Rate').nonnegative(invoiceMessages.negativeRate),
  discount: paise('Discount').nonnegative('Discount cannot be negative').default(0),
  taxRate: z.number().int().min(0).max(10_000).default(0).describe('Basis points: 1800 is 18%; one of the rates in force'),
});
export type InvoiceLineInput = z.infer<typeof invoiceLineInput>;

export const invoiceDraftBody = z.object({
  kind: z.enum(invoiceKinds),
  /** The student billed (kind student) or the branch billed (kind branch). */
  partyId: z.string().min(1, 'Choose who is billed').max(100),
  date: calendarDay.describe('The invoice date, India time'),
  dueDate: calendarDay,
  lines: z.array(invoiceLineInput).min(1, invoiceMessages.linesRequired).max(INVOICE_LINES_MAX, invoiceMessages.tooManyLines),
  notes: z.string().trim().max(INVOICE_NOTES_MAX).default(''),
  /** Issue at once (allocating its number) rather than keep a draft. */
  issue: z.boolean().default(false),
});
export type InvoiceDraftBody = z.infer<typeof invoiceDraftBody>;

export const reasonBody = z.object({ reason: z.string().trim().min(1, invoiceMessages.reasonRequired).max(500) });

export const paymentBody = z.object({
  amount: paise('Amount').positive(invoiceMessages.amountRequired),
  mode: z.enum(paymentModes),
  date: calendarDay.describe('When it was received, India time'),
  reference: z.string().trim().max(100).default('').describe('UPI reference, card approval, bank UTR; required for UPI'),
  chequeNumber: z.string().trim().max(20).default(''),
  chequeBank: z.string().trim().max(100).default(''),
  chequeDate: calendarDay.or(z.literal('')).default(''),
  notes: z.string().trim().max(500).default(''),
});
export type PaymentBody = z.infer<typeof paymentBody>;

/** A line as issued: its input and the amounts `common/fees.ts` worked out for it. */
export const invoiceLineView = invoiceLineInput.extend({
  amount: money('Quantity times rate, before discount'),
  taxable: money('Amount less discount'),
  cgst: money('Central tax (within the state)'),
  sgst: money('State tax (within the state)'),
  igst: money('Integrated tax (across states)'),
  total: money('Taxable plus its taxes'),
});
export type InvoiceLineView = z.infer<typeof invoiceLineView>;

export const invoiceTotals = z.object({
  amount: money('Sum of the lines before discount'),
  discount: money('Sum of the discounts'),
  taxable: money('Sum of the taxable values'),
  cgst: money('Sum of central tax'),
  sgst: money('Sum of state tax'),
  igst: money('Sum of integrated tax'),
  total: money('What is billed: taxable plus every tax'),
});
export type InvoiceTotals = z.infer<typeof invoiceTotals>;

export const partyView = z.object({
  _id: z.string(),
  name: z.string(),
  /** Registration number of a student, branch code of a branch. */
  code: z.string().nullable(),
  address: z.string(),
  state: z.string().nullable().describe('Place of supply'),
  gstin: z.string().nullable(),
});

export const paymentView = z.object({
  _id: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  receiptNumber: z.string(),
  partyName: z.string(),
  branchId: z.string().nullable(),
  branchName: z.string().nullable(),
  amount: money('Received'),
  mode: z.enum(paymentModes),
  date: calendarDay,
  reference: z.string(),
  chequeNumber: z.string(),
  chequeBank: z.string(),
  chequeDate: z.string(),
  notes: z.string(),
  reversed: z.boolean(),
  reversedReason: z.string().nullable(),
  recordedBy: z.string().nullable(),
  recordedAt: z.string().datetime(),
  verificationCode: z.string().nullable().describe('The code on its receipt, which the public verification page answers'),
});
export type PaymentView = z.infer<typeof paymentView>;

export const invoiceEventView = z.object({
  type: z.string(),
  summary: z.string().describe('What happened, as the timeline reads it'),
  actorName: z.string().nullable(),
  occurredAt: z.string().datetime(),
});

export const invoiceView = z.object({
  _id: z.string(),
  kind: z.enum(invoiceKinds),
  /** Null while a draft. */
  number: z.string().nullable(),
  /** "Tax Invoice" when it charges tax, else "Bill of Supply". */
  title: z.enum(['Tax Invoice', 'Bill of Supply']),
  status: z.enum(invoiceStatuses),
  /** The branch whose series numbers it: the student's branch; none for a branch invoice (the institute's own series). */
  branchId: z.string().nullable(),
  branchName: z.string().nullable(),
  party: partyView,
  date: calendarDay,
  dueDate: calendarDay,
  supply: z.enum(['intra', 'inter']).describe('Within the institute’s state (CGST + SGST) or across states (IGST)'),
  lines: z.array(invoiceLineView),
  totals: invoiceTotals,
  paid: money('Received, less reversed payments'),
  due: money('Total less paid; zero once cancelled'),
  amountInWords: z.string(),
  notes: z.string(),
  cancelledReason: z.string().nullable(),
  creditNoteNumber: z.string().nullable().describe('The credit note that reversed it, once cancelled'),
  creditNoteCode: z.string().nullable().describe('The verification code of that credit note'),
  verificationCode: z
    .string()
    .nullable()
    .describe('The code printed on it, which the public verification page answers; null while a draft'),
  payments: z.array(paymentView),
  timeline: z.array(invoiceEventView),
  version: z.number().int().describe('Send as If-Match: "<version>" to refuse a change made since'),
  createdAt: z.string().datetime(),
});
export type InvoiceView = z.infer<typeof invoiceView>;

export const invoiceRow = invoiceView
  .pick({
    _id: true,
    kind: true,
    number: true,
    status: true,
    branchId: true,
    branchName: true,
    date: true,
    dueDate: true,
    paid: true,
    due: true,
    version: true,
  })
  .extend({ partyId: z.string(), partyName: z.string(), total: money('Billed') });
export type InvoiceRow = z.infer<typeof invoiceRow>;

export const invoiceSortFields = ['date', 'number', 'total', 'due', 'dueDate', 'partyName'] as const;

export const invoiceListQuery = z.object({
  ...pagingQuery,
  kind: z.enum(invoiceKinds).optional(),
  status: z.enum(invoiceStatuses).optional(),
  branchId: z.string().max(100).optional(),
  partyId: z.string().max(100).optional().describe('Only this student’s or branch’s invoices'),
  from: calendarDay.optional(),
  to: calendarDay.optional(),
  search: z.string().trim().max(100).optional().describe('Part of the number or of the name billed'),
  sortBy: z.enum(invoiceSortFields).default('date'),
  order: z.enum(['asc', 'desc']).default('desc'),
});

export const invoiceList = z.object({
  invoices: z.array(invoiceRow),
  sums: z.object({ billed: money('Total of what is shown'), received: money('Paid of what is shown'), due: money('Due of what is shown') }),
  ...pageFields('Invoices matching the filters'),
});

export const paymentListQuery = z.object({
  ...pagingQuery,
  mode: z.enum(paymentModes).optional(),
  branchId: z.string().max(100).optional(),
  partyId: z.string().max(100).optional(),
  from: calendarDay.optional(),
  to: calendarDay.optional(),
  search: z.string().trim().max(100).optional().describe('Part of the receipt or invoice number, or of the name'),
  sortBy: z.enum(['date', 'amount', 'receiptNumber']).default('date'),
  order: z.enum(['asc', 'desc']).default('desc'),
});

export const paymentList = z.object({
  payments: z.array(paymentView),
  byMode: z.array(
    z.object({ mode: z.enum(paymentModes), amount: money('Received in this mode, reversals left out'), count: z.number().int() }),
  ),
  ...pageFields('Payments matching the filters'),
});

/** The fee summary on a student's details. */
export const feeSummary = z.object({
  billed: money('Issued invoices, cancelled ones left out'),
  paid: money('Received'),
  due: money('Still to pay'),
  nextDueDate: calendarDay.nullable(),
  overdue: z.number().int().describe('Invoices past their due date'),
});

export const gstStateCode = z.string().regex(/^\d{2}$/, 'State code is two digits');

export const billingSettings = z.object({
  registered: z.boolean().describe('Registered under GST: invoices charge tax; otherwise bills of supply without tax'),
  gstin: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^(\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z])?$/, invoiceMessages.gstinInvalid)
    .default(''),
  legalName: z.string().trim().max(200).default(''),
  address: z.string().trim().max(500).default(''),
  state: z.string().trim().min(1, invoiceMessages.stateRequired).max(100),
  stateCode: gstStateCode,
  /** The series prefix of invoices the institute issues to branches. */
  seriesCode: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{1,6}$/, 'Series code is 1 to 6 capital letters or digits')
    .default('HO'),
  invoiceFeesAtAdmission: z.boolean().describe('Issue an invoice for the course’s fees when a student is admitted'),
  defaultDueDays: z.number().int().min(0).max(365).default(15),
  courseFeeSac: z
    .string()
    .regex(/^(\d{4,8})?$/)
    .default('999293'),
  courseFeeTaxRate: z.number().int().min(0).max(10_000).default(1800),
});
export type BillingSettings = z.infer<typeof billingSettings>;

export const taxRateView = z.object({
  _id: z.string(),
  rate: z.number().int().describe('Basis points'),
  from: calendarDay.describe('In force from this day'),
  until: calendarDay.nullable().describe('In force up to this day; open when null'),
});
export const taxRateBody = taxRateView.omit({ _id: true });
export type TaxRateView = z.infer<typeof taxRateView>;

const tag = 'invoices';
const idParams = z.object({ id: z.string().min(1).max(100) });
const paymentParams = z.object({ id: z.string().min(1).max(100), paymentId: z.string().min(1).max(100) });
const studentParams = z.object({ studentId: z.string().min(1).max(100) });

export const invoiceContract = {
  list: defineContract({
    method: 'get',
    path: '/invoices',
    summary: 'Invoices, filtered, searched, sorted and paged, with the sums of all that match; branch staff see their branch’s',
    tag,
    query: invoiceListQuery,
    response: invoiceList,
    example: { query: { status: 'issued', page: '1', limit: '20', sortBy: 'date', order: 'desc' } },
  }),
  export: defineContract({
    method: 'get',
    path: '/invoices/export',
    summary: 'Every invoice matching the filters as CSV or Excel',
    tag,
    produces: exportTypes,
    query: invoiceListQuery.omit({ page: true, limit: true }).extend(exportQuery),
  }),
  get: defineContract({
    method: 'get',
    path: '/invoices/:id',
    summary: 'One invoice with its lines, taxes, payments and timeline',
    tag,
    params: idParams,
    response: invoiceView,
    etag: true,
    refuses: [404],
  }),
  create: defineContract({
    method: 'post',
    path: '/invoices',
    summary: 'Save an invoice as a draft, or issue it at once with the next number of its series',
    tag,
    body: invoiceDraftBody,
    response: invoiceView,
    creates: true,
    etag: true,
    refuses: [404],
    example: {
      body: {
        kind: 'student',
        partyId: 'student-id',
        date: '2026-04-10',
        dueDate: '2026-04-25',
        lines: [{ kind: 'courseFee', description: 'Course fee', sac: '999293', quantity: 1, rate: 1_000_000, discount: 0, taxRate: 1800 }],
        notes: '',
        issue: false,
      },
    },
  }),
  update: defineContract({
    method: 'put',
    path: '/invoices/:id',
    summary: 'Change a draft; If-Match: "<version>" refuses a stale edit with 412',
    tag,
    params: idParams,
    body: invoiceDraftBody,
    response: invoiceView,
    etag: true,
    ifMatch: true,
    refuses: [404],
    example: {
      body: {
        kind: 'student',
        partyId: 'student-id',
        date: '2026-04-10',
        dueDate: '2026-04-25',
        lines: [{ kind: 'courseFee', description: 'Course fee', sac: '999293', quantity: 1, rate: 1_000_000, discount: 0, taxRate: 1800 }],
        notes: '',
        issue: false,
      },
    },
  }),
  deleteDraft: defineContract({
    method: 'delete',
    path: '/invoices/:id',
    summary:
      'Delete a draft, which has no number (its history stays in the log); an issued invoice is cancelled instead (409); If-Match: "<version>" refuses a stale delete with 412',
    tag,
    params: idParams,
    response: z.object({ _id: z.string() }),
    ifMatch: true,
    refuses: [404],
  }),
  issue: defineContract({
    method: 'post',
    path: '/invoices/:id/issue',
    summary: 'Issue a draft: its number is the next of its branch’s series for the financial year',
    tag,
    params: idParams,
    response: invoiceView,
    etag: true,
    ifMatch: true,
    refuses: [404],
  }),
  cancel: defineContract({
    method: 'post',
    path: '/invoices/:id/cancel',
    summary: 'Cancel an issued invoice with a reason; it keeps its number and a credit note reverses it',
    tag,
    params: idParams,
    body: reasonBody,
    response: invoiceView,
    etag: true,
    ifMatch: true,
    refuses: [404],
    example: { body: { reason: 'Billed twice' } },
  }),
  pdf: defineContract({
    method: 'get',
    path: '/invoices/:id/pdf',
    summary: 'The invoice as an A4 PDF',
    tag,
    params: idParams,
    produces: 'application/pdf',
    refuses: [404],
  }),
  creditNote: defineContract({
    method: 'get',
    path: '/invoices/:id/credit-note',
    summary: 'The credit note that reversed a cancelled invoice, as an A4 PDF; an invoice not cancelled has none (404)',
    tag,
    params: idParams,
    produces: 'application/pdf',
    refuses: [404],
  }),
  recordPayment: defineContract({
    method: 'post',
    path: '/invoices/:id/payments',
    summary: 'Record a payment against an issued invoice, never above what is due; answers the invoice with it',
    tag,
    params: idParams,
    body: paymentBody,
    response: invoiceView,
    creates: true,
    etag: true,
    refuses: [404],
    example: { body: { amount: 500_000, mode: 'upi', date: '2026-04-12', reference: '412345678901' } },
  }),
  reversePayment: defineContract({
    method: 'post',
    path: '/invoices/:id/payments/:paymentId/reverse',
    summary: 'Reverse a payment (a bounced cheque, a mistake) with a reason; nothing is deleted',
    tag,
    params: paymentParams,
    body: reasonBody,
    response: invoiceView,
    etag: true,
    refuses: [404],
    example: { body: { reason: 'Cheque bounced' } },
  }),
  receipt: defineContract({
    method: 'get',
    path: '/invoices/:id/payments/:paymentId/receipt',
    summary: 'The receipt of one payment as an A4 PDF',
    tag,
    params: paymentParams,
    produces: 'application/pdf',
    refuses: [404],
  }),
  payments: defineContract({
    method: 'get',
    path: '/payments',
    summary: 'Payments, filtered, sorted and paged, with totals by mode; branch staff see their branch’s',
    tag,
    query: paymentListQuery,
    response: paymentList,
    example: { query: { mode: 'upi', page: '1', limit: '20', sortBy: 'date', order: 'desc' } },
  }),
  paymentsExport: defineContract({
    method: 'get',
    path: '/payments/export',
    summary: 'Every payment matching the filters as CSV or Excel',
    tag,
    produces: exportTypes,
    query: paymentListQuery.omit({ page: true, limit: true }).extend(exportQuery),
  }),
  studentFees: defineContract({
    method: 'get',
    path: '/students/:studentId/fees',
    summary: 'A student’s fee summary, invoices and payments',
    tag,
    params: studentParams,
    response: feeSummary.extend({ invoices: z.array(invoiceRow), payments: z.array(paymentView) }),
    refuses: [404],
  }),
  settings: defineContract({
    method: 'get',
    path: '/invoices/settings',
    summary: 'The institute’s billing profile: GST registration, legal name, address, state, series code',
    tag,
    response: billingSettings,
  }),
  saveSettings: defineContract({
    method: 'put',
    path: '/invoices/settings',
    summary: 'Change the billing profile; issued invoices keep what they were issued with',
    tag,
    body: billingSettings,
    response: billingSettings,
    example: {
      body: {
        registered: true,
        gstin: '27AAAPL1234C1ZV',
        legalName: 'Institute Private Limited',
        address: 'Nagpur',
        state: 'Maharashtra',
        stateCode: '27',
        seriesCode: 'HO',
        invoiceFeesAtAdmission: false,
      },
    },
  }),
  taxRates: defineContract({
    method: 'get',
    path: '/invoices/tax-rates',
    summary: 'The GST rates, each with the days it is in force',
    tag,
    response: z.object({ rates: z.array(taxRateView) }),
  }),
  addTaxRate: defineContract({
    method: 'post',
    path: '/invoices/tax-rates',
    summary: 'Add a rate in force from a day (and up to one); issued invoices keep their rates',
    tag,
    body: taxRateBody,
    response: taxRateView,
    creates: true,
    example: { body: { rate: 1800, from: '2026-04-01', until: null } },
  }),
};
