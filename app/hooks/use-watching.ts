import { useRevalidator } from '@remix-run/react';
import * as React from 'react';

/** How often a page watching a job looks again. */
const WATCH_MS = 1_000;

/** Reloads the page's data every `everyMs` while a job runs, so its bar moves; a page without JavaScript refreshes itself instead. */
export function useWatching(running: boolean, everyMs = WATCH_MS) {
  const revalidator = useRevalidator();
  const revalidate = React.useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  React.useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => revalidate.current(), everyMs);
    return () => clearInterval(timer);
  }, [running, everyMs]);
}
