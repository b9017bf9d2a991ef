import type { z } from 'zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { indianDay } from '../../common/india-time';
import { gstStateCode } from '../../common/gst-states';
import { invoiceMessages } from '../../common/contracts/invoices';
import { BackLink } from '~/components/back-link';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import {
  AddTaxRateForm,
  BillingProfileForm,
  BillingProfileView,
  BillingSection,
  TaxRatesTable,
} from '~/components/invoices/billing-settings';
import { billingSettingsSchema, PROFILE_FIELDS, RATE_FIELDS } from '~/components/invoices/billing-settings-schema';
import { PageHeader } from '~/components/list/page-header';
import { invoicePaths } from '~/lib/invoices';
import { requireAdminRoute, type AuthedApi } from '~/services/auth.server';
import { readForm, replyWithRefusal } from '~/services/forms.server';
import { addTaxRate, listTaxRates, readBillingSettings, saveBillingSettings } from '~/services/invoices.server';
import { redirectWithToast } from '~/services/toast.server';

const title = 'Billing settings';

export const meta: MetaFunction = () => [{ title }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api, headers } = await requireAdminRoute(request, context);
  const [settings, rates] = await Promise.all([readBillingSettings(api), listTaxRates(api)]);
  if (!settings.ok) throw data({ message: settings.message }, { status: settings.status, headers });
  if (!rates.ok) throw data({ message: rates.message }, { status: rates.status, headers });
  return data(
    {
      settings: settings.data,
      rates: rates.data.rates,
      today: indianDay(new Date()),
      // The API refuses a branch's staff; the screen shows them the profile they bill with.
      editable: !user.branchId,
    },
    { headers },
  );
}

/** A form's post as the API takes it: the profile with its state's code, or a rate. */
function save(api: AuthedApi, value: z.infer<typeof billingSettingsSchema>) {
  if (value.intent !== 'profile') return addTaxRate(api, { rate: value.rate, from: value.from, until: value.until });
  const { intent: _profile, ...profile } = value;
  // The schema accepts only states with a code: the user picks the state, never its code.
  return saveBillingSettings(api, { ...profile, stateCode: gstStateCode(value.state) ?? '' });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, headers } = await requireAdminRoute(request, context);
  const { submission } = await readForm(request, billingSettingsSchema);
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400, headers });
  const { intent } = submission.value;
  const result = await save(api, submission.value);
  if (!result.ok) {
    return replyWithRefusal(submission, result, {
      fields: intent === 'profile' ? PROFILE_FIELDS : RATE_FIELDS,
      fallback: 'The billing settings could not be saved. Try again.',
      headers,
      // The state's code is the server's to find: an error of it is an error of the state picked.
      aliases: { stateCode: 'state' },
    });
  }
  const fallback = intent === 'profile' ? invoiceMessages.settingsSaved : invoiceMessages.taxRateAdded;
  return redirectWithToast(invoicePaths.settings, { type: 'success', title: result.message || fallback }, { headers });
}

export default function BillingSettings() {
  const { settings, rates, today, editable } = useLoaderData<typeof loader>();
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-5">
      <BackLink to={invoicePaths.list}>Invoices</BackLink>
      <PageHeader title={title} description="How the institute appears on its invoices, and the GST rates they may charge." />
      <div className="grid min-w-0 gap-5">
        <BillingSection
          id="billing-profile-title"
          title="Billing profile"
          description="Issued invoices keep what they were issued with; a change applies to the next ones."
        >
          {editable ? (
            <BillingProfileForm settings={settings} rates={rates} today={today} />
          ) : (
            <BillingProfileView settings={settings} note={invoiceMessages.settingsInstituteOnly} />
          )}
        </BillingSection>
        <BillingSection
          id="gst-rates-title"
          title="GST rates"
          description="An invoice line may charge a rate in force on the invoice date."
        >
          <div className="grid gap-4">
            <TaxRatesTable rates={rates} />
            {/* A rate added leaves an empty form for the next one. */}
            {editable ? <AddTaxRateForm key={rates.length} /> : null}
          </div>
        </BillingSection>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title={title} />;
}
