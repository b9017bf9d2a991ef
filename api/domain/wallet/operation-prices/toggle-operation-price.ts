import { runCommand, type CommandContext } from '../../command';
import { operationPriceStream } from '../streams';
import type { OperationPrice } from '../../../../common/wallet';
import { operationPriceDecider } from './decider';
import { findOperationPrice, lockOperationPrice } from './operation-price';

/** Enables a disabled price or disables an enabled one. */
export async function toggleOperationPrice(ctx: CommandContext, id: string): Promise<OperationPrice> {
  // Two toggles at once apply one after the other, each to what the other left.
  await lockOperationPrice(ctx.tx, id);
  await runCommand(ctx, operationPriceStream(id), operationPriceDecider, { type: 'ToggleOperationPrice' });
  return (await findOperationPrice(ctx.tx, id))!;
}
