import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireAdmin } from '~/services/auth.server';
import { exportResponse } from '~/services/export.server';
import { transactionFilters } from '~/services/wallet.server';

/** The transactions of the Transactions screen's filters as the API's CSV or Excel file, every one of them. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAdmin(request, context);
  const { page: _page, limit: _limit, ...filters } = transactionFilters(new URL(request.url).searchParams);
  return exportResponse(request, auth, { screen: '/admin/wallet/transactions', path: '/wallet/transactions/export', filters });
}
