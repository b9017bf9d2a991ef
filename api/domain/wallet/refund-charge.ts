import { append } from '../../db/event-store';
import type { WalletRefundedData } from './events';
import { conflict, notFound } from '../errors';
import type { CommandContext } from '../command';
import { newId } from '../ids';
import { walletMessages } from './errors';
import type { WalletTransaction } from '../../../common/wallet';
import { findTransaction } from './ledger';
import { walletStream } from './streams';
import { lockWallet } from './wallet-row';

export interface RefundChargeInput {
  /** The ledger id of the charge. */
  chargeId: string;
  reason: string;
}

/**
 * Gives a charge's amount back to its branch, once: a second refund of the same charge answers
 * 409 (the unique key on the refund's `refund_of` is the backstop). A refund only adds money, so
 * it never takes a balance below zero.
 */
export async function refundCharge({ tx, meta }: CommandContext, input: RefundChargeInput): Promise<WalletTransaction> {
  const charge = await findTransaction(tx, input.chargeId);
  if (!charge || charge.kind !== 'charge') throw notFound('Charge');
  await lockWallet(tx, charge.branchId);
  // Read again under the lock: a concurrent refund of this charge may have just committed.
  const current = await findTransaction(tx, input.chargeId);
  if (current!.refundedBy) throw conflict(walletMessages.alreadyRefunded);
  const data: WalletRefundedData = {
    entryId: newId(meta.occurredAt.getTime()),
    branchId: charge.branchId,
    amount: -charge.amount,
    chargeId: charge.id,
    reason: input.reason,
    operationKey: charge.operationKey,
    operationName: charge.operationName,
    referenceId: charge.referenceId,
  };
  await append(tx, walletStream(charge.branchId), 'any', [{ type: 'WalletRefunded', data }], meta);
  return (await findTransaction(tx, data.entryId))!;
}
