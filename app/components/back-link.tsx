import type * as React from 'react';
import { Link } from '@remix-run/react';
import { ArrowLeftIcon } from '~/components/ui/icons';

/** Back to the page this one was opened from, above its heading. */
export function BackLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link to={to} className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
      <ArrowLeftIcon aria-hidden className="size-4" />
      {children}
    </Link>
  );
}
