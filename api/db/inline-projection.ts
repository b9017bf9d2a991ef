import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from './client';
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

/** The writes as a handler of one event: the event given as a row, in a statement of its own. */
export function inlineHandler(inline: InlineProjection) {
  return async (tx: Tx, event: StoredEvent): Promise<void> => {
    await tx.execute(sql`
      WITH given_event AS (
        SELECT ${event.position}::bigint AS position, ${event.streamType}::text AS stream_type, ${event.streamId}::text AS stream_id,
               ${event.version}::integer AS version, ${event.type}::text AS type, ${JSON.stringify(event.data)}::jsonb AS data,
               ${event.actorId}::text AS actor_id, ${event.branchId}::text AS branch_id, ${event.requestId}::text AS request_id,
               ${event.occurredAt.toISOString()}::timestamptz AS occurred_at
      ),
      ${projectedEvents} AS (${ofTypes('given_event', inline.types)}),
      ${inline.writes(projectedEvents)}
      SELECT FROM given_event`);
  };
}
