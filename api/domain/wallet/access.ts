import { hasAnyPermission, type Actor } from '../auth/actor';
import { branchScope } from '../auth/branch-scope';

/** Read every branch's wallet: both naming sets of the product. */
const everyBranchWallets = ['WALLET_VIEW_ALL', 'WALLET_MANAGE_ALL'] as const;
export const walletViewers = [...everyBranchWallets, 'WALLET_VIEW', 'WALLET_DASHBOARD_VIEW', 'WALLET_DASHBOARD', 'WALLET_MANAGE'] as const;
export const transactionViewers = [...walletViewers, 'WALLET_TRANSACTIONS_VIEW', 'WALLET_VIEW_TRANSACTIONS'] as const;

/**
 * The branches whose wallets the caller reads: their own when they belong to a branch (whatever
 * they hold), every branch (null) for the institute's staff holding an every-branch permission,
 * none (undefined) for the institute's other staff.
 */
export function walletReadScope(actor: Actor): string[] | null | undefined {
  const own = branchScope(actor);
  if (own !== null) return [own];
  return hasAnyPermission(actor, everyBranchWallets) ? null : undefined;
}
