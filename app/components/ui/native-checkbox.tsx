import type * as React from 'react';
import { cn } from './cn';
import { CheckIcon } from './icons';

/**
 * A real <input type="checkbox"> drawn like Checkbox: it toggles, submits and resets with the
 * form before (or without) JavaScript. Use it in forms that must work without JavaScript.
 */
export function NativeCheckbox({ className, ...props }: Omit<React.ComponentProps<'input'>, 'type'>) {
  return (
    <span data-slot="native-checkbox-wrapper" className={cn('relative inline-flex size-4 shrink-0', className)}>
      <input
        type="checkbox"
        data-slot="native-checkbox"
        className="peer size-4 shrink-0 cursor-default appearance-none rounded-[4px] border border-input shadow-xs transition-shadow outline-none checked:border-primary checked:bg-primary focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 dark:bg-input/30 dark:checked:bg-primary dark:aria-invalid:ring-destructive/40"
        {...props}
      />
      <CheckIcon
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 m-auto hidden size-3.5 text-primary-foreground peer-checked:block"
      />
    </span>
  );
}
