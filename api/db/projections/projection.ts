import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../client';
import type { StoredEvent } from '../event-store';

export type EventHandler = (tx: Tx, event: StoredEvent<any>) => Promise<void>; // any: each handler narrows its own event data

/** A read table (or a few) kept equal to a fold of the events it handles. */
export interface Projection {
  name: string;
  tables: PgTable[];
  handlers: Record<string, EventHandler>;
}
