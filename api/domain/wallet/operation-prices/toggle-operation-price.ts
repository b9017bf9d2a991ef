import { notFound } from '../../../http/errors';
import type { CommandContext } from '../../command';
import type { OperationPrice } from '../../../../common/wallet';
import { lockOperationPrice } from './operation-price';
import { updateOperationPrice } from './update-operation-price';

/** Enables a disabled price or disables an enabled one. */
export async function toggleOperationPrice(ctx: CommandContext, id: string): Promise<OperationPrice> {
  const current = await lockOperationPrice(ctx.tx, id);
  if (!current) throw notFound('Operation price');
  return updateOperationPrice(ctx, id, { enabled: !current.enabled });
}
