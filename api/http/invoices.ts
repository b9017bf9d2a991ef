import type { Context } from 'hono';
import { invoiceContract, invoiceMessages } from '../../common/contracts/invoices';
import { indianDay } from '../../common/india-time';
import type { Executor } from '../db/client';
import type { Actor } from '../domain/auth/actor';
import { invoiceCreators, invoiceReaders, paymentReaders, paymentRecorders, requireInstituteStaff } from '../domain/invoices/access';
import { addTaxRate, listTaxRates, readBillingSettings, saveBillingSettings, sellerOf } from '../domain/invoices/billing';
import {
  cancelInvoice,
  changeDraft,
  createInvoice,
  deleteDraft,
  issueInvoice,
  recordPayment,
  reversePayment,
} from '../domain/invoices/commands';
import { requireCreditNote } from '../domain/invoices/credit-note';
import { billedStudent } from '../domain/invoices/parties';
import {
  invoicesExport,
  issuedSeller,
  listInvoices,
  listPayments,
  paymentsExport,
  requireInvoice,
  studentFees,
} from '../domain/invoices/queries';
import { branchScope } from '../domain/auth/branch-scope';
import { missing } from '../domain/errors';
import { exportFile } from '../export/export-file';
import { verificationUrl } from '../pdf/exam-documents';
import { creditNotePdf, invoicePdf, receiptPdf } from '../pdf/invoice-documents';
import type { ApiDeps, ApiEnv } from './context';
import { defineEndpoint, defineFileEndpoint } from './endpoint';
import { ifMatchVersion, versionTag } from './if-match';
import { printedOrigin } from './origin';

/** Read invoices: whoever views, bills or keeps payment records, in both naming sets. */
const readers = { kind: 'permission', anyOf: invoiceReaders } as const;
/** Draft, issue and cancel: the create permissions; which kind each may bill is checked per invoice. */
const creators = { kind: 'permission', anyOf: invoiceCreators } as const;
/** Record or reverse a payment: whoever bills, and whoever keeps the payment records (the payments screen records them). */
const payers = { kind: 'permission', anyOf: [...invoiceCreators, ...paymentRecorders] } as const;
/** The payment records: their own permissions, and whoever views invoices. */
const paymentViewers = { kind: 'permission', anyOf: paymentReaders } as const;
/** The institute's billing profile and tax rates: institute-wide staff who create invoices. */
const settingsEditors = { kind: 'permission', anyOf: ['INVOICE_CREATE', 'INVOICE_CREATE_BRANCH'] } as const;

const today = (deps: ApiDeps) => indianDay(deps.clock.now());

/** A changed invoice's answer, with its version as the ETag for the next If-Match. */
async function changed(c: Context<ApiEnv>, db: Executor, actor: Actor, deps: ApiDeps, id: string, message: string, status?: 201) {
  const view = await requireInvoice(db, actor, id, today(deps));
  c.header('ETag', versionTag(view.version));
  return { status, message, data: view };
}

const list = defineEndpoint({
  ...invoiceContract.list,
  access: readers,
  async handle({ db, actor, query, deps }) {
    return { message: 'Invoices', data: await listInvoices(db, actor, query, today(deps)) };
  },
});

const exportInvoices = defineFileEndpoint({
  ...invoiceContract.export,
  access: readers,
  async handle({ db, actor, query: { format, ...filters }, deps }) {
    return exportFile(format, invoicesExport(db, actor, filters, today(deps)), today(deps));
  },
});

const get = defineEndpoint({
  ...invoiceContract.get,
  access: readers,
  async handle({ db, actor, params, deps, c }) {
    const view = await requireInvoice(db, actor, params.id, today(deps));
    c.header('ETag', versionTag(view.version));
    return { message: 'Invoice', data: view };
  },
});

const create = defineEndpoint({
  ...invoiceContract.create,
  access: creators,
  async handle({ tx, meta, actor, body, deps, c }) {
    const id = await createInvoice({ tx, meta }, actor, body);
    return changed(c, tx, actor, deps, id, body.issue ? invoiceMessages.issued : invoiceMessages.created, 201);
  },
});

const update = defineEndpoint({
  ...invoiceContract.update,
  access: creators,
  async handle({ tx, meta, actor, params, body, deps, c }) {
    await changeDraft({ tx, meta }, actor, params.id, body, ifMatchVersion(c));
    return changed(c, tx, actor, deps, params.id, body.issue ? invoiceMessages.issued : invoiceMessages.created);
  },
});

const remove = defineEndpoint({
  ...invoiceContract.deleteDraft,
  access: creators,
  async handle({ tx, meta, actor, params, c }) {
    await deleteDraft({ tx, meta }, actor, params.id, ifMatchVersion(c));
    return { message: invoiceMessages.draftDeleted, data: { _id: params.id } };
  },
});

const issue = defineEndpoint({
  ...invoiceContract.issue,
  access: creators,
  async handle({ tx, meta, actor, params, deps, c }) {
    await issueInvoice({ tx, meta }, actor, params.id, ifMatchVersion(c));
    return changed(c, tx, actor, deps, params.id, invoiceMessages.issued);
  },
});

const cancel = defineEndpoint({
  ...invoiceContract.cancel,
  access: creators,
  async handle({ tx, meta, actor, params, body, deps, c }) {
    await cancelInvoice({ tx, meta }, actor, params.id, body.reason, ifMatchVersion(c));
    return changed(c, tx, actor, deps, params.id, invoiceMessages.cancelled);
  },
});

/** The institute as an invoice prints it: as it was at issue, or as it is for a draft. */
async function institute(db: Executor, invoiceId: string) {
  return (await issuedSeller(db, invoiceId)) ?? sellerOf(await readBillingSettings(db));
}

const fileName = (...parts: Array<string | null>) => `${parts.filter(Boolean).join('-')}.pdf`;

/** The public page a bill's QR code opens; a draft has no code and goes out without one. */
const verifyUrlOf = (c: Context<ApiEnv>, deps: ApiDeps, code: string | null) =>
  code ? verificationUrl(printedOrigin(c, deps), code) : null;

const pdf = defineFileEndpoint({
  ...invoiceContract.pdf,
  access: readers,
  async handle({ db, actor, params, deps, c }) {
    const invoice = await requireInvoice(db, actor, params.id, today(deps));
    const verifyUrl = verifyUrlOf(c, deps, invoice.verificationCode);
    const bytes = await invoicePdf({ invoice, institute: await institute(db, invoice._id), verifyUrl });
    return { file: { bytes, name: fileName('invoice', invoice.number ?? 'draft'), type: 'application/pdf' } };
  },
});

const creditNote = defineFileEndpoint({
  ...invoiceContract.creditNote,
  access: readers,
  async handle({ db, actor, params, deps, c }) {
    const invoice = await requireInvoice(db, actor, params.id, today(deps));
    const note = requireCreditNote(invoice);
    const verifyUrl = verifyUrlOf(c, deps, note.code);
    const bytes = await creditNotePdf({ invoice, note, institute: await institute(db, invoice._id), verifyUrl });
    return { file: { bytes, name: fileName('credit-note', note.number), type: 'application/pdf' } };
  },
});

const pay = defineEndpoint({
  ...invoiceContract.recordPayment,
  access: payers,
  async handle({ tx, meta, actor, params, body, deps, c }) {
    await recordPayment({ tx, meta }, actor, params.id, body);
    return changed(c, tx, actor, deps, params.id, invoiceMessages.paymentRecorded, 201);
  },
});

const reverse = defineEndpoint({
  ...invoiceContract.reversePayment,
  access: payers,
  async handle({ tx, meta, actor, params, body, deps, c }) {
    await reversePayment({ tx, meta }, actor, params.id, params.paymentId, body.reason);
    return changed(c, tx, actor, deps, params.id, invoiceMessages.paymentReversed);
  },
});

const receipt = defineFileEndpoint({
  ...invoiceContract.receipt,
  access: readers,
  async handle({ db, actor, params, deps, c }) {
    const invoice = await requireInvoice(db, actor, params.id, today(deps));
    const payment = invoice.payments.find((p) => p._id === params.paymentId);
    if (!payment) throw missing(invoiceMessages.paymentMissing);
    const verifyUrl = verifyUrlOf(c, deps, payment.verificationCode);
    const bytes = await receiptPdf({ invoice, payment, institute: await institute(db, invoice._id), verifyUrl });
    return { file: { bytes, name: fileName('receipt', payment.receiptNumber), type: 'application/pdf' } };
  },
});

const payments = defineEndpoint({
  ...invoiceContract.payments,
  access: paymentViewers,
  async handle({ db, actor, query }) {
    return { message: 'Payments', data: await listPayments(db, actor, query) };
  },
});

const exportPayments = defineFileEndpoint({
  ...invoiceContract.paymentsExport,
  access: paymentViewers,
  async handle({ db, actor, query: { format, ...filters }, deps }) {
    return exportFile(format, paymentsExport(db, actor, filters), today(deps));
  },
});

const fees = defineEndpoint({
  ...invoiceContract.studentFees,
  // A student's money is for those who read invoices, not for everyone who reads students.
  access: readers,
  async handle({ db, actor, params, deps }) {
    const student = await billedStudent(db, params.studentId);
    const scope = branchScope(actor);
    if (!student || (scope !== null && student.branchId !== scope)) throw missing(invoiceMessages.studentMissing);
    return { message: 'Fees', data: await studentFees(db, actor, params.studentId, today(deps)) };
  },
});

const settings = defineEndpoint({
  ...invoiceContract.settings,
  access: readers,
  async handle({ db }) {
    return { message: 'Billing settings', data: await readBillingSettings(db) };
  },
});

const saveSettings = defineEndpoint({
  ...invoiceContract.saveSettings,
  access: settingsEditors,
  changesSettings: true,
  async handle({ tx, meta, actor, body }) {
    requireInstituteStaff(actor);
    return { message: invoiceMessages.settingsSaved, data: await saveBillingSettings({ tx, meta }, body) };
  },
});

const taxRates = defineEndpoint({
  ...invoiceContract.taxRates,
  access: readers,
  async handle({ db }) {
    return { message: 'Tax rates', data: { rates: await listTaxRates(db) } };
  },
});

const newTaxRate = defineEndpoint({
  ...invoiceContract.addTaxRate,
  access: settingsEditors,
  async handle({ tx, meta, actor, body }) {
    requireInstituteStaff(actor);
    return { status: 201, message: invoiceMessages.taxRateAdded, data: await addTaxRate({ tx, meta }, body) };
  },
});

/** Fixed paths (export, settings, tax rates) come before `/invoices/:id`, which would take them for an id. */
export const invoiceEndpoints = [
  list,
  exportInvoices,
  settings,
  saveSettings,
  taxRates,
  newTaxRate,
  get,
  create,
  update,
  remove,
  issue,
  cancel,
  pdf,
  creditNote,
  pay,
  reverse,
  receipt,
  payments,
  exportPayments,
  fees,
];
