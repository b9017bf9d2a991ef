import { gstStateCode } from '../../common/gst-states';
import { dynamicDataContract, type RecordView } from '../../common/contracts/dynamic-data';
import type { BodyOf, QueryOf } from '../../common/contracts/endpoint';
import {
  invoiceContract,
  invoiceLineKindLabels,
  type BillingSettings,
  type InvoiceKind,
  type InvoiceLineInput,
  type InvoiceView,
} from '../../common/contracts/invoices';
import { parseRupees } from '../../common/money';
import { fieldValue } from '~/lib/record-values';
import { callEndpoint, callFile, ifMatch, type ApiResult } from './api.server';
import type { AuthedApi } from './auth.server';

/** Calls to /api/v1/invoices and /api/v1/payments; every amount in paise. */

export function listInvoices(api: AuthedApi, query: QueryOf<typeof invoiceContract.list>) {
  return callEndpoint(api, invoiceContract.list, { query });
}

export function getInvoice(api: AuthedApi, id: string) {
  return callEndpoint(api, invoiceContract.get, { params: { id } });
}

export function createInvoice(api: AuthedApi, body: BodyOf<typeof invoiceContract.create>, idempotencyKey?: string) {
  return callEndpoint(api, invoiceContract.create, { body, idempotencyKey });
}

export function updateDraft(
  api: AuthedApi,
  id: string,
  body: BodyOf<typeof invoiceContract.update>,
  version: number,
  idempotencyKey?: string,
) {
  return callEndpoint(api, invoiceContract.update, { params: { id }, body, idempotencyKey, ...ifMatch(version) });
}

export function deleteDraft(api: AuthedApi, id: string, version?: number) {
  return callEndpoint(api, invoiceContract.deleteDraft, { params: { id }, ...ifMatch(version) });
}

export function issueInvoice(api: AuthedApi, id: string, version?: number) {
  return callEndpoint(api, invoiceContract.issue, { params: { id }, ...ifMatch(version) });
}

export function cancelInvoice(api: AuthedApi, id: string, reason: string, version?: number) {
  return callEndpoint(api, invoiceContract.cancel, { params: { id }, body: { reason }, ...ifMatch(version) });
}

export function recordPayment(api: AuthedApi, id: string, body: BodyOf<typeof invoiceContract.recordPayment>, idempotencyKey?: string) {
  return callEndpoint(api, invoiceContract.recordPayment, { params: { id }, body, idempotencyKey });
}

export function reversePayment(api: AuthedApi, id: string, paymentId: string, reason: string) {
  return callEndpoint(api, invoiceContract.reversePayment, { params: { id, paymentId }, body: { reason } });
}

export function invoicePdf(api: AuthedApi, id: string, origin: string) {
  return callFile(api, invoiceContract.pdf, { params: { id }, origin });
}

export function creditNotePdf(api: AuthedApi, id: string, origin: string) {
  return callFile(api, invoiceContract.creditNote, { params: { id }, origin });
}

export function receiptPdf(api: AuthedApi, id: string, paymentId: string, origin: string) {
  return callFile(api, invoiceContract.receipt, { params: { id, paymentId }, origin });
}

export function listPayments(api: AuthedApi, query: QueryOf<typeof invoiceContract.payments>) {
  return callEndpoint(api, invoiceContract.payments, { query });
}

export function listTaxRates(api: AuthedApi) {
  return callEndpoint(api, invoiceContract.taxRates);
}

/** What the forms fall back to when the billing profile cannot be read: the contract's defaults. */
const fallbackSettings: BillingSettings = {
  registered: false,
  gstin: '',
  legalName: '',
  address: '',
  state: '',
  stateCode: '',
  seriesCode: 'HO',
  invoiceFeesAtAdmission: false,
  defaultDueDays: 15,
  courseFeeSac: '999293',
  courseFeeTaxRate: 1800,
};

/** The profile as saved, or the refusal: the settings screen never shows defaults that a save would write back. */
export function readBillingSettings(api: AuthedApi) {
  return callEndpoint(api, invoiceContract.settings);
}

/** The profile the invoice forms bill with: the defaults when it cannot be read. */
export async function billingSettings(api: AuthedApi): Promise<BillingSettings> {
  const answer = await readBillingSettings(api);
  return answer.ok ? answer.data : fallbackSettings;
}

export function saveBillingSettings(api: AuthedApi, body: BodyOf<typeof invoiceContract.saveSettings>) {
  return callEndpoint(api, invoiceContract.saveSettings, { body });
}

export function addTaxRate(api: AuthedApi, body: BodyOf<typeof invoiceContract.addTaxRate>) {
  return callEndpoint(api, invoiceContract.addTaxRate, { body });
}

// ---------------------------------------------------------------------------------------------
// Who is billed: students and branches found as one types, and the fee line each starts with.

export interface Party {
  _id: string;
  name: string;
  /** Registration number and branch of a student; code of a branch. */
  detail: string;
  /** The GST code of the state it is in (its place of supply), when known: the form's taxes follow it. */
  stateCode: string | null;
}

/** The line an invoice for this party starts with: the course's fees, or the branch's entry fees. */
export type StartingLine = Pick<InvoiceLineInput, 'kind' | 'description' | 'rate'>;

const SEARCH_LIMIT = 8;

/** The formType of each kind of party in the records API. */
const partyForm: Record<InvoiceKind, 'student' | 'branch'> = { student: 'student', branch: 'branch' };

function partyOf(kind: InvoiceKind, record: RecordView): Party {
  const state = fieldValue(record, 'state');
  return {
    _id: record._id,
    name: record.title,
    detail: [kind === 'student' ? record.registrationNo : record.code, record.branchName, record.courseName].filter(Boolean).join(' · '),
    stateCode: gstStateCode(typeof state === 'string' ? state : null),
  };
}

/** Who a draft bills, as the form shows a party picked. */
export function billedParty(invoice: Pick<InvoiceView, 'party' | 'branchName'>): Party {
  const { party } = invoice;
  return {
    _id: party._id,
    name: party.name,
    detail: [party.code, invoice.branchName].filter(Boolean).join(' · '),
    stateCode: gstStateCode(party.state),
  };
}

export async function searchParties(api: AuthedApi, kind: InvoiceKind, search: string): Promise<ApiResult<Party[]>> {
  const answer = await callEndpoint(api, dynamicDataContract.list, {
    query: { formType: partyForm[kind], search: search.trim() || undefined, limit: SEARCH_LIMIT, sort: 'title', order: 'asc' },
  });
  if (!answer.ok) return answer;
  return {
    ...answer,
    data: answer.data.records.map((record) => partyOf(kind, record)),
  };
}

/** A form's number field holds rupees (`fees: 12000`); blank or malformed is no fee. */
function rupeesField(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? Math.round(value * 100) : null;
  if (typeof value === 'string') return parseRupees(value) || null;
  return null;
}

/** The party picked, and the fee line its invoice starts with when it has one. */
export async function partyWithFees(
  api: AuthedApi,
  kind: InvoiceKind,
  id: string,
): Promise<ApiResult<{ party: Party; line: StartingLine | null }>> {
  const answer = await callEndpoint(api, dynamicDataContract.show, { params: { id } });
  if (!answer.ok) return answer;
  const record = answer.data;
  if (record.formType !== partyForm[kind]) return { ok: false, status: 404, message: 'Not found' };
  const party = partyOf(kind, record);
  let line: StartingLine | null = null;
  if (kind === 'branch') {
    const rate = rupeesField(fieldValue(record, 'fees1'));
    if (rate) line = { kind: 'entryFee', description: invoiceLineKindLabels.entryFee, rate };
  } else if (record.courseId) {
    const course = await callEndpoint(api, dynamicDataContract.show, { params: { id: record.courseId } });
    const rate = course.ok ? rupeesField(fieldValue(course.data, 'fees')) : null;
    if (course.ok && rate) line = { kind: 'courseFee', description: `${invoiceLineKindLabels.courseFee}: ${course.data.title}`, rate };
  }
  return { ...answer, data: { party, line } };
}
