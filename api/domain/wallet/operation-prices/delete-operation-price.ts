import { runCommand, type CommandContext } from '../../command';
import { operationPriceStream } from '../streams';
import type { OperationPrice } from '../../../../common/wallet';
import { operationPriceDecider } from './decider';
import { lockOperationPrice } from './operation-price';

/** Removes a price: the operation is no longer charged. The ledger keeps past charges. */
export async function deleteOperationPrice(ctx: CommandContext, id: string): Promise<OperationPrice> {
  const current = await lockOperationPrice(ctx.tx, id);
  await runCommand(ctx, operationPriceStream(id), operationPriceDecider, { type: 'DeleteOperationPrice' });
  // The decider refuses a price that does not exist, so the row was there.
  return current!;
}
