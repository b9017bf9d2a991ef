import { Link, useLocation } from '@remix-run/react';
import type * as React from 'react';
import { Button } from '~/components/ui/button';
import { Card, CardContent } from '~/components/ui/card';
import { FileWarningIcon, LayoutDashboardIcon, ListXIcon, RotateCcwIcon } from '~/components/ui/icons';
import { Skeleton } from '~/components/ui/skeleton';
import { Spinner } from '~/components/ui/spinner';

function StateCard({
  icon,
  heading,
  children,
  action,
}: {
  icon: React.ReactNode;
  heading: string;
  children: React.ReactNode;
  action?: React.ReactNode;
}) {
  return (
    <Card className="mx-auto w-full max-w-lg">
      <CardContent className="grid justify-items-center gap-3 py-6 text-center">
        <div className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">{icon}</div>
        <h2 className="text-lg font-semibold">{heading}</h2>
        <div className="text-sm text-muted-foreground">{children}</div>
        {action ? <div className="pt-2">{action}</div> : null}
      </CardContent>
    </Card>
  );
}

/** While the configuration (and the record being edited) load: the admin layout shows it on the way to a form. */
export function FormLoading() {
  return (
    <div className="mx-auto grid w-full min-w-0 max-w-5xl gap-6" aria-busy="true">
      <StateCard icon={<Spinner className="size-6" aria-hidden />} heading="Loading Form">
        <span role="status">Loading the form configuration…</span>
      </StateCard>
      <div className="mx-auto grid w-full max-w-5xl gap-4 md:grid-cols-2" aria-hidden="true">
        {Array.from({ length: 6 }, (_, index) => (
          <div key={index} className="grid gap-2">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-9 w-full" />
          </div>
        ))}
      </div>
    </div>
  );
}

/** No configuration, or the record to edit could not be read. Retry loads the page again. */
export function FormNotAvailable({ message }: { message: string }) {
  const location = useLocation();
  return (
    <StateCard
      icon={<FileWarningIcon className="size-6" aria-hidden />}
      heading="Form Not Available"
      action={
        <Button asChild>
          <Link to={location.pathname + location.search} replace>
            <RotateCcwIcon aria-hidden /> Retry
          </Link>
        </Button>
      }
    >
      <p role="alert">{message}</p>
    </StateCard>
  );
}

/** A configuration whose fields are all switched off. */
export function NoFormFields({ message }: { message: string }) {
  return (
    <StateCard
      icon={<ListXIcon className="size-6" aria-hidden />}
      heading="No Form Fields"
      action={
        <Button asChild variant="outline">
          <Link to="/admin">
            <LayoutDashboardIcon aria-hidden /> Go to Dashboard
          </Link>
        </Button>
      }
    >
      <p>{message}</p>
    </StateCard>
  );
}
