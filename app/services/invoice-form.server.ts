import type { Submission } from '@conform-to/react';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { invoiceMessages, type InvoiceKind, type InvoiceView } from '../../common/contracts/invoices';
import { indianDay } from '../../common/india-time';
import { draftFormSchema, invoiceFormSchema, invoicePaths, invoiceRights } from '~/lib/invoices';
import type { ApiResult } from './api.server';
import { requireAdminRoute, type AuthedApi } from './auth.server';
import { readForm, replyWithRefusal } from './forms.server';
import {
  billedParty,
  billingSettings,
  createInvoice,
  getInvoice,
  listTaxRates,
  partyWithFees,
  searchParties,
  updateDraft,
  type Party,
} from './invoices.server';
import { redirectWithToast } from './toast.server';

/** The fields of the invoice form that API errors can name; others become the form's message. */
const FORM_FIELDS = [
  'partyId',
  'date',
  'dueDate',
  'notes',
  'lines',
  ...['kind', 'description', 'sac', 'quantity', 'rate', 'discount', 'taxRate'].map((name) => `lines.${name}`),
];

/** What every invoice form needs whoever it bills: the billing profile and the GST rates. */
function formBasics(api: AuthedApi) {
  return Promise.all([billingSettings(api), listTaxRates(api)]);
}

/**
 * What the invoice form of one kind shows: the billing profile and tax rates its lines need, who
 * is billed, and the draft it edits (none when it makes a new invoice). `?partyId=` picks the
 * party (with its fee line); `?search=` lists matches, and names none, which is how the form
 * picks one without JavaScript. Otherwise the draft's own party stays.
 */
async function formScreen(
  api: AuthedApi,
  kind: InvoiceKind,
  url: URL,
  draft: InvoiceView | null,
  basics: Awaited<ReturnType<typeof formBasics>> | ReturnType<typeof formBasics>,
) {
  const params = url.searchParams;
  const partyId = params.get('partyId')?.trim() ?? '';
  const search = params.get('search')?.trim().slice(0, 100) ?? '';
  const [[settings, rates], picked, found] = await Promise.all([
    basics,
    partyId ? partyWithFees(api, kind, partyId) : null,
    search ? searchParties(api, kind, search) : null,
  ]);
  const matches: Party[] | null = found ? (found.ok ? found.data : []) : null;
  const current = draft && !partyId && !params.has('search') ? billedParty(draft) : null;
  return {
    kind,
    today: indianDay(new Date()),
    settings: {
      registered: settings.registered,
      stateCode: settings.stateCode,
      state: settings.state,
      defaultDueDays: settings.defaultDueDays,
      courseFeeSac: settings.courseFeeSac,
      courseFeeTaxRate: settings.courseFeeTaxRate,
    },
    rates: rates.ok ? rates.data.rates : [],
    party: picked?.ok ? picked.data.party : current,
    startLine: picked?.ok ? picked.data.line : null,
    search,
    matches,
    draft: draft && {
      id: draft._id,
      version: draft.version,
      date: draft.date,
      dueDate: draft.dueDate,
      notes: draft.notes,
      lines: draft.lines.map(({ kind, description, sac, quantity, rate, discount, taxRate }) => ({
        kind,
        description,
        sac,
        quantity,
        rate,
        discount,
        taxRate,
      })),
    },
    /** One per form shown: a form sent twice (a double click, a retry) is saved once. */
    idempotencyKey: crypto.randomUUID(),
  };
}

/**
 * Answers a post of the invoice form: the form again with what is wrong, or the saved invoice's
 * page with a toast.
 */
async function saveForm<Value extends { intent: 'draft' | 'issue' }>(
  submission: Submission<unknown, string[], Value>,
  headers: Headers,
  save: (value: Value) => Promise<ApiResult<InvoiceView>>,
) {
  // Adding or removing a line without JavaScript comes here too: the form comes back changed.
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: submission.status ? 400 : 200, headers });
  const { intent } = submission.value;
  const result = await save(submission.value);
  if (!result.ok)
    return replyWithRefusal(submission, result, { fields: FORM_FIELDS, fallback: 'The invoice could not be saved.', headers });
  const title = result.message || (intent === 'issue' ? invoiceMessages.issued : invoiceMessages.created);
  const number = result.data.number ? ` ${result.data.number}` : '';
  return redirectWithToast(
    invoicePaths.view(result.data._id),
    { type: 'success', title: intent === 'issue' ? `${title}${number}` : title },
    { headers },
  );
}

/** The create screen of one kind of invoice. */
export function invoiceFormLoader(kind: InvoiceKind) {
  return async ({ request, context }: LoaderFunctionArgs) => {
    const { api, headers } = await requireAdminRoute(request, context);
    return data(await formScreen(api, kind, new URL(request.url), null, formBasics(api)), { headers });
  };
}

export function invoiceFormAction(kind: InvoiceKind) {
  return async ({ request, context }: ActionFunctionArgs) => {
    const { api, headers } = await requireAdminRoute(request, context);
    const { submission } = await readForm(request, invoiceFormSchema);
    return saveForm(submission, headers, ({ intent, idempotencyKey, ...value }) =>
      createInvoice(api, { ...value, kind, issue: intent === 'issue' }, idempotencyKey),
    );
  };
}

/**
 * The edit screen of a draft, for whoever may create invoices of its kind. An invoice already
 * issued or cancelled has no form: its page says why.
 */
export async function draftFormLoader({ request, context, params }: LoaderFunctionArgs) {
  const { user, api, headers } = await requireAdminRoute(request, context);
  const id = params.id ?? '';
  const [answer, basics] = await Promise.all([getInvoice(api, id), formBasics(api)]);
  if (!answer.ok) throw data({ message: answer.message }, { status: answer.status, headers });
  const invoice = answer.data;
  if (!invoiceRights(user).create[invoice.kind]) throw redirect('/admin/access-denied', { headers });
  if (invoice.status !== 'draft') {
    throw await redirectWithToast(invoicePaths.view(id), { type: 'error', title: invoiceMessages.notDraft }, { headers });
  }
  return data(await formScreen(api, invoice.kind, new URL(request.url), invoice, basics), { headers });
}

/** Saves the draft at the version the form was opened at, and issues it when asked; the API refuses a stale or issued one. */
export async function draftFormAction({ request, context, params }: ActionFunctionArgs) {
  const { api, headers } = await requireAdminRoute(request, context);
  const { submission } = await readForm(request, draftFormSchema);
  return saveForm(submission, headers, ({ intent, idempotencyKey, version, ...value }) =>
    updateDraft(api, params.id ?? '', { ...value, issue: intent === 'issue' }, version, idempotencyKey),
  );
}
