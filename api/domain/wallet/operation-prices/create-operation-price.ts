import type { OperationPriceCreatedData } from '../events';
import { conflict } from '../../errors';
import { runCommand, type CommandContext } from '../../command';
import { newId } from '../../ids';
import { walletMessages } from '../errors';
import { operationPriceStream } from '../streams';
import type { OperationPrice } from '../../../../common/wallet';
import { operationPriceDecider } from './decider';
import { findOperationPrice, findOperationPriceByKey } from './operation-price';

export interface CreateOperationPriceInput {
  operationKey: string;
  operationName: string;
  /** Paise. */
  price: number;
  enabled?: boolean;
  description?: string;
}

/** Prices an operation; one price per operation key (409 for a second). */
export async function createOperationPrice(ctx: CommandContext, input: CreateOperationPriceInput): Promise<OperationPrice> {
  const { tx, meta } = ctx;
  const data: OperationPriceCreatedData = {
    operationKey: input.operationKey,
    operationName: input.operationName,
    price: input.price,
    enabled: input.enabled ?? true,
    description: input.description ?? '',
  };
  if (await findOperationPriceByKey(tx, data.operationKey)) throw conflict(walletMessages.priceTaken(data.operationKey));
  const id = newId(meta.occurredAt.getTime());
  // A concurrent request that priced the same key first is settled by the read table's unique key.
  await runCommand(
    ctx,
    operationPriceStream(id),
    operationPriceDecider,
    { type: 'PriceOperation', data },
    {
      uniqueConflicts: { operation_prices_operation_key_unique: walletMessages.priceTaken(data.operationKey) },
    },
  );
  return (await findOperationPrice(tx, id))!;
}
