import type { LoaderFunctionArgs } from '@remix-run/node';
import type { ChargeQuote, WalletBalance } from '~/components/wallet/types';
import { requireAdmin } from '~/services/auth.server';
import { canOpen, findAdminRoute } from '~/services/route-registry';
import { ADMISSION_OPERATION, chargeQuote, currentWalletBalance } from '~/services/wallet.server';

export interface WalletBalanceAnswer {
  /** The caller's branch's wallet; null for users outside a branch. */
  wallet: WalletBalance | null;
  /** What the operation named by `?operation=` costs, with the balance. */
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
  const operationKey = new URL(request.url).searchParams.get('operation')?.trim().toUpperCase();
  const dashboard = findAdminRoute('/admin/wallet/dashboard');
  const answer: WalletBalanceAnswer = {
    wallet: null,
    quote: null,
    canOpenDashboard: dashboard ? canOpen(dashboard, user) : false,
  };
  if (user.branchId) {
    const balance = await currentWalletBalance(api);
    if (balance.ok) answer.wallet = balance.data;
  }
  if (operationKey) {
    const operation = operationKey === ADMISSION_OPERATION.key ? ADMISSION_OPERATION : { key: operationKey, name: operationKey };
    answer.quote = await chargeQuote(api, user, operation, answer.wallet);
  }
  return Response.json(answer, { headers });
}
