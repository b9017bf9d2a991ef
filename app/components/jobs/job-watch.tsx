import { Link } from '@remix-run/react';
import { RefreshCwIcon } from '~/components/ui/icons';
import { useWatching } from '~/hooks/use-watching';

/**
 * Keeps a job's screen current while the job runs: its data reloaded every second with
 * JavaScript; without, the page refreshes itself every two seconds.
 */
export function JobRefresh({ running }: { running: boolean }) {
  useWatching(running);
  return running ? (
    <noscript>
      <meta httpEquiv="refresh" content="2" />
    </noscript>
  ) : null;
}

/** Looks again at once: for a page without JavaScript, or someone who will not wait for the next look. */
export function CheckAgainLink({ to }: { to: string }) {
  return (
    <Link to={to} preventScrollReset className="inline-flex w-fit items-center gap-1 text-sm underline underline-offset-4">
      <RefreshCwIcon aria-hidden className="size-4" />
      Check again
    </Link>
  );
}
