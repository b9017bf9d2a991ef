import type { Database } from '../../db/client';
import { loadActor, type Actor } from './actor';

/** Where migration 0007's triggers announce a changed caller: the user's id, or `*` for all. */
export const CALLER_CHANGES = 'caller_changes';

/** A safety net: an entry is read again after this long even if no change was announced. */
const LIFETIME_MS = 60_000;
const MAX_USERS = 10_000;

export interface Callers {
  /** The caller of a session: kept from an earlier request while nothing it is made of changed. */
  load(userId: string, sessionId: string): Promise<Actor | null>;
  /** Drops what is kept of one user, or of everyone. */
  forget(userId?: string): void;
}

interface Kept {
  actor: Actor;
  until: number;
}

/**
 * Callers read from the database, kept per process until PostgreSQL announces that the user,
 * their permissions or their sessions changed (decision 016). Nothing is kept while the
 * announcements are not heard: before the first LISTEN and after its connection is lost.
 */
export function createCallers(database: Database): Callers {
  const kept = new Map<string, Map<string, Kept>>();
  let listening = false;
  // Moves on every change, so a caller read before a change and answered after it is not kept.
  let generation = 0;

  const forget = (userId?: string) => {
    generation++;
    if (userId === undefined || userId === '*') kept.clear();
    else kept.delete(userId);
  };
  database.listen(CALLER_CHANGES, {
    message: forget,
    listening(on) {
      listening = on;
      forget();
    },
  });

  return {
    async load(userId, sessionId) {
      const now = performance.now();
      const hit = listening ? kept.get(userId)?.get(sessionId) : undefined;
      if (hit && hit.until > now) return hit.actor;
      const seen = generation;
      const actor = await loadActor(database.db, userId, sessionId);
      if (actor && listening && seen === generation) {
        if (!kept.has(userId) && kept.size >= MAX_USERS) kept.delete(kept.keys().next().value!);
        const sessions = kept.get(userId) ?? new Map<string, Kept>();
        sessions.set(sessionId, { actor, until: now + LIFETIME_MS });
        kept.set(userId, sessions);
      }
      return actor;
    },
    forget,
  };
}
