import type { Database } from './client';

/**
 * Values read from the database and kept per process, in groups, until PostgreSQL announces on a
 * channel that a group changed (decision 016). Nothing is kept while the announcements are not
 * heard: before the first LISTEN and after its connection is lost.
 */
export interface KeptUntilAnnounced<Value> {
  /** `key` of `group`: kept from an earlier `read` while nothing announced a change of the group. */
  load(group: string, key: string, read: () => Promise<Value>): Promise<Value>;
  /** Drops what is kept of one group, or of every group (`*` or nothing). */
  forget(group?: string): void;
}

export interface KeepingRules<Value> {
  /** A safety net: an entry is read again after this long even if no change was announced. */
  lifetimeMs: number;
  /** The oldest group is dropped to make room beyond this many. */
  maxGroups: number;
  /** Whether a value may be kept; one that may not is read again every time. */
  keepable?(value: Value): boolean;
}

interface Kept<Value> {
  value: Value;
  until: number;
}

/** Keeps what `load` reads until a change of its group is announced on `channel` (the group's name, or `*`). */
export function keptUntilAnnounced<Value>(database: Database, channel: string, rules: KeepingRules<Value>): KeptUntilAnnounced<Value> {
  const kept = new Map<string, Map<string, Kept<Value>>>();
  let listening = false;
  // Moves on every change, so a value read before a change and answered after it is not kept.
  let generation = 0;

  const forget = (group?: string) => {
    generation++;
    if (group === undefined || group === '*') kept.clear();
    else kept.delete(group);
  };
  database.listen(channel, {
    message: forget,
    listening(on) {
      listening = on;
      forget();
    },
  });

  return {
    async load(group, key, read) {
      const now = performance.now();
      const hit = listening ? kept.get(group)?.get(key) : undefined;
      if (hit && hit.until > now) return hit.value;
      const seen = generation;
      const value = await read();
      if (listening && seen === generation && (rules.keepable?.(value) ?? true)) {
        if (!kept.has(group) && kept.size >= rules.maxGroups) kept.delete(kept.keys().next().value!);
        const entries = kept.get(group) ?? new Map<string, Kept<Value>>();
        entries.set(key, { value, until: now + rules.lifetimeMs });
        kept.set(group, entries);
      }
      return value;
    },
    forget,
  };
}
