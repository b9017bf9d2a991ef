import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { Form, useActionData } from '@remix-run/react';
import type * as React from 'react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import type { BillingSettings, TaxRateView } from '../../../common/contracts/invoices';
import { EmptyState } from '~/components/list/empty-state';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card';
import { DateInput } from '~/components/ui/date-input';
import { FieldError, FormError } from '~/components/ui/field-error';
import { FormField } from '~/components/ui/form-field';
import { PlusIcon, ReceiptIndianRupeeIcon, SaveIcon, ShieldIcon } from '~/components/ui/icons';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { NativeCheckbox } from '~/components/ui/native-checkbox';
import { NativeSelect } from '~/components/ui/native-select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { Textarea } from '~/components/ui/textarea';
import { formatDate } from '~/utils/format';
import { ratePercent, ratesInForce } from '../../../common/fees';
import { gstStates, profileSchema, rateSchema } from './billing-settings-schema';
import { useSubmittingIntent } from '~/components/list/use-list-navigation';

type ActionResult = { result: SubmissionResult<string[]> } | undefined;

/** The action's answer when it answers the form of `intent`; the other form keeps its own state. */
function useLastResult(intent: 'profile' | 'rate') {
  const actionData = useActionData<ActionResult>();
  return actionData?.result.initialValue?.intent === intent ? actionData.result : undefined;
}

/** A section of the screen: a card headed by its own h2, which names it. */
export function BillingSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <Card aria-labelledby={id} role="region" className="min-w-0">
      <CardHeader>
        <h2 id={id} className="text-lg leading-none font-semibold">
          {title}
        </h2>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="min-w-0">{children}</CardContent>
    </Card>
  );
}

function CheckboxField({ field, label, hint }: { field: Parameters<typeof getInputProps>[0]; label: string; hint: string }) {
  return (
    <div className="flex items-start gap-3">
      <NativeCheckbox
        {...getInputProps(field, { type: 'checkbox' })}
        key={field.key}
        aria-describedby={[field.descriptionId, field.errors ? field.errorId : null].filter(Boolean).join(' ')}
        className="mt-0.5"
      />
      <div className="grid gap-1">
        <Label htmlFor={field.id}>{label}</Label>
        <p id={field.descriptionId} className="text-xs text-muted-foreground">
          {hint}
        </p>
        <FieldError id={field.errorId} errors={field.errors} />
      </div>
    </div>
  );
}

/** The course fee's choices: the rates in force today, and the one saved even when it is no longer. */
function courseFeeRates(rates: TaxRateView[], today: string, saved: number) {
  const inForce = ratesInForce(rates, today);
  return inForce.includes(saved) ? inForce : [...inForce, saved].sort((a, b) => a - b);
}

export function BillingProfileForm({ settings, rates, today }: { settings: BillingSettings; rates: TaxRateView[]; today: string }) {
  const submitting = useSubmittingIntent('profile');
  const [form, fields] = useForm({
    id: 'billing-profile',
    lastResult: useLastResult('profile'),
    defaultValue: {
      registered: settings.registered ? 'on' : undefined,
      gstin: settings.gstin,
      legalName: settings.legalName,
      address: settings.address,
      state: settings.state,
      seriesCode: settings.seriesCode,
      invoiceFeesAtAdmission: settings.invoiceFeesAtAdmission ? 'on' : undefined,
      defaultDueDays: String(settings.defaultDueDays),
      courseFeeSac: settings.courseFeeSac,
      courseFeeTaxRate: String(settings.courseFeeTaxRate),
    },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
  });
  const states = gstStates.includes(settings.state as (typeof gstStates)[number]) ? gstStates : [settings.state, ...gstStates];
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-6">
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="profile" />
      <CheckboxField
        field={fields.registered}
        label="Registered under GST"
        hint="Invoices charge GST and print the GSTIN; otherwise they are bills of supply without tax."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField field={fields.gstin} label="GSTIN">
          <Input
            {...getInputProps(fields.gstin, { type: 'text' })}
            key={fields.gstin.key}
            maxLength={15}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            placeholder="07AABCD1234E1Z5"
            className="font-mono uppercase"
          />
        </FormField>
        <FormField field={fields.legalName} label="Legal name">
          <Input
            {...getInputProps(fields.legalName, { type: 'text' })}
            key={fields.legalName.key}
            maxLength={200}
            autoComplete="organization"
          />
        </FormField>
      </div>
      <FormField field={fields.address} label="Address">
        <Textarea {...getTextareaProps(fields.address)} key={fields.address.key} rows={3} maxLength={500} autoComplete="street-address" />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField field={fields.state} label="State" required>
          <NativeSelect {...getSelectProps(fields.state)} key={fields.state.key}>
            <option value="">Select state</option>
            {states.map((state) => (
              <option key={state} value={state}>
                {state}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField field={fields.seriesCode} label="Series code for invoices to branches" required>
          <Input
            {...getInputProps(fields.seriesCode, { type: 'text' })}
            key={fields.seriesCode.key}
            maxLength={6}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            className="font-mono uppercase"
          />
        </FormField>
      </div>
      <CheckboxField
        field={fields.invoiceFeesAtAdmission}
        label="Invoice the course fee when a student is admitted"
        hint="Admitting a student issues an invoice for their course’s fee."
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField field={fields.defaultDueDays} label="Default days until due" required>
          <Input {...getInputProps(fields.defaultDueDays, { type: 'number' })} key={fields.defaultDueDays.key} min={0} max={365} step={1} />
        </FormField>
        <FormField field={fields.courseFeeSac} label="Course fee SAC">
          <Input
            {...getInputProps(fields.courseFeeSac, { type: 'text' })}
            key={fields.courseFeeSac.key}
            inputMode="numeric"
            maxLength={8}
            autoComplete="off"
          />
        </FormField>
        <FormField field={fields.courseFeeTaxRate} label="Course fee tax rate" required>
          <NativeSelect {...getSelectProps(fields.courseFeeTaxRate)} key={fields.courseFeeTaxRate.key}>
            {courseFeeRates(rates, today, settings.courseFeeTaxRate).map((rate) => (
              <option key={rate} value={rate}>
                {ratePercent(rate)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormError id={form.errorId} errors={form.errors} />
      <div>
        <Button type="submit" disabled={submitting}>
          <SaveIcon aria-hidden="true" /> {submitting ? 'Saving…' : 'Save billing profile'}
        </Button>
      </div>
    </Form>
  );
}

/** The profile as branch staff see it: they bill with it, the institute's staff change it. */
export function BillingProfileView({ settings, note }: { settings: BillingSettings; note: string }) {
  const yes = (value: boolean) => (value ? 'Yes' : 'No');
  const rows: [string, string][] = [
    ['Registered under GST', yes(settings.registered)],
    ['GSTIN', settings.gstin || '—'],
    ['Legal name', settings.legalName || '—'],
    ['Address', settings.address || '—'],
    ['State', settings.state ? `${settings.state} (${settings.stateCode})` : '—'],
    ['Series code for invoices to branches', settings.seriesCode],
    ['Invoice the course fee when a student is admitted', yes(settings.invoiceFeesAtAdmission)],
    ['Default days until due', String(settings.defaultDueDays)],
    ['Course fee SAC', settings.courseFeeSac || '—'],
    ['Course fee tax rate', ratePercent(settings.courseFeeTaxRate)],
  ];
  return (
    <div className="grid gap-4">
      <p className="flex items-center gap-2 rounded-md border bg-muted/50 px-3 py-2 text-sm text-muted-foreground">
        <ShieldIcon aria-hidden="true" className="size-4 shrink-0" /> {note}
      </p>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[minmax(0,16rem)_minmax(0,1fr)]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="font-medium break-words whitespace-pre-line max-sm:mb-2">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export function TaxRatesTable({ rates }: { rates: TaxRateView[] }) {
  if (!rates.length) {
    return (
      <EmptyState className="min-h-0 border-0 py-8" icon={ReceiptIndianRupeeIcon} title="No tax rates">
        Add the GST rates in force: invoices offer only those.
      </EmptyState>
    );
  }
  return (
    <Table aria-label="GST rates" className="max-w-2xl">
      <TableHeader>
        <TableRow>
          <TableHead className="text-right">Rate</TableHead>
          <TableHead>In force from</TableHead>
          <TableHead>Until</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rates.map((rate) => (
          <TableRow key={rate._id}>
            <TableCell className="text-right font-medium tabular-nums">{ratePercent(rate.rate)}</TableCell>
            <TableCell className="tabular-nums">{formatDate(rate.from)}</TableCell>
            <TableCell className="tabular-nums">
              {rate.until ? formatDate(rate.until) : <span className="text-muted-foreground">Open</span>}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function AddTaxRateForm() {
  const submitting = useSubmittingIntent('rate');
  const [form, fields] = useForm({
    id: 'tax-rate',
    lastResult: useLastResult('rate'),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: rateSchema }),
  });
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} aria-labelledby="add-rate-title" className="grid gap-4 border-t pt-4">
      <h3 id="add-rate-title" className="text-sm font-semibold">
        Add rate
      </h3>
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="rate" />
      <div className="grid gap-4 sm:grid-cols-[8rem_minmax(0,1fr)_minmax(0,1fr)] lg:grid-cols-[8rem_minmax(0,12rem)_minmax(0,12rem)_auto] lg:items-start">
        <FormField field={fields.rate} label="Rate (%)" required>
          <Input
            {...getInputProps(fields.rate, { type: 'text' })}
            key={fields.rate.key}
            inputMode="decimal"
            autoComplete="off"
            placeholder="18"
            className="tabular-nums"
          />
        </FormField>
        <FormField field={fields.from} label="In force from" required>
          <DateInput name={fields.from.name} id={fields.from.id} key={fields.from.key} aria-describedby={fields.from.errorId} required />
        </FormField>
        <FormField field={fields.until} label="Until">
          <DateInput name={fields.until.name} id={fields.until.id} key={fields.until.key} aria-describedby={fields.until.errorId} />
        </FormField>
        <Button type="submit" variant="outline" disabled={submitting} className="sm:justify-self-start lg:mt-[1.375rem]">
          <PlusIcon aria-hidden="true" /> {submitting ? 'Adding…' : 'Add rate'}
        </Button>
      </div>
      <FormError id={form.errorId} errors={form.errors} />
    </Form>
  );
}
