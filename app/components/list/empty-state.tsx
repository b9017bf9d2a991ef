import type * as React from 'react';
import { cn } from '~/components/ui/cn';
import type { LucideIcon } from '~/components/ui/icons';

/** Nothing to show yet, or nothing matching: what the list would hold, and the next step. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
  className,
}: {
  icon: LucideIcon;
  title: string;
  children?: React.ReactNode;
  action?: React.ReactNode;
  /** Inside a card, e.g. `border-0 min-h-0`: the card is the frame. */
  className?: string;
}) {
  return (
    <div
      data-slot="list-empty"
      className={cn(
        'flex min-h-64 flex-col items-center justify-center rounded-lg border border-dashed px-6 py-12 text-center text-sm text-muted-foreground',
        className,
      )}
    >
      <div className="flex size-12 items-center justify-center rounded-full bg-muted">
        <Icon aria-hidden="true" className="size-6" />
      </div>
      <h2 className="mt-4 text-base font-medium text-foreground">{title}</h2>
      {children ? <p className="mt-1 max-w-md text-balance">{children}</p> : null}
      {action ? <div className="mt-4 flex flex-wrap justify-center gap-2">{action}</div> : null}
    </div>
  );
}
