import { getTableConfig } from 'drizzle-orm/pg-core';
import type { Tx } from '../client';
import type { StoredEvent } from '../event-store';
import { courseCategoriesProjection } from './course-categories';
import { formConfigsProjection } from './form-configs';
import { permissionsProjection } from './permissions';
import type { EventHandler, Projection } from './projection';
import { recordsProjection } from './records';
import { uploadsProjection } from './uploads';
import { usersProjection } from './users';
import { operationPricesProjection } from './operation-prices';
import { walletProjection } from './wallet';

export const projections: Projection[] = [
  usersProjection,
  permissionsProjection,
  courseCategoriesProjection,
  formConfigsProjection,
  recordsProjection,
  uploadsProjection,
  operationPricesProjection,
  walletProjection,
];

const handlersByType = new Map<string, EventHandler[]>();
for (const projection of projections) {
  for (const [type, handler] of Object.entries(projection.handlers)) {
    handlersByType.set(type, [...(handlersByType.get(type) ?? []), handler]);
  }
}

export async function applyProjections(tx: Tx, event: StoredEvent): Promise<void> {
  for (const handler of handlersByType.get(event.type) ?? []) await handler(tx, event);
}

export function projectionTableNames(): string[] {
  return projections.flatMap((p) => p.tables.map((t) => getTableConfig(t).name));
}
