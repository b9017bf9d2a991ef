import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../client';
import type { StoredEvent } from '../event-store';

export type EventHandler = (tx: Tx, event: StoredEvent<any>) => Promise<void>; // any: each handler narrows its own event data

/** A read table (or a few) kept equal to a fold of the events it handles. */
export interface Projection {
  name: string;
  tables: PgTable[];
  handlers: Record<string, EventHandler>;
  /**
   * Folds a run of its own events (in log order) in memory and writes the result in a few set
   * statements: what a rebuild of a large log uses instead of one handler call per event. It
   * must leave exactly the rows the handlers would.
   */
  replay?: (tx: Tx, events: StoredEvent<any>[]) => Promise<void>; // any: as above
}

/** Rows per INSERT of a replay: well under PostgreSQL's 65,535 parameters for any read table. */
export const REPLAY_CHUNK = 1_000;

export function chunks<T>(rows: T[], size = REPLAY_CHUNK): T[][] {
  return Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, (i + 1) * size));
}
