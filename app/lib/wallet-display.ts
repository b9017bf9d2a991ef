import type { LedgerKind } from '../../common/wallet';

/** How the wallet screens name the ledger's kinds of entry. */
export const ledgerKindLabels: Record<LedgerKind, string> = {
  credit: 'Top-up',
  charge: 'Charge',
  refund: 'Refund',
  adjustment: 'Adjustment',
};

/** The page sizes the Transactions screen offers. */
export const TRANSACTION_PAGE_SIZES = [10, 20, 50, 100] as const;
