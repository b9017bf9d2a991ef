import { Label as LabelPrimitive } from 'radix-ui';
import type * as React from 'react';
import { cn } from './cn';

export function Label({
  className,
  required = false,
  children,
  ...props
}: React.ComponentProps<typeof LabelPrimitive.Root> & {
  /** Adds the red asterisk of a required field (the input itself carries `required`/`aria-required`). */
  required?: boolean;
}) {
  return (
    <LabelPrimitive.Root
      data-slot="label"
      className={cn(
        'flex items-center gap-2 text-sm leading-none font-medium select-none group-data-[disabled=true]:pointer-events-none group-data-[disabled=true]:opacity-50 peer-disabled:cursor-not-allowed peer-disabled:opacity-50',
        className,
      )}
      {...props}
    >
      {children}
      {required ? (
        <span aria-hidden="true" data-slot="label-required" className="-ml-1.5 text-destructive">
          *
        </span>
      ) : null}
    </LabelPrimitive.Root>
  );
}
