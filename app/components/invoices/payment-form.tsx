import { Form } from '@remix-run/react';
import * as React from 'react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { paymentModeLabels, paymentModes, type PaymentMode } from '../../../common/contracts/invoices';
import { useSubmittingIntent } from '~/components/list/use-list-navigation';
import { DateInput } from '~/components/ui/date-input';
import { FieldError } from '~/components/ui/field-error';
import { Input } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/native-select';
import { Textarea } from '~/components/ui/textarea';
import { rupeeText } from '~/components/wallet/amount-schema';
import { RupeeInput } from '~/components/wallet/rupee-input';
import { UrlDialogActions } from '~/components/wallet/url-dialog';
import { formatRupees } from '~/utils/format';

import { Field, useErrors } from '~/components/action-forms';

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
