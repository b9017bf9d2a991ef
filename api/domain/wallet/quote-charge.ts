import { defaultOperationName, type ChargeQuote } from '../../../common/wallet';
import type { Executor } from '../../db/client';
import { notFound } from '../errors';
import { balanceOf } from './balances';
import { findBranch } from './branches';
import { findOperationPriceByKey } from './operation-prices/operation-price';

/**
 * What charging a branch for an operation would cost now, read before asking to confirm. It
 * promises nothing: the charge itself decides under the wallet's lock (charge-operation.ts).
 */
export async function quoteCharge(db: Executor, branchId: string, operationKey: string): Promise<ChargeQuote> {
  const branch = await findBranch(db, branchId);
  if (!branch) throw notFound('Branch');
  const price = await findOperationPriceByKey(db, operationKey);
  return {
    branchId,
    operationKey,
    operationName: price?.operationName ?? defaultOperationName(operationKey),
    price: price?.price ?? 0,
    enabled: price?.enabled ?? false,
    walletEnabled: branch.walletEnabled,
    balance: await balanceOf(db, branchId),
  };
}
