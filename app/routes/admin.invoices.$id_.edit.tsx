import type { MetaFunction } from '@remix-run/node';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { InvoiceFormPage } from '~/components/invoices/invoice-form-page';
import { draftFormAction, draftFormLoader } from '~/services/invoice-form.server';

const title = 'Edit draft invoice';

export const meta: MetaFunction = () => [{ title }];

export const loader = draftFormLoader;

export const action = draftFormAction;

export default function EditDraftInvoice() {
  return <InvoiceFormPage title={title} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title={title} />;
}
