import { append } from '../../db/event-store';
import type { WalletCreditedData } from './events';
import { invalid, notFound } from '../errors';
import type { CommandContext } from '../command';
import { newId } from '../ids';
import { findBranch } from './branches';
import type { WalletTransaction } from '../../../common/wallet';
import { findTransaction } from './ledger';
import { walletStream } from './streams';
import { openAndLockWallet } from './wallet-row';

export interface CreditWalletInput {
  branchId: string;
  /** Paise, positive. */
  amount: number;
  note?: string;
  /** The payment behind the top-up (a receipt or transfer number). */
  reference?: string;
}

/** Adds money to a branch's wallet (a top-up). Answers the ledger entry, with the balance after. */
export async function creditWallet({ tx, meta }: CommandContext, input: CreditWalletInput): Promise<WalletTransaction> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    throw invalid('Amount must be a positive whole number of paise');
  }
  if (!(await findBranch(tx, input.branchId))) throw notFound('Branch');
  await openAndLockWallet(tx, input.branchId, meta.occurredAt);
  const data: WalletCreditedData = {
    entryId: newId(meta.occurredAt.getTime()),
    branchId: input.branchId,
    amount: input.amount,
    note: input.note ?? '',
    reference: input.reference ?? '',
  };
  await append(tx, walletStream(input.branchId), 'any', [{ type: 'WalletCredited', data }], meta);
  return (await findTransaction(tx, data.entryId))!;
}
