import { eq } from 'drizzle-orm';
import { operationPrices } from '../schema';
import { operationPriceIdOf } from '../../domain/wallet/streams';
import type { OperationPriceEvent } from '../../domain/wallet/events';
import type { Projection } from './projection';

export const operationPricesProjection: Projection<OperationPriceEvent> = {
  name: 'operation-prices',
  tables: [operationPrices],
  handlers: {
    async OperationPriceCreated(tx, event) {
      await tx.insert(operationPrices).values({
        id: operationPriceIdOf(event.streamId),
        ...event.data,
        createdAt: event.occurredAt,
        updatedAt: event.occurredAt,
      });
    },
    async OperationPriceUpdated(tx, event) {
      await tx
        .update(operationPrices)
        .set({ ...event.data, updatedAt: event.occurredAt })
        .where(eq(operationPrices.id, operationPriceIdOf(event.streamId)));
    },
    async OperationPriceEnabled(tx, event) {
      await tx
        .update(operationPrices)
        .set({ enabled: true, updatedAt: event.occurredAt })
        .where(eq(operationPrices.id, operationPriceIdOf(event.streamId)));
    },
    async OperationPriceDisabled(tx, event) {
      await tx
        .update(operationPrices)
        .set({ enabled: false, updatedAt: event.occurredAt })
        .where(eq(operationPrices.id, operationPriceIdOf(event.streamId)));
    },
    async OperationPriceDeleted(tx, event) {
      await tx.delete(operationPrices).where(eq(operationPrices.id, operationPriceIdOf(event.streamId)));
    },
  },
};
