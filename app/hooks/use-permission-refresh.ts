import { useRevalidator } from '@remix-run/react';
import { useCallback, useEffect, useRef } from 'react';
import { toast } from '~/components/ui/toaster';

/** Window focus reloads the permissions at most this often. */
export const PERMISSION_REFRESH_THROTTLE_MS = 5000;

function plural(count: number) {
  return `${count} permission${count === 1 ? '' : 's'}`;
}

/**
 * Reloads the signed-in user's permissions by revalidating the page's loaders (the layout reads
 * /users/current-user): on demand, with a toast of the result, and when the window regains focus,
 * at most once every five seconds.
 */
export function usePermissionRefresh(permissions: readonly string[]) {
  const revalidator = useRevalidator();
  const { revalidate } = revalidator;
  const stateRef = useRef(revalidator.state);
  stateRef.current = revalidator.state;
  const lastRef = useRef(0);
  const requested = useRef<readonly string[] | null>(null);

  useEffect(() => {
    lastRef.current = Date.now();
    const onFocus = () => {
      const now = Date.now();
      if (now - lastRef.current < PERMISSION_REFRESH_THROTTLE_MS || stateRef.current !== 'idle') return;
      lastRef.current = now;
      revalidate();
    };
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [revalidate]);

  const refresh = useCallback(() => {
    if (requested.current) return;
    requested.current = permissions;
    lastRef.current = Date.now();
    revalidate();
  }, [permissions, revalidate]);

  useEffect(() => {
    const before = requested.current;
    if (!before || revalidator.state !== 'idle') return;
    requested.current = null;
    const added = permissions.filter((name) => !before.includes(name)).length;
    const removed = before.filter((name) => !permissions.includes(name)).length;
    const changes = [added && `${added} added`, removed && `${removed} removed`].filter(Boolean).join(', ');
    toast.success('Permissions refreshed', {
      description: `${changes ? `${changes}. ` : 'No changes. '}You have ${plural(permissions.length)}.`,
    });
  }, [revalidator.state, permissions]);

  return { refresh, refreshing: requested.current !== null && revalidator.state === 'loading' };
}
