import { Progress as ProgressPrimitive } from 'radix-ui';
import type * as React from 'react';
import { cn } from './cn';

/** `value` 0–`max` (100 by default); null or undefined shows an indeterminate bar. Give it an aria-label. */
export function Progress({ className, value, max = 100, ...props }: React.ComponentProps<typeof ProgressPrimitive.Root>) {
  const known = typeof value === 'number';
  const percent = known ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      value={known ? Math.min(max, Math.max(0, value)) : null}
      max={max}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-primary/20', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        data-slot="progress-indicator"
        className="h-full w-full flex-1 bg-primary transition-transform duration-200 data-[state=indeterminate]:w-1/3 data-[state=indeterminate]:animate-pulse motion-reduce:transition-none"
        style={known ? { transform: `translateX(-${100 - percent}%)` } : undefined}
      />
    </ProgressPrimitive.Root>
  );
}
