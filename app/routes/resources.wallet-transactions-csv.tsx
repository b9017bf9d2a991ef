import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireAdmin } from '~/services/auth.server';
import { canOpen, findAdminRoute } from '~/lib/route-registry';
import { csvFileName, transactionFilters, transactionsCsv } from '~/services/wallet.server';

/**
 * The transactions of the Transactions screen's filters as a CSV file: every page, streamed,
 * rupee amounts as plain numbers with two decimals. The screen's own guard applies.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api, headers } = await requireAdmin(request, context);
  const screen = findAdminRoute('/admin/wallet/transactions');
  if (!screen || !canOpen(screen, user)) {
    return new Response('You may not export wallet transactions.', { status: 403, headers });
  }
  const filters = transactionFilters(new URL(request.url).searchParams);
  if (user.branchId) filters.branchId = undefined;
  const csv = await transactionsCsv(api, filters);
  if (!csv.ok) return new Response(csv.message, { status: csv.status, headers });

  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  headers.set('Content-Type', 'text/csv; charset=utf-8');
  headers.set('Content-Disposition', `attachment; filename="${csvFileName(filters, today)}"`);
  headers.set('Cache-Control', 'private, no-store');
  return new Response(csv.data, { status: 200, headers });
}
