/**
 * The branch wallet as the API answers it and the web shows it
 * (docs/decisions/007-wallet-base-path-and-ledger.md). Every amount is an integer number of paise.
 */

/** The operation the product charges for when a branch admits a student, and its name when it has no price yet. */
export const ADMISSION_OPERATION = { key: 'ADD_STUDENT', name: 'Add Student' } as const;

/** An operation key: capital letters, digits and underscores, such as ADD_STUDENT. */
export const OPERATION_KEY_PATTERN = /^[A-Z][A-Z0-9_]{0,63}$/;

/** The largest amount one API call may move: ₹10,00,00,000.00 (10^10 paise). */
export const MAX_AMOUNT_PAISE = 10_000_000_000;

/** SPEC.md section 8: what the form says when the wallet refuses an operation. */
export const WALLET_BLOCKED_MESSAGE = 'Cannot proceed: Insufficient wallet balance or cost deduction failed.';

export const ledgerKinds = ['credit', 'charge', 'refund', 'adjustment'] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

/** A branch's wallet; a branch that never had money has a balance of 0. */
export interface WalletBalance {
  _id: string;
  branchId: string;
  branchName: string;
  walletEnabled: boolean;
  balance: number;
  updatedAt: string | null;
}

/** One ledger entry; amounts signed (credits and refunds positive, charges negative). */
export interface WalletTransaction {
  _id: string;
  id: string;
  branchId: string;
  branchName: string | null;
  kind: LedgerKind;
  amount: number;
  /** The balance right after this entry. */
  balanceAfter: number;
  operationKey: string | null;
  operationName: string | null;
  referenceId: string | null;
  /** On a refund: the charge it reverses. */
  refundOf: string | null;
  /** On a refunded charge: the refund. */
  refundedBy: string | null;
  note: string;
  actorId: string | null;
  createdAt: string;
}

export interface TransactionPage {
  transactions: WalletTransaction[];
  /** Matches of the filters, over every page. */
  total: number;
  page: number;
  limit: number;
  totalPages: number;
}

export type StatisticsPeriod = 'day' | 'month';

/** Movements, each a positive sum except `adjustments` and `net`, which are signed. */
export interface Movements {
  credits: number;
  charges: number;
  refunds: number;
  adjustments: number;
  /** Everything added minus everything taken. */
  net: number;
  count: number;
}

export interface WalletStatistics {
  branchId: string | null;
  period: StatisticsPeriod;
  from: string;
  to: string;
  /** In the wallets in scope now. */
  balance: number;
  /** Over [from, to). */
  totals: Movements;
  thisMonth: {
    from: string;
    /** Charges less their refunds. */
    spend: number;
    charges: number;
    refunds: number;
    topUps: number;
    count: number;
  };
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

/** What charging a branch for an operation would cost now, asked before confirming it. */
export interface ChargeQuote {
  branchId: string;
  operationKey: string;
  /** The price's own name, or the operation's default name when it has no price. */
  operationName: string;
  /** The price; 0 without one. */
  price: number;
  /** The price exists and is switched on. */
  enabled: boolean;
  /** The branch uses the wallet. */
  walletEnabled: boolean;
  balance: number;
}

/** What an admission cost its branch's wallet (the `data.charge` of POST /dynamic-data). */
export interface AdmissionCharge {
  charged: boolean;
  price: number;
  /** Left in the wallet. */
  balance: number;
  /** The price's own name, as the ledger entry has it. */
  operationName: string;
}

/** The name an operation goes by when it has no price of its own. */
export function defaultOperationName(operationKey: string): string {
  return operationKey === ADMISSION_OPERATION.key ? ADMISSION_OPERATION.name : operationKey;
}
