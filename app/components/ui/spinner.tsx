import type * as React from 'react';
import { cn } from './cn';
import { LoaderCircleIcon } from './icons';

/**
 * A turning circle announced as a status. Pass `label` ("Uploading…"); inside a button whose
 * text already says what is happening, pass `aria-hidden` instead.
 */
export function Spinner({ className, label = 'Loading', ...props }: React.ComponentProps<typeof LoaderCircleIcon> & { label?: string }) {
  const hidden = props['aria-hidden'] === true || props['aria-hidden'] === 'true';
  return (
    <LoaderCircleIcon
      data-slot="spinner"
      role={hidden ? undefined : 'status'}
      aria-label={hidden ? undefined : label}
      className={cn('size-4 animate-spin motion-reduce:animate-[spin_1.5s_linear_infinite]', className)}
      {...props}
    />
  );
}
