import { useCallback, useEffect, useState } from 'react';

export const RECENT_LIMIT = 5;

/** Where the admin palette keeps a user's recent pages and actions. */
export const adminRecentKey = (userId: string) => `palette-recent:${userId}`;

function read(storageKey: string): string[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(storageKey) ?? '[]');
    return Array.isArray(stored) ? stored.filter((entry): entry is string => typeof entry === 'string') : [];
  } catch {
    return [];
  }
}

/** Puts `id` first in the list kept under `storageKey`, keeping the newest `limit`. */
export function rememberRecent(storageKey: string, id: string, limit = RECENT_LIMIT): string[] {
  const next = [id, ...read(storageKey).filter((entry) => entry !== id)].slice(0, limit);
  try {
    window.localStorage.setItem(storageKey, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the list simply is not kept.
  }
  return next;
}

/**
 * The ids used most recently, newest first, kept in localStorage. Empty on the server and until
 * the first effect runs. `refresh` reads the list again (another part of the page may write it).
 */
export function useRecent(storageKey: string | undefined, limit = RECENT_LIMIT) {
  const [recent, setRecent] = useState<string[]>([]);
  const refresh = useCallback(() => {
    if (storageKey) setRecent(read(storageKey).slice(0, limit));
  }, [storageKey, limit]);
  useEffect(refresh, [refresh]);
  const remember = useCallback(
    (id: string) => {
      if (storageKey) setRecent(rememberRecent(storageKey, id, limit));
    },
    [storageKey, limit],
  );
  return { recent, remember, refresh };
}
