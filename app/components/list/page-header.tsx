import type * as React from 'react';
import { Spinner } from '~/components/ui/spinner';

/** The title row of a screen: its heading, a line about it, a spinner while it reloads, its main actions. */
export function PageHeader({
  title,
  description,
  busy = false,
  actions,
  id,
}: {
  title: string;
  description?: React.ReactNode;
  /** Shows that the screen's rows are reloading (another page, sort or filter). */
  busy?: boolean;
  actions?: React.ReactNode;
  /** The heading's id, for the section it names. */
  id?: string;
}) {
  return (
    <header data-slot="page-header" className="flex flex-wrap items-end justify-between gap-x-4 gap-y-3">
      <div className="min-w-0">
        <h1 id={id} className="text-2xl font-semibold tracking-tight">
          {title}
        </h1>
        {description || busy ? (
          <p className="mt-1 flex items-center gap-2 text-sm text-muted-foreground">
            {description ? <span>{description}</span> : null}
            {busy ? <Spinner label={`Loading ${title.toLowerCase()}`} className="size-3.5" /> : null}
          </p>
        ) : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </header>
  );
}
