import { append } from '../../../db/event-store';
import { notFound } from '../../../http/errors';
import type { CommandContext } from '../../command';
import { operationPriceStream } from '../streams';
import type { OperationPrice } from '../../../../common/wallet';
import { lockOperationPrice } from './operation-price';

/** Removes a price: the operation is no longer charged. The ledger keeps past charges. */
export async function deleteOperationPrice({ tx, meta }: CommandContext, id: string): Promise<OperationPrice> {
  const current = await lockOperationPrice(tx, id);
  if (!current) throw notFound('Operation price');
  await append(tx, operationPriceStream(id), 'any', [{ type: 'OperationPriceDeleted', data: { operationKey: current.operationKey } }], meta);
  return current;
}
