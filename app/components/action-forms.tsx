import type { SubmissionResult } from '@conform-to/react';
import { Form, useActionData } from '@remix-run/react';
import * as React from 'react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { useSubmittingIntent } from '~/components/list/use-list-navigation';
import { FieldError } from '~/components/ui/field-error';
import { Label } from '~/components/ui/label';
import { Textarea } from '~/components/ui/textarea';
import { UrlDialogActions } from '~/components/wallet/url-dialog';

type ActionResult = { result: SubmissionResult<string[]> };

/** The action's messages for one field of the form sent with `intent` ('' for the form's own). */
export function useErrors(intent: string) {
  const actionData = useActionData<ActionResult>();
  const mine = actionData?.result.initialValue?.intent === intent;
  return (name: string) => (mine ? actionData?.result.error?.[name] : undefined) ?? undefined;
}

/** One labelled field of the dialogs' forms with its messages under it. */
export function Field({
  id,
  label,
  errors,
  required,
  hint,
  children,
}: {
  id: string;
  label: string;
  errors?: string[];
  required?: boolean;
  hint?: string;
  children: React.ReactElement<{ id?: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }>;
}) {
  const errorId = `${id}-error`;
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      {React.cloneElement(children, {
        id,
        'aria-describedby': errors?.length ? errorId : undefined,
        'aria-invalid': errors?.length ? true : undefined,
      })}
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}

/** An action asked to be confirmed: its intent and the fields it needs, what it is sure of above the buttons. */
export function ConfirmForm({
  intent,
  hidden,
  label,
  busyLabel,
  closeTo,
  children,
}: {
  intent: string;
  /** More fields the action needs (the payment reversed, the version seen). */
  hidden: Record<string, string | number>;
  label: string;
  busyLabel: string;
  closeTo: string;
  children?: React.ReactNode;
}) {
  const errors = useErrors(intent);
  const submitting = useSubmittingIntent(intent);
  return (
    <Form method="post" preventScrollReset className="grid gap-4">
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FieldError errors={errors('')} />
      {children}
      <UrlDialogActions closeTo={closeTo} submitting={submitting} busyLabel={busyLabel} label={label} destructive />
    </Form>
  );
}

/** A reason, then the action: cancelling an invoice, reversing a payment, revoking a certificate. */
export function ReasonForm({ placeholder, ...form }: Omit<React.ComponentProps<typeof ConfirmForm>, 'children'> & { placeholder: string }) {
  const errors = useErrors(form.intent);
  return (
    <ConfirmForm {...form}>
      <Field id={`${form.intent}-reason`} label="Reason" required errors={errors('reason')}>
        <Textarea name="reason" required maxLength={500} placeholder={placeholder} />
      </Field>
    </ConfirmForm>
  );
}
