import type * as React from 'react';
import { cn } from './cn';

/** A grey placeholder block; hidden from assistive technology, so announce loading elsewhere. */
export function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-muted-foreground/15 motion-reduce:animate-none', className)}
      {...props}
    />
  );
}
