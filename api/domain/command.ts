import type { Tx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import {
  append,
  ConcurrencyError,
  readStream,
  type DomainEvent,
  type EventMetadata,
  type StoredEvent,
  type StreamRef,
} from '../db/event-store';
import type { InlineProjection } from '../db/inline-projection';
import { conflict, stale } from './errors';
import type { Settings } from './settings';

/** What every command runs with: the open transaction and the metadata stamped on its events. */
export interface CommandContext {
  tx: Tx;
  meta: EventMetadata;
  /** Where form configurations and prices are read; without it, fresh in `tx`. */
  settings?: Settings;
}

/**
 * The rules of one stream, free of the database: `evolve` folds its events into the state a
 * command needs, and `decide` answers a command with the events it causes, or throws a
 * DomainError. Tested without a database.
 */
export interface Decider<Command, State, E extends DomainEvent> {
  initialState: State;
  evolve(state: State, event: E): State;
  decide(command: Command, state: State): E[];
  /**
   * Whether a state is one a client holds a version of, so If-Match applies; by default any
   * stream with events. A state that is not (deleted, say) is left to `decide` to refuse.
   */
  exists?(state: State): boolean;
}

export interface RunOptions {
  /**
   * The client's If-Match: a stream at another version is refused as stale, and so is a writer
   * that lost a race to it. Without it, a lost race runs the request again on the newer state.
   */
  ifMatch?: { version: number; staleMessage: string };
  /** Unique indexes of read tables that settle two writers at once, each with its refusal. */
  uniqueConflicts?: Record<string, string>;
  /** The stream's events when the caller read them already (with a fact beside them, say). */
  history?: readonly StoredEvent<DomainEvent>[];
  /** A projection written in the statement that appends the events (see `append`): a hot command's one round trip. */
  inline?: InlineProjection;
}

/**
 * Runs a command on a stream: folds the stream's events, decides, and appends what was decided
 * at the version the fold saw, so a writer that came in between cannot act on a state that no
 * longer holds. An id of another kind of stream folds as no stream. Returns the state after the
 * new events.
 */
export async function runCommand<Command, State, E extends DomainEvent>(
  { tx, meta }: CommandContext,
  stream: StreamRef<E>,
  decider: Decider<Command, State, E>,
  command: Command,
  { ifMatch, uniqueConflicts = {}, history: read, inline }: RunOptions = {},
): Promise<State> {
  const events = read ?? (await readStream(tx, stream));
  const history = events.every((event) => event.streamType === stream.type) ? (events as StoredEvent<E>[]) : [];
  const state = history.reduce<State>((folded, event) => decider.evolve(folded, event), decider.initialState);
  const seen = history.at(-1)?.version;
  const exists = decider.exists ? decider.exists(state) : seen !== undefined;
  if (ifMatch && exists && ifMatch.version !== seen) throw stale(ifMatch.staleMessage);
  const decided = decider.decide(command, state);
  try {
    await append(tx, stream, seen === undefined ? 'no_stream' : seen, decided, meta, inline);
  } catch (error) {
    const refusal = Object.entries(uniqueConflicts).find(([index]) => isUniqueViolation(error, index));
    if (refusal) throw conflict(refusal[1]);
    if (!(error instanceof ConcurrencyError)) throw error;
    if (ifMatch) throw stale(ifMatch.staleMessage);
    throw new ConcurrencyError(stream.id, 'any');
  }
  return decided.reduce<State>((folded, event) => decider.evolve(folded, event), state);
}
