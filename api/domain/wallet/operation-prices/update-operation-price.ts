import { isUniqueViolation } from '../../../db/errors';
import { append, type NewEvent } from '../../../db/event-store';
import type { OperationPriceUpdatedData } from '../../../db/projections/operation-prices';
import { conflict, notFound } from '../../../http/errors';
import type { CommandContext } from '../../command';
import { walletMessages } from '../errors';
import { operationPriceStream } from '../streams';
import type { OperationPrice } from '../../../../common/wallet';
import { findOperationPrice, findOperationPriceByKey, lockOperationPrice } from './operation-price';

export interface UpdateOperationPriceInput {
  operationKey?: string;
  operationName?: string;
  /** Paise. */
  price?: number;
  enabled?: boolean;
  description?: string;
}

/**
 * Changes what differs: OperationPriceUpdated with the changed fields, and OperationPriceEnabled
 * or OperationPriceDisabled when `enabled` flips. Charges already made keep their amounts.
 */
export async function updateOperationPrice(
  { tx, meta }: CommandContext,
  id: string,
  input: UpdateOperationPriceInput,
): Promise<OperationPrice> {
  const current = await lockOperationPrice(tx, id);
  if (!current) throw notFound('Operation price');
  const changed: OperationPriceUpdatedData = {};
  for (const field of ['operationKey', 'operationName', 'price', 'description'] as const) {
    const value = input[field];
    if (value !== undefined && value !== current[field]) Object.assign(changed, { [field]: value });
  }
  if (changed.operationKey && (await findOperationPriceByKey(tx, changed.operationKey))) {
    throw conflict(walletMessages.priceTaken(changed.operationKey));
  }
  const newEvents: NewEvent[] = [];
  if (Object.keys(changed).length) newEvents.push({ type: 'OperationPriceUpdated', data: changed });
  if (input.enabled !== undefined && input.enabled !== current.enabled) {
    newEvents.push({ type: input.enabled ? 'OperationPriceEnabled' : 'OperationPriceDisabled', data: {} });
  }
  try {
    await append(tx, operationPriceStream(id), 'any', newEvents, meta);
  } catch (error) {
    if (changed.operationKey && isUniqueViolation(error, 'operation_prices_operation_key_unique')) {
      throw conflict(walletMessages.priceTaken(changed.operationKey));
    }
    throw error;
  }
  return (await findOperationPrice(tx, id))!;
}
