import type { LoaderFunctionArgs } from '@remix-run/node';
import type { ChargeQuote, WalletBalance } from '../../common/wallet';
import { requireAdmin } from '~/services/auth.server';
import { canOpen, findAdminRoute } from '~/lib/route-registry';
import { chargeQuote, currentWalletBalance } from '~/services/wallet.server';

export interface WalletBalanceAnswer {
  /** The caller's branch's wallet; null for users outside a branch. */
  wallet: WalletBalance | null;
  /**
   * What the operation named by `?operation=` would cost the branch named by `?branch=` (the
   * caller's own when left out), with its balance; null when it cannot be read.
   */
  quote: ChargeQuote | null;
  /** Whether the badge may link to the wallet dashboard. */
  canOpenDashboard: boolean;
}

/**
 * The signed-in user's own wallet for the shell's balance badge, and (with `?operation=KEY`)
 * the price and balance the charge flow shows before it asks to confirm.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api, headers } = await requireAdmin(request, context);
  headers.set('Cache-Control', 'private, no-store');
  const search = new URL(request.url).searchParams;
  const operationKey = search.get('operation')?.trim().toUpperCase();
  const branchId = search.get('branch')?.trim() || user.branchId || undefined;
  const dashboard = findAdminRoute('/admin/wallet/dashboard');
  const [wallet, quote] = await Promise.all([
    user.branchId ? currentWalletBalance(api) : null,
    operationKey && branchId ? chargeQuote(api, operationKey, branchId) : null,
  ]);
  const answer: WalletBalanceAnswer = {
    wallet: wallet?.ok ? wallet.data : null,
    quote: quote?.ok ? quote.data : null,
    canOpenDashboard: dashboard ? canOpen(dashboard, user) : false,
  };
  return Response.json(answer, { headers });
}
