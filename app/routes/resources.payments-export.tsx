import type { LoaderFunctionArgs } from '@remix-run/node';
import { paymentApiQuery, invoicePaths, parsePaymentQuery, paymentDefaults } from '~/lib/invoices';
import { requireAdmin } from '~/services/auth.server';
import { exportResponse } from '~/services/export.server';

/** The payments of the Payment Records screen's filters as the API's CSV or Excel file, every one of them. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAdmin(request, context);
  const { page: _page, limit: _limit, ...query } = parsePaymentQuery(new URL(request.url).searchParams, paymentDefaults);
  return exportResponse(request, auth, { screen: invoicePaths.payments, path: '/payments/export', filters: paymentApiQuery(query) });
}
