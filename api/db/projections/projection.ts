import { getTableColumns, sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../client';
import type { DomainEvent, EventOfType, StoredEvent } from '../event-store';

/**
 * A read table (or a few) kept equal to a fold of the events it handles. It declares them as a
 * union and, when it takes only some of them, their types: `Projection<UserEvent, 'UserCreated' |
 * 'UserDeleted'>`. Each handler gets its own event, data typed.
 */
export interface Projection<E extends DomainEvent = DomainEvent, Handled extends E['type'] = E['type']> {
  name: string;
  tables: PgTable[];
  handlers: { [T in Handled]: (tx: Tx, event: StoredEvent<EventOfType<E, T>>) => Promise<void> };
  /**
   * Folds a run of its own events (in log order) in memory and writes the result in a few set
   * statements: what a rebuild of a large log uses instead of one handler call per event. It
   * must leave exactly the rows the handlers would.
   */
  replay?: (tx: Tx, events: StoredEvent<EventOfType<E, Handled>>[]) => Promise<void>;
  /**
   * The types `replay` folds, when it folds only some: the others go to their handlers event by
   * event. The two groups must write tables of their own, as a rebuild applies them apart.
   */
  replays?: readonly Handled[];
}

/** Rows per INSERT of a replay: well under PostgreSQL's 65,535 parameters for any read table. */
export const REPLAY_CHUNK = 1_000;

/** Rows (or ids) in pieces a statement's parameters hold. */
export function chunks<T>(rows: T[], size = REPLAY_CHUNK): T[][] {
  return Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, (i + 1) * size));
}

/**
 * Rows as the JSON array `jsonb_populate_recordset(NULL::<table>, …)` reads: each property under
 * its column's name, a missing one null. Dates become ISO strings and jsonb columns take their
 * values as they are.
 */
export function rowsAsJson<T extends PgTable>(
  table: T,
  rows: T['$inferInsert'][],
  columns: [string, { name: string }][] = Object.entries(getTableColumns(table)),
): string {
  return JSON.stringify(
    rows.map((row) => Object.fromEntries(columns.map(([key, column]) => [column.name, (row as Record<string, unknown>)[key] ?? null]))),
  );
}

/**
 * Inserts a replay's rows as one JSON parameter per chunk (jsonb_populate_recordset): building
 * statements of thousands of bound values through the query builder took most of a rebuild's
 * time. A chunk whose rows leave out a column that has a default, where others give it, goes
 * through the query builder, which writes the default.
 */
export async function insertMany<T extends PgTable>(tx: Tx, table: T, rows: T['$inferInsert'][]): Promise<void> {
  const columns = Object.entries(getTableColumns(table));
  const tableName = sql.identifier(getTableConfig(table).name);
  for (const chunk of chunks(rows)) {
    const given = columns.filter(([key]) => chunk.some((row) => (row as Record<string, unknown>)[key] !== undefined));
    const partial = given.some(
      ([key, column]) => column.hasDefault && chunk.some((row) => (row as Record<string, unknown>)[key] === undefined),
    );
    if (partial) {
      await tx.insert(table).values(chunk);
      continue;
    }
    const names = sql.join(
      given.map(([, column]) => sql.identifier(column.name)),
      sql`, `,
    );
    const json = rowsAsJson(table, chunk, given);
    await tx.execute(
      sql`INSERT INTO ${tableName} (${names}) SELECT ${names} FROM jsonb_populate_recordset(NULL::${tableName}, ${json}::jsonb)`,
    );
  }
}
