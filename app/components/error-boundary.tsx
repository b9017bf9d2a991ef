import { isRouteErrorResponse, Link, useLocation, useRouteError } from '@remix-run/react';
import { Button } from '~/components/ui/button';
import { cn } from '~/components/ui/cn';
import { RotateCwIcon, TriangleAlertIcon, type LucideIcon } from '~/components/ui/icons';

/** The message of a thrown answer: its own words for a status, the API's message, or its text. */
function messageOf(error: unknown, statusMessages: Partial<Record<number, string>>, fallback: string): string {
  if (!isRouteErrorResponse(error)) return fallback;
  const own = statusMessages[error.status];
  if (own) return own;
  const fromApi = (error.data as { message?: unknown } | null)?.message;
  if (typeof fromApi === 'string' && fromApi) return fromApi;
  if (typeof error.data === 'string' && error.data) return error.data;
  return error.statusText || fallback;
}

/**
 * Every route's error state, in the route's own frame (a layout and its sidebar stay): the
 * screen's title, what went wrong, Try again loading the same address, and a way back. A 404
 * offers no retry, since retrying cannot bring back what is not there. `fullScreen` is for the
 * root and other routes without a layout around them.
 */
export function GeneralErrorBoundary({
  title = 'Something went wrong',
  heading,
  back = { href: '/admin', label: 'Go to Dashboard' },
  statusMessages = { 403: 'You do not have permission to see this page.' },
  fallback = 'Something went wrong.',
  fullScreen = false,
  icon: Icon = TriangleAlertIcon,
}: {
  /** The screen's name, as its page heading. */
  title?: string;
  /** The panel's heading; "<title> could not be loaded" (or "Not found") by default. */
  heading?: (status: number | undefined) => string;
  back?: { href: string; label: string };
  /** Words for a status in place of the server's, e.g. 404 for a missing form. */
  statusMessages?: Partial<Record<number, string>>;
  /** The message when the error says nothing useful (a thrown exception). */
  fallback?: string;
  fullScreen?: boolean;
  icon?: LucideIcon;
}) {
  const error = useRouteError();
  const location = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  const missing = status === 404;
  return (
    <section aria-labelledby="error-title" className={cn('grid gap-5', fullScreen && 'min-h-svh content-center justify-items-center p-6')}>
      <h1 id="error-title" className="text-2xl font-semibold tracking-tight">
        {title}
      </h1>
      <div
        role="alert"
        className="flex min-h-64 w-full flex-col items-center justify-center rounded-lg border border-destructive/30 bg-destructive/5 px-6 py-12 text-center"
      >
        <div className="flex size-12 items-center justify-center rounded-full bg-destructive/10">
          <Icon aria-hidden="true" className="size-6 text-destructive" />
        </div>
        <h2 className="mt-4 text-base font-medium">{heading ? heading(status) : missing ? 'Not found' : `${title} could not be loaded`}</h2>
        <p className="mt-1 max-w-md text-sm text-balance text-muted-foreground">{messageOf(error, statusMessages, fallback)}</p>
        <div className="mt-5 flex flex-wrap justify-center gap-2">
          {missing ? null : (
            <Button asChild>
              <Link to={`${location.pathname}${location.search}`} replace>
                <RotateCwIcon aria-hidden="true" />
                Try again
              </Link>
            </Button>
          )}
          <Button asChild variant={missing ? 'default' : 'outline'}>
            <Link to={back.href}>{back.label}</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
