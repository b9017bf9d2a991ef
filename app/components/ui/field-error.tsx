import type * as React from 'react';
import { cn } from './cn';

type Message = string | null | undefined | false;

/**
 * The messages under a field. Give it the id the field names in `aria-describedby`
 * (conform: `id={field.errorId}` and `errors={field.errors}`). Renders nothing when there are none.
 */
export function FieldError({
  id,
  errors,
  className,
  ...props
}: Omit<React.ComponentProps<'ul'>, 'children'> & { errors?: readonly Message[] | Message }) {
  const list = Array.isArray(errors) ? errors : [errors];
  const messages = [...new Set(list.filter((message): message is string => typeof message === 'string' && message !== ''))];
  if (messages.length === 0) return null;
  return (
    <ul id={id} data-slot="field-error" className={cn('grid gap-1 text-sm text-destructive', className)} {...props}>
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

/**
 * The messages that belong to the whole form (conform: `id={form.errorId}` and
 * `errors={form.errors}`), announced as an alert. Renders nothing when there are none.
 */
export function FormError({ id, errors }: { id: string; errors?: readonly string[] }) {
  if (!errors?.length) return null;
  return (
    <div role="alert" id={id} className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
      {errors.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}
