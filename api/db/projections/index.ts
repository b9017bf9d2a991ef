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

/**
 * Applies a run of events as `applyProjections` would one by one. Each projection owns its
 * tables and reads no other's, so each may take its share of the run on its own: at once when it
 * can replay, else event by event.
 */
export async function replayProjections(tx: Tx, run: StoredEvent[]): Promise<void> {
  for (const projection of projections) {
    const own = run.filter((event) => Object.hasOwn(projection.handlers, event.type));
    if (own.length === 0) continue;
    if (projection.replay) await projection.replay(tx, own);
    else for (const event of own) await projection.handlers[event.type]!(tx, event);
  }
}

export function projectionTableNames(): string[] {
  return projections.flatMap((p) => p.tables.map((t) => getTableConfig(t).name));
}
