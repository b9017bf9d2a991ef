import { useLocation } from '@remix-run/react';
import { useCallback, useEffect, useRef } from 'react';

/**
 * Tells when a fetcher submission is over, and how: `settled(data)` runs once the fetcher is
 * idle again with new data (the action answered) or after a navigation (the action redirected,
 * data stays undefined). Call the returned `sent()` as the submission leaves.
 *
 * Watching for the fetcher's "submitting" state is not enough: router updates render in
 * transitions, and a quick answer can go from idle to idle without an intermediate render.
 */
export function useFetcherOutcome<Data>(fetcher: { state: string; data: Data | undefined }, settled: (data: Data | undefined) => void) {
  const location = useLocation();
  const latest = useRef({ key: location.key, data: fetcher.data, settled });
  latest.current = { key: location.key, data: fetcher.data, settled };
  const pending = useRef<{ key: string; data: Data | undefined } | null>(null);

  useEffect(() => {
    const started = pending.current;
    if (!started || fetcher.state !== 'idle') return;
    if (started.key === location.key && started.data === fetcher.data) return;
    pending.current = null;
    latest.current.settled(fetcher.data);
  }, [fetcher.state, fetcher.data, location.key]);

  return useCallback(() => {
    pending.current = { key: latest.current.key, data: latest.current.data };
  }, []);
}
