import type { StreamRef } from '../../db/event-store';
import type { OperationPriceEvent, WalletEvent } from './events';

/** One stream per branch wallet: every credit, charge, refund and adjustment of that branch. */
export const walletStream = (branchId: string): StreamRef<WalletEvent> => ({ type: 'wallet', id: `wallet-${branchId}` });

const OPERATION_PRICE_PREFIX = 'operation-price-';

export const operationPriceStream = (id: string): StreamRef<OperationPriceEvent> => ({
  type: 'operation-price',
  id: `${OPERATION_PRICE_PREFIX}${id}`,
});

export function operationPriceIdOf(streamId: string): string {
  return streamId.slice(OPERATION_PRICE_PREFIX.length);
}
