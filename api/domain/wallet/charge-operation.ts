import { append } from '../../db/event-store';
import type { WalletChargedData } from './events';
import { notFound } from '../errors';
import type { CommandContext } from '../command';
import { newId } from '../ids';
import { findBranch, type WalletBranch } from './branches';
import { InsufficientBalanceError } from './errors';
import type { OperationPrice, WalletTransaction } from '../../../common/wallet';
import { findCharge, writtenTransaction } from './ledger';
import { walletStream } from './streams';
import { lockWallet } from './wallet-row';
import { balanceOf } from './balances';
import { freshSettings } from '../settings';

export interface ChargeOperationInput {
  branchId: string;
  /** The branch's record, when the caller has read it in this transaction already. */
  branch?: WalletBranch;
  /** The priced operation, such as ADD_STUDENT. */
  operationKey: string;
  /** Shown in the ledger; the price's own name when left out. */
  operationName?: string;
  /** What the charge is for (the admitted student's id): one charge per reference. */
  referenceId: string;
  /**
   * The reference was made in this transaction (the student being admitted), so nothing can
   * have charged it yet: the look-up of an earlier charge is left out. The unique key on
   * (branch, operation, reference) still holds.
   */
  newReference?: boolean;
}

/**
 * - `charged`: this call took the price from the wallet;
 * - `already-charged`: this reference was charged before; the first charge is returned and
 *   nothing more is taken;
 * - `price-missing`, `price-disabled`, `wallet-disabled`, `free`: nothing to charge.
 */
export type ChargeOutcome = 'charged' | 'already-charged' | 'price-missing' | 'price-disabled' | 'wallet-disabled' | 'free';

export interface ChargeResult {
  outcome: ChargeOutcome;
  /** True only when this call took money. */
  charged: boolean;
  /** The charge of this reference: made now, or earlier (`already-charged`). */
  charge: WalletTransaction | null;
  /** Paise the operation cost: the charge's amount, 0 when nothing is charged. */
  price: number;
  /** The price entry consulted, when there is one. */
  operationPrice: OperationPrice | null;
  /** Paise in the wallet afterwards. */
  balance: number;
}

/**
 * Charges a branch for an operation, inside the caller's transaction: the admission of a student
 * calls it in the transaction that creates the student, so there is no charge without a student
 * and no student without its charge. Too little money throws InsufficientBalanceError (402),
 * which rolls the caller's transaction back.
 *
 * The wallet row is locked before the charge is decided, so concurrent charges of one branch, in
 * any number of processes, queue instead of racing: each sees the balance and the charges the
 * previous one left, and the reference and the balance are read only under the lock. The
 * projection's guarded UPDATE, the CHECK (balance >= 0) and the unique key on (branch, operation,
 * reference) stay behind it as backstops.
 */
export async function chargeOperation(
  { tx, meta, settings = freshSettings }: CommandContext,
  input: ChargeOperationInput,
): Promise<ChargeResult> {
  const { branchId, operationKey, referenceId } = input;
  const branch = input.branch ?? (await findBranch(tx, branchId));
  const operationPrice = await settings.operationPrice(tx, operationKey);
  const price = branch && chargeablePrice(branch, operationPrice);
  if (!branch || !price) {
    // Nothing is to be taken, so there is nothing to queue for: a reference charged before still
    // answers with its charge, whatever the branch, price or wallet say now.
    const earlier = await findCharge(tx, branchId, operationKey, referenceId);
    if (earlier) return alreadyCharged(earlier, operationPrice, await balanceOf(tx, branchId));
    if (!branch) throw notFound('Branch');
    return {
      outcome: withheld(branch, operationPrice),
      charged: false,
      charge: null,
      price: 0,
      operationPrice,
      balance: await balanceOf(tx, branchId),
    };
  }

  const balance = await lockWallet(tx, branchId);
  // Under the lock: a concurrent call with the same reference may have charged while this waited.
  const earlier = input.newReference ? null : await findCharge(tx, branchId, operationKey, referenceId);
  if (earlier) return alreadyCharged(earlier, price, balance ?? 0);
  if (balance === null || balance < price.price) {
    throw new InsufficientBalanceError(branchId, price.price, balance ?? 0);
  }

  const data: WalletChargedData = {
    entryId: newId(meta.occurredAt.getTime()),
    branchId,
    amount: price.price,
    operationKey,
    operationName: input.operationName?.trim() || price.operationName,
    referenceId,
  };
  const [event] = await append(tx, walletStream(branchId), 'any', [{ type: 'WalletCharged', data }], meta);
  // The lock has held the balance still since it was read: the projection's guarded UPDATE left
  // exactly this much.
  const charge = writtenTransaction(event!, balance - data.amount, branch.name);
  return { outcome: 'charged', charged: true, charge, price: data.amount, operationPrice: price, balance: charge.balanceAfter };
}

/** The price to take from this branch's wallet, or null when nothing is to be charged. */
function chargeablePrice(branch: WalletBranch, operationPrice: OperationPrice | null): OperationPrice | null {
  return withheld(branch, operationPrice) === 'charged' ? operationPrice : null;
}

/** Why nothing is charged, in the order the outcomes are told; `charged` when the price is to be taken. */
function withheld(branch: WalletBranch, operationPrice: OperationPrice | null): ChargeOutcome {
  if (!operationPrice) return 'price-missing';
  if (!operationPrice.enabled) return 'price-disabled';
  if (!branch.walletEnabled) return 'wallet-disabled';
  if (operationPrice.price === 0) return 'free';
  return 'charged';
}

function alreadyCharged(charge: WalletTransaction, operationPrice: OperationPrice | null, balance: number): ChargeResult {
  return { outcome: 'already-charged', charged: false, charge, price: -charge.amount, operationPrice, balance };
}
