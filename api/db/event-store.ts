import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { Executor, Tx } from './client';
import { isUniqueViolation } from './errors';
import { applyProjections } from './projections';
import { events } from './schema';

export interface NewEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

export interface EventMetadata {
  actorId?: string | null;
  branchId?: string | null;
  requestId?: string | null;
  occurredAt: Date;
}

export interface StoredEvent<Data = unknown> {
  position: number;
  streamType: string;
  streamId: string;
  version: number;
  type: string;
  data: Data;
  actorId: string | null;
  branchId: string | null;
  requestId: string | null;
  occurredAt: Date;
}

export interface StreamRef {
  type: string;
  id: string;
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

/**
 * Appends events to one stream and applies every projection, inside the caller's transaction.
 * The unique key on (stream_id, version) decides between concurrent writers: the loser's
 * transaction fails with ConcurrencyError and leaves nothing behind.
 */
export async function append(
  tx: Tx,
  stream: StreamRef,
  expected: ExpectedVersion,
  newEvents: NewEvent[],
  metadata: EventMetadata,
): Promise<StoredEvent[]> {
  if (newEvents.length === 0) return [];
  const current = await streamVersion(tx, stream.id);
  if (expected === 'no_stream' && current !== 0) throw new ConcurrencyError(stream.id, expected, current);
  if (typeof expected === 'number' && current !== expected) {
    throw new ConcurrencyError(stream.id, expected, current);
  }
  let stored: StoredEvent[];
  try {
    stored = (await tx
      .insert(events)
      .values(
        newEvents.map((event, index) => ({
          streamType: stream.type,
          streamId: stream.id,
          version: current + index + 1,
          type: event.type,
          data: event.data as object,
          actorId: metadata.actorId ?? null,
          branchId: metadata.branchId ?? null,
          requestId: metadata.requestId ?? null,
          occurredAt: metadata.occurredAt,
        })),
      )
      .returning()) as StoredEvent[];
  } catch (error) {
    if (isUniqueViolation(error, 'events_stream_version_key')) {
      throw new ConcurrencyError(stream.id, expected);
    }
    throw error;
  }
  for (const event of stored) await applyProjections(tx, event);
  return stored;
}

export async function readStream(db: Executor, streamId: string): Promise<StoredEvent[]> {
  return (await db
    .select()
    .from(events)
    .where(eq(events.streamId, streamId))
    .orderBy(asc(events.version))) as StoredEvent[];
}

/** Events in log order, a page at a time, for rebuilding projections over large logs. */
export async function readAll(
  db: Executor,
  after: number,
  limit: number,
  streamType?: string,
): Promise<StoredEvent[]> {
  const condition = streamType
    ? and(gt(events.position, after), eq(events.streamType, streamType))
    : gt(events.position, after);
  return (await db
    .select()
    .from(events)
    .where(condition)
    .orderBy(asc(events.position))
    .limit(limit)) as StoredEvent[];
}
