import * as React from 'react';
import { cn } from '~/components/ui/cn';
import { Input } from '~/components/ui/input';

/** "1234567.5" → "12,34,567.5": Indian grouping of what is typed so far, decimals untouched. */
export function groupIndian(text: string): string {
  const cleaned = text.replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  const whole = (dot === -1 ? cleaned : cleaned.slice(0, dot)).replace(/^0+(?=\d)/, '');
  const fraction =
    dot === -1
      ? null
      : cleaned
          .slice(dot + 1)
          .replace(/\./g, '')
          .slice(0, 2);
  const lastThree = whole.slice(-3);
  const rest = whole.slice(0, -3);
  const grouped = rest ? `${rest.replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${lastThree}` : lastThree;
  return fraction === null ? grouped : `${grouped}.${fraction}`;
}

/**
 * A rupee amount field: a ₹ prefix, a numeric keypad on phones, and Indian digit grouping while
 * typing. The server reads what was posted with parseRupees, so it works without JavaScript too.
 */
export const RupeeInput = React.forwardRef<HTMLInputElement, Omit<React.ComponentPropsWithoutRef<'input'>, 'type'>>(function RupeeInput(
  { className, onInput, ...props },
  ref,
) {
  return (
    <div data-slot="rupee-input" className={cn('relative', className)}>
      <span aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground">
        ₹
      </span>
      <Input
        ref={ref}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        className="pl-7 tabular-nums"
        onInput={(event) => {
          const input = event.currentTarget;
          const caret = input.selectionStart ?? input.value.length;
          // Keep the caret after the same number of digits it followed before regrouping.
          const digitsBefore = input.value.slice(0, caret).replace(/[^\d.]/g, '').length;
          const next = groupIndian(input.value);
          if (next !== input.value) {
            input.value = next;
            let position = 0;
            for (let seen = 0; position < next.length && seen < digitsBefore; position++) {
              if (/[\d.]/.test(next[position]!)) seen++;
            }
            input.setSelectionRange(position, position);
          }
          onInput?.(event);
        }}
        {...props}
      />
    </div>
  );
});
