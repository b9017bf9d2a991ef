import { append } from '../../db/event-store';
import type { WalletChargedData } from '../../db/projections/wallet';
import { notFound } from '../../http/errors';
import type { CommandContext } from '../command';
import { newId } from '../ids';
import { findBranch, type WalletBranch } from './branches';
import { InsufficientBalanceError } from './errors';
import type { OperationPrice, WalletTransaction } from '../../../common/wallet';
import { findCharge, findTransaction } from './ledger';
import { findOperationPriceByKey } from './operation-prices/operation-price';
import { walletStream } from './streams';
import { lockWallet } from './wallet-row';
import { balanceOf } from './balances';

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
 * previous one left. Calls that cannot succeed (a reference already charged, too little money
 * committed) answer before the lock and do not queue. The projection's guarded UPDATE, the CHECK (balance >= 0) and the unique
 * key on (branch, operation, reference) stay behind it as backstops.
 */
export async function chargeOperation({ tx, meta }: CommandContext, input: ChargeOperationInput): Promise<ChargeResult> {
  const { branchId, operationKey, referenceId } = input;
  const earlier = await findCharge(tx, branchId, operationKey, referenceId);
  if (earlier) return alreadyCharged(earlier, await findOperationPriceByKey(tx, operationKey), await balanceOf(tx, branchId));

  const branch = input.branch ?? (await findBranch(tx, branchId));
  if (!branch) throw notFound('Branch');
  const operationPrice = await findOperationPriceByKey(tx, operationKey);
  const nothing = async (outcome: ChargeOutcome): Promise<ChargeResult> => ({
    outcome,
    charged: false,
    charge: null,
    price: 0,
    operationPrice,
    balance: await balanceOf(tx, branchId),
  });
  if (!operationPrice) return nothing('price-missing');
  if (!operationPrice.enabled) return nothing('price-disabled');
  if (!branch.walletEnabled) return nothing('wallet-disabled');
  if (operationPrice.price === 0) return nothing('free');

  // Too little money committed already: refuse without queueing for the lock. A top-up committing
  // at this moment is simply ordered after this charge.
  const committed = await balanceOf(tx, branchId);
  if (committed < operationPrice.price) throw new InsufficientBalanceError(branchId, operationPrice.price, committed);

  const balance = await lockWallet(tx, branchId);
  // Under the lock: a concurrent call with the same reference may have charged while this waited.
  const raced = await findCharge(tx, branchId, operationKey, referenceId);
  if (raced) return alreadyCharged(raced, operationPrice, balance ?? 0);
  if (balance === null || balance < operationPrice.price) {
    throw new InsufficientBalanceError(branchId, operationPrice.price, balance ?? 0);
  }

  const data: WalletChargedData = {
    entryId: newId(meta.occurredAt.getTime()),
    branchId,
    amount: operationPrice.price,
    operationKey,
    operationName: input.operationName?.trim() || operationPrice.operationName,
    referenceId,
  };
  await append(tx, walletStream(branchId), 'any', [{ type: 'WalletCharged', data }], meta);
  const charge = (await findTransaction(tx, data.entryId))!;
  return { outcome: 'charged', charged: true, charge, price: data.amount, operationPrice, balance: charge.balanceAfter };
}

function alreadyCharged(charge: WalletTransaction, operationPrice: OperationPrice | null, balance: number): ChargeResult {
  return { outcome: 'already-charged', charged: false, charge, price: -charge.amount, operationPrice, balance };
}
