import type { Tx } from '../db/client';
import { append, readStream, type DomainEvent, type EventMetadata, type StreamRef } from '../db/event-store';
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
}

/**
 * Runs a command on a stream: folds the stream's events, decides, and appends what was decided
 * at the version the fold saw, so a writer that came in between fails with ConcurrencyError
 * instead of acting on a state that no longer holds. Returns the state after the new events.
 */
export async function runCommand<Command, State, E extends DomainEvent>(
  { tx, meta }: CommandContext,
  stream: StreamRef<E>,
  decider: Decider<Command, State, E>,
  command: Command,
): Promise<State> {
  const history = await readStream(tx, stream);
  const state = history.reduce<State>((folded, event) => decider.evolve(folded, event), decider.initialState);
  const decided = decider.decide(command, state);
  const seen = history.at(-1)?.version;
  await append(tx, stream, seen === undefined ? 'no_stream' : seen, decided, meta);
  return decided.reduce<State>((folded, event) => decider.evolve(folded, event), state);
}
