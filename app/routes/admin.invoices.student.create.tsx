import type { MetaFunction } from '@remix-run/node';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { InvoiceFormPage } from '~/components/invoices/invoice-form-page';
import { invoiceFormAction, invoiceFormLoader } from '~/services/invoice-form.server';

const title = 'Create Student Invoice';

export const meta: MetaFunction = () => [{ title }];

export const loader = invoiceFormLoader('student');

export const action = invoiceFormAction('student');

export default function CreateStudentInvoice() {
  return <InvoiceFormPage title={title} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title={title} />;
}
