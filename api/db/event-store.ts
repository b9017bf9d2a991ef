import { and, asc, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor, Tx } from './client';
import { compiledQuery } from './compiled-query';
import { isUniqueViolation } from './errors';
import { ofTypes, projectedEvents, type InlineProjection } from './inline-projection';
import { applyProjections, projections } from './projections';
import { events } from './schema';

/** What a command writes to a stream: a past-tense type and its data. A stream's events are a union of these. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/** One event of a union, by its type. */
export type EventOfType<E extends DomainEvent, T extends E['type']> = Extract<E, { type: T }>;

export interface EventMetadata {
  actorId?: string | null;
  branchId?: string | null;
  requestId?: string | null;
  occurredAt: Date;
}

/** Where and when the log holds an event. */
interface Logged {
  position: number;
  streamType: string;
  streamId: string;
  version: number;
  actorId: string | null;
  branchId: string | null;
  requestId: string | null;
  occurredAt: Date;
}

/** An event as the log holds it; over a union, each member keeps its own data, so `type` narrows `data`. */
export type StoredEvent<E extends DomainEvent = DomainEvent> = E extends DomainEvent ? E & Logged : never;

declare const eventsOfStream: unique symbol;

/** A stream, and (by type only) the events it takes: `append` accepts nothing else. */
export interface StreamRef<E extends DomainEvent = DomainEvent> {
  type: string;
  id: string;
  readonly [eventsOfStream]?: E;
}

/** A number is the version the writer last saw; `no_stream` demands a new stream. */
export type ExpectedVersion = number | 'no_stream' | 'any';

export class ConcurrencyError extends Error {
  override name = 'ConcurrencyError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual?: number,
  ) {
    super(`Stream ${streamId} was changed by someone else (expected version ${expected}).`);
  }
}

export async function streamVersion(db: Executor, streamId: string): Promise<number> {
  const [last] = await db
    .select({ version: events.version })
    .from(events)
    .where(eq(events.streamId, streamId))
    .orderBy(desc(events.version))
    .limit(1);
  return last?.version ?? 0;
}

/** A row of `events` as SQL returns it, before the types of the driver at hand are evened out. */
interface EventRow {
  position: number | string | bigint;
  stream_type: string;
  stream_id: string;
  version: number;
  type: string;
  data: unknown;
  actor_id: string | null;
  branch_id: string | null;
  request_id: string | null;
  occurred_at: Date | string;
}

function storedEvent(row: EventRow): StoredEvent {
  return {
    position: Number(row.position),
    streamType: row.stream_type,
    streamId: row.stream_id,
    version: Number(row.version),
    type: row.type,
    data: row.data,
    actorId: row.actor_id,
    branchId: row.branch_id,
    requestId: row.request_id,
    occurredAt: new Date(row.occurred_at),
  };
}

const eventColumns = {
  position: sql<EventRow['position']>`position`,
  stream_type: sql<string>`stream_type`,
  stream_id: sql<string>`stream_id`,
  version: sql<number>`version`,
  type: sql<string>`type`,
  data: sql<unknown>`data`,
  actor_id: sql<string | null>`actor_id`,
  branch_id: sql<string | null>`branch_id`,
  request_id: sql<string | null>`request_id`,
  occurred_at: sql<EventRow['occurred_at']>`occurred_at`,
};

/**
 * The two halves of an append: `current`, the stream's version, and the INSERT of the events
 * after it, unless the stream is at another version than the one expected.
 */
function appendParts() {
  const value = (name: string) => sql.placeholder(name);
  return {
    current: sql`current AS (SELECT coalesce(max(version), 0) AS version FROM events WHERE stream_id = ${value('streamId')})`,
    insert: sql`
    INSERT INTO events (stream_type, stream_id, version, type, data, actor_id, branch_id, request_id, occurred_at)
    SELECT ${value('streamType')}, ${value('streamId')}, current.version + e.n, e.event->>'type', e.event->'data',
           ${value('actorId')}, ${value('branchId')}, ${value('requestId')}, ${value('occurredAt')}::timestamptz
    FROM current, jsonb_array_elements(${value('events')}::jsonb) WITH ORDINALITY AS e(event, n)
    WHERE ${value('expected')}::integer IS NULL OR current.version = ${value('expected')}::integer
    ORDER BY e.n`,
  };
}

const returned = (columns: typeof eventColumns) => sql.join(Object.values(columns), sql`, `);

const insertEvents = compiledQuery<typeof eventColumns, EventRow>('events_append', eventColumns, (_db, columns) => {
  const { current, insert } = appendParts();
  return sql`WITH ${current} ${insert} RETURNING ${returned(columns)}`;
});

type AppendStatement = typeof insertEvents;
const appendsWriting = new Map<string, AppendStatement>();

/**
 * The append that also runs a projection's inline writes over the events it inserted, compiled
 * once per projection and types. Inline writes stand for a registered projection's handlers of
 * their types, so that a rebuild of the log comes to the same rows: that is checked as it is
 * compiled.
 */
function appendWriting(inline: InlineProjection): AppendStatement {
  const name = `events_append_inline_${inline.projection}_${inline.types.join('_')}`.replace(/\W/g, '_');
  const known = appendsWriting.get(name);
  if (known) return known;
  const handlers = projections.find((projection) => projection.name === inline.projection)?.handlers;
  if (!handlers || !inline.types.every((type) => Object.hasOwn(handlers, type))) {
    throw new Error(`No registered projection ${inline.projection} handles ${inline.types.join(', ')}`);
  }
  const statement = compiledQuery<typeof eventColumns, EventRow>(name, eventColumns, (_db, columns) => {
    const { current, insert } = appendParts();
    return sql`
        WITH ${current},
        appended_events AS (${insert} RETURNING *),
        ${projectedEvents} AS (${ofTypes('appended_events', inline.types)}),
        ${inline.writes(projectedEvents)}
        SELECT ${returned(columns)} FROM appended_events`;
  });
  appendsWriting.set(name, statement);
  return statement;
}

/**
 * The append carries no event of another type the inline writes' projection handles: its handler
 * would run after the writes of the events that came later.
 */
function checkInline(inline: InlineProjection, newEvents: readonly DomainEvent[]) {
  const handlers = projections.find((projection) => projection.name === inline.projection)?.handlers ?? {};
  const other = newEvents.find((event) => !inline.types.includes(event.type) && Object.hasOwn(handlers, event.type));
  if (other) throw new Error(`${other.type} is projected by ${inline.projection} but not by its inline writes`);
}

/**
 * Appends events to one stream and applies every projection, inside the caller's transaction.
 * One statement reads the stream's version, checks the expectation and inserts the events
 * after it. The unique key on (stream_id, version) decides between concurrent writers: the
 * loser's transaction fails with ConcurrencyError and leaves nothing behind. With `inline`, that
 * statement also writes the projection's rows of the events it inserted, in place of its handlers.
 */
export async function append<E extends DomainEvent>(
  tx: Tx,
  stream: StreamRef<E>,
  expected: ExpectedVersion,
  newEvents: readonly NoInfer<E>[],
  metadata: EventMetadata,
  inline?: InlineProjection,
): Promise<StoredEvent<E>[]> {
  if (newEvents.length === 0) return [];
  if (inline) checkInline(inline, newEvents);
  let rows: EventRow[];
  try {
    rows = await (inline ? appendWriting(inline) : insertEvents)(tx, {
      streamType: stream.type,
      streamId: stream.id,
      // No version to check for `any`.
      expected: expected === 'any' ? null : expected === 'no_stream' ? 0 : expected,
      events: JSON.stringify(newEvents),
      actorId: metadata.actorId ?? null,
      branchId: metadata.branchId ?? null,
      requestId: metadata.requestId ?? null,
      occurredAt: metadata.occurredAt.toISOString(),
    });
  } catch (error) {
    if (isUniqueViolation(error, 'events_stream_version_key')) throw new ConcurrencyError(stream.id, expected);
    throw error;
  }
  if (rows.length === 0) throw new ConcurrencyError(stream.id, expected, await streamVersion(tx, stream.id));
  const stored = rows.map(storedEvent).sort((a, b) => a.version - b.version);
  for (const event of stored) await applyProjections(tx, event, inline?.types.includes(event.type) ? inline.projection : undefined);
  // The rows are the events just given, in their order: each keeps the type and data it was written with.
  return stored as StoredEvent<E>[];
}

/** A typed stream's events come back as its union: they were appended through the same stream. */
export async function readStream<E extends DomainEvent>(db: Executor, stream: StreamRef<E>): Promise<StoredEvent<E>[]>;
export async function readStream(db: Executor, streamId: string): Promise<StoredEvent[]>;
export async function readStream(db: Executor, stream: StreamRef | string): Promise<StoredEvent[]> {
  return (await db
    .select()
    .from(events)
    .where(eq(events.streamId, typeof stream === 'string' ? stream : stream.id))
    .orderBy(asc(events.version))) as StoredEvent[];
}

/**
 * A stream's events and one value read beside them, in one statement: a command that needs a
 * fact outside its stream (under a lock taken before) reads both in a single round trip.
 */
export async function readStreamBeside<E extends DomainEvent, T>(
  db: Executor,
  stream: StreamRef<E>,
  beside: SQL<T>,
): Promise<{ events: StoredEvent<E>[]; beside: T }> {
  const { rows } = (await db.execute(sql`
      SELECT (${beside}) AS beside, e.position, e.stream_type, e.stream_id, e.version, e.type, e.data,
             e.actor_id, e.branch_id, e.request_id, e.occurred_at
      FROM (SELECT 1) AS one LEFT JOIN ${events} AS e ON e.stream_id = ${stream.id}
      ORDER BY e.version`)) as unknown as { rows: (EventRow & { beside: T })[] };
  return {
    events: rows.flatMap((row) => (row.position === null ? [] : [storedEvent(row) as StoredEvent<E>])),
    beside: rows[0]!.beside,
  };
}

/** Events in log order, a page at a time, for rebuilding projections over large logs; `types`: only events of these types. */
export async function readAll(db: Executor, after: number, limit: number, types?: readonly string[]): Promise<StoredEvent[]> {
  const condition = and(gt(events.position, after), types ? inArray(events.type, [...types]) : undefined);
  return (await db.select().from(events).where(condition).orderBy(asc(events.position)).limit(limit)) as StoredEvent[];
}
