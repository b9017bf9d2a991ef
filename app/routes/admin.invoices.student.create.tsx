import type { MetaFunction } from '@remix-run/node';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { InvoiceCreatePage } from '~/components/invoices/invoice-create-page';
import { invoiceFormAction, invoiceFormLoader } from '~/services/invoice-form.server';

const title = 'Create Student Invoice';

export const meta: MetaFunction = () => [{ title }];

export const loader = invoiceFormLoader('student');

export const action = invoiceFormAction('student');

export default function CreateStudentInvoice() {
  return <InvoiceCreatePage title={title} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title={title} />;
}
