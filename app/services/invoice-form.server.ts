import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { invoiceMessages, type InvoiceKind } from '../../common/contracts/invoices';
import { indianDay } from '../../common/india-time';
import { formErrorsFrom, invoiceFormSchema, invoicePaths } from '~/lib/invoices';
import { failureMessage } from './api.server';
import { requireAdminRoute } from './auth.server';
import { readForm } from './forms.server';
import { billingSettings, createInvoice, listTaxRates, partyWithFees, searchParties, type Party } from './invoices.server';
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

/**
 * The create screen of one kind of invoice: the billing profile and tax rates its lines need,
 * and who is billed. `?partyId=` picks the party (with its fee line); `?search=` lists matches,
 * which is how the form picks one without JavaScript.
 */
export function invoiceFormLoader(kind: InvoiceKind) {
  return async ({ request, context }: LoaderFunctionArgs) => {
    const { api, headers } = await requireAdminRoute(request, context);
    const params = new URL(request.url).searchParams;
    const partyId = params.get('partyId')?.trim() ?? '';
    const search = params.get('search')?.trim().slice(0, 100) ?? '';
    const [settings, rates, picked, found] = await Promise.all([
      billingSettings(api),
      listTaxRates(api),
      partyId ? partyWithFees(api, kind, partyId) : null,
      search ? searchParties(api, kind, search) : null,
    ]);
    const matches: Party[] | null = found ? (found.ok ? found.data : []) : null;
    return data(
      {
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
        party: picked?.ok ? picked.data.party : null,
        startLine: picked?.ok ? picked.data.line : null,
        search,
        matches,
        /** One per form shown: a form sent twice (a double click, a retry) makes one invoice. */
        idempotencyKey: crypto.randomUUID(),
      },
      { headers },
    );
  };
}

export function invoiceFormAction(kind: InvoiceKind) {
  return async ({ request, context }: ActionFunctionArgs) => {
    const { api, headers } = await requireAdminRoute(request, context);
    const { submission } = await readForm(request, invoiceFormSchema);
    // Adding or removing a line without JavaScript comes here too: the form comes back changed.
    if (submission.status !== 'success') return data({ result: submission.reply() }, { status: submission.status ? 400 : 200, headers });
    const { intent, idempotencyKey, ...value } = submission.value;
    const result = await createInvoice(api, { ...value, kind, issue: intent === 'issue' }, idempotencyKey);
    if (!result.ok) {
      const { fieldErrors, rest } = formErrorsFrom(result.errors, FORM_FIELDS);
      const formErrors = rest.length || !Object.keys(fieldErrors).length ? [failureMessage(result, 'The invoice could not be saved.')] : [];
      return data({ result: submission.reply({ formErrors, fieldErrors }) }, { status: result.status >= 500 ? 500 : 400, headers });
    }
    const title = result.message || (intent === 'issue' ? invoiceMessages.issued : invoiceMessages.created);
    const number = result.data.number ? ` ${result.data.number}` : '';
    return redirectWithToast(
      invoicePaths.view(result.data._id),
      { type: 'success', title: intent === 'issue' ? `${title}${number}` : title },
      { headers },
    );
  };
}
