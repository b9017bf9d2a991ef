/**
 * The branch wallet's rules that both tiers know (docs/decisions/007-wallet-base-path-and-ledger.md);
 * its answers are in the contract, common/contracts/wallet.ts. Every amount is an integer number of paise.
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

/** How the screens and exports name the ledger's kinds of entry. */
export const ledgerKindLabels: Record<LedgerKind, string> = {
  credit: 'Top-up',
  charge: 'Charge',
  refund: 'Refund',
  adjustment: 'Adjustment',
};

export type {
  AdmissionCharge,
  ChargeQuote,
  Movements,
  OperationPrice,
  StatisticsPeriod,
  TransactionPage,
  WalletBalance,
  WalletStatistics,
  WalletTransaction,
} from './contracts/wallet';

/** The name an operation goes by when it has no price of its own. */
export function defaultOperationName(operationKey: string): string {
  return operationKey === ADMISSION_OPERATION.key ? ADMISSION_OPERATION.name : operationKey;
}
