import { append } from '../../db/event-store';
import type { WalletAdjustedData } from './events';
import { invalid, notFound } from '../errors';
import type { CommandContext } from '../command';
import { newId } from '../ids';
import { findBranch } from './branches';
import { InsufficientBalanceError } from './errors';
import type { WalletTransaction } from '../../../common/wallet';
import { findTransaction } from './ledger';
import { walletStream } from './streams';
import { openAndLockWallet } from './wallet-row';

export interface AdjustWalletInput {
  branchId: string;
  /** Paise, signed: negative takes money out. Never below a balance of zero. */
  amount: number;
  reason: string;
}

/** A correction by hand, with its reason, for what neither a top-up nor a refund describes. */
export async function adjustWallet({ tx, meta }: CommandContext, input: AdjustWalletInput): Promise<WalletTransaction> {
  if (!Number.isSafeInteger(input.amount) || input.amount === 0) {
    throw invalid('Amount must be a non-zero whole number of paise');
  }
  if (!(await findBranch(tx, input.branchId))) throw notFound('Branch');
  const balance = await openAndLockWallet(tx, input.branchId, meta.occurredAt);
  if (balance + input.amount < 0) throw new InsufficientBalanceError(input.branchId, -input.amount, balance);
  const data: WalletAdjustedData = {
    entryId: newId(meta.occurredAt.getTime()),
    branchId: input.branchId,
    amount: input.amount,
    reason: input.reason,
  };
  await append(tx, walletStream(input.branchId), 'any', [{ type: 'WalletAdjusted', data }], meta);
  return (await findTransaction(tx, data.entryId))!;
}
