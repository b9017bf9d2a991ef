import type { LoaderFunctionArgs } from '@remix-run/node';
import { invoiceApiQuery, invoiceDefaults, invoicePaths, parseInvoiceQuery } from '~/lib/invoices';
import { requireAdmin } from '~/services/auth.server';
import { exportResponse } from '~/services/export.server';

/** The invoices of the Invoices screen's filters as the API's CSV or Excel file, every one of them. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAdmin(request, context);
  const { page: _page, limit: _limit, ...query } = parseInvoiceQuery(new URL(request.url).searchParams, invoiceDefaults);
  return exportResponse(request, auth, { screen: invoicePaths.list, path: '/invoices/export', filters: invoiceApiQuery(query) });
}
