/**
 * The wallet as /api/v1/wallet answers it (docs/decisions/007-wallet-base-path-and-ledger.md).
 * Every amount is an integer number of paise.
 */

export const ledgerKinds = ['credit', 'charge', 'refund', 'adjustment'] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

export const ledgerKindLabels: Record<LedgerKind, string> = {
  credit: 'Top-up',
  charge: 'Charge',
  refund: 'Refund',
  adjustment: 'Adjustment',
};

export interface WalletBalance {
  _id: string;
  branchId: string;
  branchName: string;
  walletEnabled: boolean;
  balance: number;
  updatedAt: string | null;
}

export interface WalletTransaction {
  _id: string;
  id: string;
  branchId: string;
  branchName: string | null;
  kind: LedgerKind;
  /** Signed: credits and refunds positive, charges negative. */
  amount: number;
  balanceAfter: number;
  operationKey: string | null;
  operationName: string | null;
  referenceId: string | null;
  refundOf: string | null;
  refundedBy: string | null;
  note: string;
  actorId: string | null;
  createdAt: string;
}

export interface TransactionPage {
  transactions: WalletTransaction[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
}

export interface Movements {
  credits: number;
  charges: number;
  refunds: number;
  adjustments: number;
  net: number;
  count: number;
}

export type StatisticsPeriod = 'day' | 'month';

export interface WalletStatistics {
  branchId: string | null;
  period: StatisticsPeriod;
  from: string;
  to: string;
  balance: number;
  totals: Movements;
  thisMonth: { from: string; spend: number; charges: number; refunds: number; topUps: number; count: number };
  byPeriod: (Movements & { period: string })[];
  byOperation: { operationKey: string; operationName: string; count: number; charged: number; refunded: number; spend: number }[];
  byBranch: (Movements & { branchId: string; branchName: string | null; balance: number })[];
}

export interface OperationPrice {
  _id: string;
  id: string;
  operationKey: string;
  operationName: string;
  price: number;
  enabled: boolean;
  description: string;
  createdAt: string;
  updatedAt: string;
}

/** What an admission cost (the `data.charge` of POST /dynamic-data). */
export interface AdmissionCharge {
  charged: boolean;
  price: number;
  balance: number;
  operationName: string;
}

/** What an operation is about to cost the caller's branch, read before asking to confirm. */
export interface ChargeQuote {
  operationKey: string;
  operationName: string;
  /** Paise; null when the price could not be read. */
  price: number | null;
  /** The price exists and is switched on. */
  enabled: boolean;
  /** The caller's branch uses the wallet. */
  walletEnabled: boolean;
  /** Paise in the caller's branch's wallet; null when unknown. */
  balance: number | null;
}

/** The largest amount one API call may move (the API's own limit): ₹10,00,00,000.00. */
export const MAX_AMOUNT_PAISE = 10_000_000_000;

/** The page sizes the Transactions screen offers. */
export const TRANSACTION_PAGE_SIZES = [10, 20, 50, 100] as const;
