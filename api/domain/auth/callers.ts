import type { Database } from '../../db/client';
import { keptUntilAnnounced } from '../../db/kept-until-announced';
import { loadActor, type Actor } from './actor';

/** Where migration 0007's triggers announce a changed caller: the user's id, or `*` for all. */
export const CALLER_CHANGES = 'caller_changes';

export interface Callers {
  /** The caller of a session: kept from an earlier request while nothing it is made of changed. */
  load(userId: string, sessionId: string): Promise<Actor | null>;
  /** Drops what is kept of one user, or of everyone. */
  forget(userId?: string): void;
}

/**
 * Callers read from the database, kept per process until PostgreSQL announces that the user,
 * their permissions or their sessions changed (decision 016), per user and session. A
 * signed-out or unknown session is never kept, so nothing has to announce a sign-in.
 */
export function createCallers(database: Database): Callers {
  const kept = keptUntilAnnounced<Actor | null>(database, CALLER_CHANGES, {
    lifetimeMs: 60_000,
    maxGroups: 10_000,
    keepable: (actor) => actor !== null,
  });
  return {
    load: (userId, sessionId) => kept.load(userId, sessionId, () => loadActor(database.db, userId, sessionId)),
    forget: kept.forget,
  };
}
