import { isRouteErrorResponse, Link, useLocation, useRouteError } from '@remix-run/react';
import { Button } from '~/components/ui/button';
import { RotateCwIcon, TriangleAlertIcon } from '~/components/ui/icons';

function messageOf(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const fromApi = (error.data as { message?: unknown } | null)?.message;
    if (error.status === 403) return 'You do not have permission to see these records.';
    if (typeof fromApi === 'string' && fromApi) return fromApi;
    if (typeof error.data === 'string' && error.data) return error.data;
    return error.statusText || 'Something went wrong.';
  }
  return 'Something went wrong.';
}

/**
 * A list screen's error state: what went wrong, in the screen's own frame (the layout and
 * sidebar stay), with Retry loading the same address again.
 */
export function RecordListError({ title, back }: { title: string; back?: { href: string; label: string } }) {
  const error = useRouteError();
  const location = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  return (
    <section aria-labelledby="record-list-error-title" className="grid gap-5">
      <h1 id="record-list-error-title" className="text-2xl font-semibold tracking-tight">
        {title}
      </h1>
      <div
        role="alert"
        className="flex min-h-64 flex-col items-center justify-center rounded-lg border border-destructive/30 bg-destructive/5 px-6 py-12 text-center"
      >
        <div className="flex size-12 items-center justify-center rounded-full bg-destructive/10">
          <TriangleAlertIcon aria-hidden="true" className="size-6 text-destructive" />
        </div>
        <h2 className="mt-4 text-base font-medium">
          {status === 404 ? 'Not found' : `${title} could not be loaded`}
        </h2>
        <p className="mt-1 max-w-md text-sm text-balance text-muted-foreground">{messageOf(error)}</p>
        <div className="mt-5 flex flex-wrap justify-center gap-2">
          {/* Retrying cannot bring back what is not there. */}
          {status === 404 ? null : (
            <Button asChild>
              <Link to={`${location.pathname}${location.search}`} replace>
                <RotateCwIcon aria-hidden="true" />
                Retry
              </Link>
            </Button>
          )}
          <Button asChild variant={status === 404 ? 'default' : 'outline'}>
            <Link to={back?.href ?? '/admin'}>{back?.label ?? 'Go to Dashboard'}</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
