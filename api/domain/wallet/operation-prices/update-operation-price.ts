import { conflict } from '../../errors';
import { runCommand, type CommandContext } from '../../command';
import { walletMessages } from '../errors';
import { operationPriceStream } from '../streams';
import type { OperationPrice } from '../../../../common/wallet';
import { operationPriceDecider } from './decider';
import { findOperationPrice, findOperationPriceByKey, lockOperationPrice } from './operation-price';

export interface UpdateOperationPriceInput {
  operationKey?: string;
  operationName?: string;
  /** Paise. */
  price?: number;
  enabled?: boolean;
  description?: string;
}

/** Changes what differs (see the decider). Charges already made keep their amounts. */
export async function updateOperationPrice(ctx: CommandContext, id: string, input: UpdateOperationPriceInput): Promise<OperationPrice> {
  const current = await lockOperationPrice(ctx.tx, id);
  const newKey = current && input.operationKey && input.operationKey !== current.operationKey ? input.operationKey : null;
  if (newKey && (await findOperationPriceByKey(ctx.tx, newKey))) throw conflict(walletMessages.priceTaken(newKey));
  await runCommand(
    ctx,
    operationPriceStream(id),
    operationPriceDecider,
    { type: 'ChangeOperationPrice', data: input },
    {
      uniqueConflicts: newKey ? { operation_prices_operation_key_unique: walletMessages.priceTaken(newKey) } : {},
    },
  );
  return (await findOperationPrice(ctx.tx, id))!;
}
