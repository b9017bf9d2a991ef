import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from './client';
import { rowsAsJson } from './projections/projection';
import { events } from './schema';
import type { StoredEvent } from './event-store';

/**
 * A projection's writes for some of its event types as SQL: data-modifying common table
 * expressions (`name AS (…), …`) over a relation of events with the columns of `events`, each of
 * one of those types. Given to `append`, they run in the statement that inserts the events, so a
 * hot command writes its events and its read rows in one round trip, all or nothing; as the
 * projection's handler (`inlineHandler`), the same writes rebuild the rows from the log. Each is
 * a module's constant: `append` compiles its statement once per object.
 */
export interface InlineProjection {
  /** The registered projection whose handlers of `types` these writes are. */
  projection: string;
  types: readonly string[];
  writes: (events: SQL) => SQL;
}

/** The events of a relation (with the columns of `events`) that are of these types. */
export const ofTypes = (relation: string, types: readonly string[]) =>
  sql`SELECT * FROM ${sql.identifier(relation)} WHERE type IN (${sql.join(
    types.map((type) => sql`${type}`),
    sql`, `,
  )})`;

/** The name under which `writes` read their events, in either statement. */
export const projectedEvents = sql`${sql.identifier('projected_events')}`;

/**
 * The writes over a run of stored events, given as one JSON parameter: a rebuild's replay of the
 * projection's types, and, for a run of one, their handler.
 */
export function inlineReplay(inline: InlineProjection) {
  return async (tx: Tx, run: StoredEvent[]): Promise<void> => {
    await tx.execute(sql`
      WITH given_events AS (SELECT * FROM jsonb_populate_recordset(NULL::${events}, ${rowsAsJson(events, run)}::jsonb)),
      ${projectedEvents} AS (${ofTypes('given_events', inline.types)}),
      ${inline.writes(projectedEvents)}
      SELECT FROM given_events LIMIT 1`);
  };
}

/** The writes as a handler of one event. */
export function inlineHandler(inline: InlineProjection) {
  const replay = inlineReplay(inline);
  return (tx: Tx, event: StoredEvent) => replay(tx, [event]);
}
