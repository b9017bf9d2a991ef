import { Link, useFetcher } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { cn } from '~/components/ui/cn';
import { WalletIcon } from '~/components/ui/icons';
import { Skeleton } from '~/components/ui/skeleton';
import type { WalletBalanceAnswer } from '~/routes/resources.wallet-balance';
import { ADMISSION_OPERATION } from '../../../common/wallet';
import { formatRupees } from '~/utils/format';

const WALLET_BALANCE_FETCHER = 'wallet-balance';
const WALLET_BALANCE_URL = `/resources/wallet-balance?operation=${ADMISSION_OPERATION.key}`;

/**
 * The branch wallet's balance for the shell's header: shown to users of a wallet-enabled branch,
 * amber once it no longer covers an admission. It reads the balance after the page loads and
 * again after every form the user submits (Remix revalidates loaded fetchers after actions).
 */
export function WalletBalanceBadge({ className }: { className?: string }) {
  const fetcher = useFetcher<WalletBalanceAnswer>({ key: WALLET_BALANCE_FETCHER });
  const loaded = fetcher.data !== undefined;
  const { load } = fetcher;
  const requested = useRef(false);
  useEffect(() => {
    // Once per mount: later reads come from revalidation.
    if (loaded || requested.current) return;
    requested.current = true;
    load(WALLET_BALANCE_URL);
  }, [loaded, load]);

  if (!loaded) return <Skeleton className={cn('h-8 w-24 rounded-full', className)} />;
  const wallet = fetcher.data?.wallet;
  if (!wallet?.walletEnabled) return null;
  const quote = fetcher.data?.quote;
  const low = quote?.enabled && quote.price !== null && quote.price > 0 && wallet.balance < quote.price;
  const label = `Wallet balance ${formatRupees(wallet.balance)}${low ? `, below the price of ${quote!.operationName}` : ''}`;
  const body = (
    <>
      <WalletIcon aria-hidden="true" className="size-4" />
      <span className="tabular-nums">{formatRupees(wallet.balance)}</span>
    </>
  );
  const look = cn(
    'inline-flex h-8 items-center gap-1.5 rounded-full border px-3 text-sm font-medium whitespace-nowrap transition-colors',
    low ? 'border-amber-500/40 bg-amber-500/10 text-amber-800 dark:text-amber-300' : 'bg-background text-foreground hover:bg-accent',
    className,
  );
  return fetcher.data?.canOpenDashboard ? (
    <Link to="/admin/wallet/dashboard" data-slot="wallet-balance-badge" className={look} aria-label={label} title={label}>
      {body}
    </Link>
  ) : (
    <span data-slot="wallet-balance-badge" role="status" className={look} aria-label={label} title={label}>
      {body}
    </span>
  );
}
