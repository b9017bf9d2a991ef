import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { indianDay } from '../../common/india-time';
import { gstStateCode } from '../../common/gst-states';
import { invoiceMessages } from '../../common/contracts/invoices';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import {
  AddTaxRateForm,
  BillingProfileForm,
  BillingProfileView,
  BillingSection,
  TaxRatesTable,
} from '~/components/invoices/billing-settings';
import { billingSettingsPath, billingSettingsSchema, PROFILE_FIELDS, RATE_FIELDS } from '~/components/invoices/billing-settings-schema';
import { PageHeader } from '~/components/list/page-header';
import { Button } from '~/components/ui/button';
import { ArrowLeftIcon } from '~/components/ui/icons';
import { formErrorsFrom, invoicePaths } from '~/lib/invoices';
import { failureMessage } from '~/services/api.server';
import { requireAdminRoute } from '~/services/auth.server';
import { addTaxRate, readBillingSettings, saveBillingSettings } from '~/services/billing-settings.server';
import { readForm } from '~/services/forms.server';
import { listTaxRates } from '~/services/invoices.server';
import { redirectWithToast } from '~/services/toast.server';

const title = 'Billing settings';
/** The API's refusal to branch staff, said before they try. */
const INSTITUTE_ONLY = 'Only the institute’s staff change billing settings';

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

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, headers } = await requireAdminRoute(request, context);
  const { submission } = await readForm(request, billingSettingsSchema);
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400, headers });
  const value = submission.value;
  const result =
    value.intent === 'profile'
      ? await saveBillingSettings(api, {
          registered: value.registered,
          gstin: value.gstin,
          legalName: value.legalName,
          address: value.address,
          state: value.state,
          // The schema accepts only states with a code: the user picks the state, never its code.
          stateCode: gstStateCode(value.state) ?? '',
          seriesCode: value.seriesCode,
          invoiceFeesAtAdmission: value.invoiceFeesAtAdmission,
          defaultDueDays: value.defaultDueDays,
          courseFeeSac: value.courseFeeSac,
          courseFeeTaxRate: value.courseFeeTaxRate,
        })
      : await addTaxRate(api, { rate: value.rate, from: value.from, until: value.until });
  if (!result.ok) {
    const message = failureMessage(result, 'The billing settings could not be saved. Try again.');
    const { stateCode, ...errors } = result.errors ?? {};
    const { fieldErrors, rest } = formErrorsFrom(
      stateCode ? { ...errors, state: [...(errors.state ?? []), ...stateCode] } : errors,
      value.intent === 'profile' ? PROFILE_FIELDS : RATE_FIELDS,
    );
    const formErrors = rest.length || !Object.keys(fieldErrors).length ? [message] : [];
    return data({ result: submission.reply({ formErrors, fieldErrors }) }, { status: result.status >= 500 ? 500 : 400, headers });
  }
  const fallback = value.intent === 'profile' ? invoiceMessages.settingsSaved : invoiceMessages.taxRateAdded;
  return redirectWithToast(billingSettingsPath, { type: 'success', title: result.message || fallback }, { headers });
}

export default function BillingSettings() {
  const { settings, rates, today, editable } = useLoaderData<typeof loader>();
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-5">
      <div>
        <Button asChild variant="ghost" size="sm" className="-ml-2">
          <Link to={invoicePaths.list}>
            <ArrowLeftIcon aria-hidden="true" /> Invoices
          </Link>
        </Button>
      </div>
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
            <BillingProfileView settings={settings} note={INSTITUTE_ONLY} />
          )}
        </BillingSection>
        <BillingSection
          id="gst-rates-title"
          title="GST rates"
          description="An invoice line may charge a rate in force on the invoice date."
        >
          <div className="grid gap-4">
            <TaxRatesTable rates={rates} />
            {editable ? <AddTaxRateForm /> : null}
          </div>
        </BillingSection>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title={title} />;
}
