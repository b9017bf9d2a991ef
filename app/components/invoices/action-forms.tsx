import type { SubmissionResult } from '@conform-to/react';
import { Form, useActionData } from '@remix-run/react';
import * as React from 'react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { paymentModeLabels, paymentModes, type PaymentMode } from '../../../common/contracts/invoices';
import { useSubmittingIntent } from '~/components/list/use-list-navigation';
import { DateInput } from '~/components/ui/date-input';
import { FieldError } from '~/components/ui/field-error';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { NativeSelect } from '~/components/ui/native-select';
import { Textarea } from '~/components/ui/textarea';
import { rupeeText } from '~/components/wallet/amount-schema';
import { RupeeInput } from '~/components/wallet/rupee-input';
import { UrlDialogActions } from '~/components/wallet/url-dialog';
import { formatRupees } from '~/utils/format';

type ActionResult = { result: SubmissionResult<string[]> };

/** The action's messages for one field of the form sent with `intent` ('' for the form's own). */
function useErrors(intent: string) {
  const actionData = useActionData<ActionResult>();
  const mine = actionData?.result.initialValue?.intent === intent;
  return (name: string) => (mine ? actionData?.result.error?.[name] : undefined) ?? undefined;
}

/** One labelled field of the dialogs' forms with its messages under it. */
function Field({
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

/**
 * Records a payment: the amount starts at what is due. A cheque asks for its number, bank and
 * date, UPI for its reference; without JavaScript every field is shown and the server asks for
 * what the mode needs.
 */
export function PaymentForm({
  due,
  today,
  idempotencyKey,
  closeTo,
}: {
  due: number;
  today: string;
  idempotencyKey: string;
  closeTo: string;
}) {
  const hydrated = useHydrated();
  const errors = useErrors('pay');
  const submitting = useSubmittingIntent('pay');
  const [mode, setMode] = React.useState<PaymentMode>('cash');
  const cheque = !hydrated || mode === 'cheque';
  return (
    <Form method="post" preventScrollReset className="grid gap-4">
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="pay" />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <FieldError errors={errors('')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="pay-amount" label="Amount" required errors={errors('amount')} hint={`Due: ${formatRupees(due)}`}>
          <RupeeInput name="amount" defaultValue={rupeeText(due)} required />
        </Field>
        <Field id="pay-date" label="Received on" required errors={errors('date')}>
          <DateInput name="date" defaultValue={today} required />
        </Field>
      </div>
      <Field id="pay-mode" label="Mode" required errors={errors('mode')}>
        <NativeSelect name="mode" defaultValue="cash" onChange={(event) => setMode(event.currentTarget.value as PaymentMode)}>
          {paymentModes.map((value) => (
            <option key={value} value={value}>
              {paymentModeLabels[value]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      {hydrated && (mode === 'cash' || mode === 'cheque') ? null : (
        <Field
          id="pay-reference"
          label={hydrated && mode === 'upi' ? 'UPI reference' : 'Reference'}
          required={hydrated && mode === 'upi'}
          errors={errors('reference')}
          hint={hydrated ? undefined : 'Required for UPI: its reference. A card’s approval code or a bank transfer’s UTR otherwise.'}
        >
          <Input name="reference" maxLength={100} autoComplete="off" />
        </Field>
      )}
      {cheque ? (
        <fieldset className="grid gap-4 sm:grid-cols-3">
          <legend className="mb-2 text-sm font-medium">{hydrated ? 'Cheque' : 'Cheque (for a cheque only)'}</legend>
          <Field id="pay-cheque-number" label="Cheque number" required={hydrated} errors={errors('chequeNumber')}>
            <Input name="chequeNumber" maxLength={20} inputMode="numeric" autoComplete="off" />
          </Field>
          <Field id="pay-cheque-bank" label="Bank" required={hydrated} errors={errors('chequeBank')}>
            <Input name="chequeBank" maxLength={100} autoComplete="off" />
          </Field>
          <Field id="pay-cheque-date" label="Cheque date" required={hydrated} errors={errors('chequeDate')}>
            <DateInput name="chequeDate" />
          </Field>
        </fieldset>
      ) : null}
      <Field id="pay-notes" label="Notes" errors={errors('notes')}>
        <Textarea name="notes" rows={2} maxLength={500} />
      </Field>
      <UrlDialogActions closeTo={closeTo} submitting={submitting} busyLabel="Recording…" label="Record payment" />
    </Form>
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
  intent: 'cancel' | 'reverse' | 'delete';
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

/** A reason, then the action: cancelling an invoice, reversing a payment. */
export function ReasonForm({
  placeholder,
  ...form
}: Omit<React.ComponentProps<typeof ConfirmForm>, 'children' | 'intent'> & { intent: 'cancel' | 'reverse'; placeholder: string }) {
  const errors = useErrors(form.intent);
  return (
    <ConfirmForm {...form}>
      <Field id={`${form.intent}-reason`} label="Reason" required errors={errors('reason')}>
        <Textarea name="reason" required maxLength={500} placeholder={placeholder} />
      </Field>
    </ConfirmForm>
  );
}
