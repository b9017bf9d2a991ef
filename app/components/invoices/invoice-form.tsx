import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { Form, useNavigation } from '@remix-run/react';
import type { z } from 'zod';
import * as React from 'react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { useHydrated } from 'remix-utils/use-hydrated';
import {
  INVOICE_LINES_MAX,
  invoiceLineKindLabels,
  invoiceLineKinds,
  type InvoiceKind,
  type InvoiceLineInput,
  type InvoiceLineKind,
  type InvoiceView,
  type TaxRateView,
} from '../../../common/contracts/invoices';
import { amountInWords, invoiceLines, lineAmounts, rateInForce, ratePercent, ratesInForce, sumLines, supplyOf } from '../../../common/fees';
import { parseRupees } from '../../../common/money';
import { Button } from '~/components/ui/button';
import { DateInput } from '~/components/ui/date-input';
import { FieldError, FormError } from '~/components/ui/field-error';
import { FormField } from '~/components/ui/form-field';
import { PlusIcon, Trash2Icon } from '~/components/ui/icons';
import { Input } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/native-select';
import { Textarea } from '~/components/ui/textarea';
import { rupeeText } from '~/components/wallet/amount-schema';
import { Amount } from '~/components/wallet/money';
import { RupeeInput } from '~/components/wallet/rupee-input';
import { invoiceFormSchema } from '~/lib/invoices';
import type { Party, StartingLine } from '~/services/invoices.server';
import { InvoiceTotalsList } from './invoice-totals';
import { PartyPicker } from './party-picker';

/** A line as the form holds it: every value as typed. */
type LineValue = {
  kind: InvoiceLineKind;
  description: string;
  sac: string;
  quantity: string;
  rate: string;
  discount: string;
  taxRate: string;
};

type FormInput = z.input<typeof invoiceFormSchema>;
type LineField = FieldMetadata<FormInput['lines'][number], FormInput, string[]>;

export interface InvoiceFormSettings {
  registered: boolean;
  stateCode: string;
  state: string;
  defaultDueDays: number;
  courseFeeSac: string;
  courseFeeTaxRate: number;
}

/** The draft a form edits: what it bills, as saved, and the version it is changed from. */
export type DraftValues = Pick<InvoiceView, 'version' | 'date' | 'dueDate' | 'notes'> & { lines: InvoiceLineInput[] };

/** A saved line as the form holds it: rupees as one would type them. */
function lineValueOf(line: InvoiceLineInput): LineValue {
  return {
    kind: line.kind,
    description: line.description,
    sac: line.sac,
    quantity: String(line.quantity),
    rate: rupeeText(line.rate),
    discount: line.discount ? rupeeText(line.discount) : '',
    taxRate: String(line.taxRate),
  };
}

/**
 * The lines once a party's fee line comes in: it takes the place of the fee line of the party
 * billed before (a course fee for another student's course is not this one's) or of a first line
 * still blank; otherwise it goes first, once.
 */
function withFeeLine(lines: Partial<LineValue>[], fee: LineValue): Partial<LineValue>[] {
  if (lines.some((line) => line?.kind === fee.kind && line.description === fee.description)) return lines;
  const previous = lines.findIndex((line) => line?.kind === fee.kind && (line.description || line.rate));
  if (previous >= 0) return lines.map((line, index) => (index === previous ? fee : line));
  if (lines.length === 1 && !lines[0]?.description && !lines[0]?.rate) return [fee];
  return [fee, ...lines];
}

/** YYYY-MM-DD plus some days. */
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return '';
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * What the totals are worked out from as one types: a line not yet a number counts as nothing,
 * a discount above its line as the whole line (the field says what is wrong).
 */
function previewLine(line: Partial<LineValue> | undefined): InvoiceLineInput | null {
  const quantity = Number(line?.quantity);
  if (!Number.isSafeInteger(quantity) || quantity <= 0) return null;
  const rate = parseRupees(line?.rate ?? '') ?? 0;
  const discount = Math.min(parseRupees(line?.discount ?? '') ?? 0, quantity * rate);
  return { kind: 'other', description: '', sac: '', quantity, rate, discount, taxRate: Number(line?.taxRate) || 0 };
}

/**
 * The form of a student's or a branch's invoice, new or a draft's. A plain form post (lines as
 * `lines[0].description`…) that works without JavaScript; with it, the totals follow the typing
 * and picking a student fills in their course fee.
 */
export function InvoiceForm({
  kind,
  today,
  settings,
  rates,
  party: loadedParty,
  startLine,
  search,
  matches,
  idempotencyKey,
  draft,
  lastResult,
}: {
  kind: InvoiceKind;
  today: string;
  settings: InvoiceFormSettings;
  rates: TaxRateView[];
  party: Party | null;
  startLine: StartingLine | null;
  search: string;
  matches: Party[] | null;
  idempotencyKey: string;
  /** The draft it changes; none makes a new invoice. */
  draft: DraftValues | null;
  lastResult?: SubmissionResult<string[]>;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [party, setParty] = React.useState(loadedParty);
  const defaultTax = settings.registered && rateInForce(rates, settings.courseFeeTaxRate, today) ? settings.courseFeeTaxRate : 0;
  const blankLine = (kind: InvoiceLineKind = 'other'): LineValue => ({
    kind,
    description: '',
    sac: kind === 'courseFee' ? settings.courseFeeSac : '',
    quantity: '1',
    rate: '',
    discount: '',
    taxRate: String(defaultTax),
  });
  const lineFrom = (line: StartingLine): LineValue => ({
    ...blankLine(line.kind),
    description: line.description,
    rate: rupeeText(line.rate),
  });

  const savedLines = draft ? draft.lines.map(lineValueOf) : [blankLine(kind === 'student' ? 'courseFee' : 'entryFee')];

  const [form, fields] = useForm({
    id: `invoice-${kind}`,
    lastResult,
    defaultValue: {
      kind,
      partyId: loadedParty?._id ?? '',
      date: draft?.date ?? today,
      dueDate: draft?.dueDate ?? addDays(today, settings.defaultDueDays),
      lines: startLine ? withFeeLine(savedLines, lineFrom(startLine)) : savedLines,
      notes: draft?.notes ?? '',
    },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: invoiceFormSchema }),
  });

  const onPick = (picked: { party: Party; line: StartingLine | null } | null) => {
    setParty(picked?.party ?? null);
    form.update({ name: fields.partyId.name, value: picked?.party._id ?? '' });
    if (!picked?.line) return;
    const current = (form.value?.lines ?? []) as Partial<LineValue>[];
    const lines = withFeeLine(current, lineFrom(picked.line));
    if (lines !== current) form.update({ name: fields.lines.name, value: lines });
  };

  const date = (form.value?.date as string | undefined) || today;
  // A draft's due date was chosen already: a new invoice date no longer moves it.
  const [dueTouched, setDueTouched] = React.useState(Boolean(draft));
  const dueDefault = dueTouched ? undefined : addDays(date, settings.defaultDueDays);
  const taxChoices = ratesInForce(rates, date);

  const supply = supplyOf(settings.stateCode, party?.stateCode ?? null);
  const preview = ((form.value?.lines ?? []) as Partial<LineValue>[]).map(previewLine);
  const totals = sumLines(
    invoiceLines(
      preview.filter((line): line is InvoiceLineInput => line !== null),
      supply,
      settings.registered,
    ),
  );

  const rows = fields.lines.getFieldList();
  const submitting = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null;
  const intents = {
    insert: () => {
      const intent = { name: fields.lines.name, defaultValue: blankLine() };
      return hydrated ? { type: 'button' as const, onClick: () => form.insert(intent) } : form.insert.getButtonProps(intent);
    },
    remove: (index: number) => {
      const intent = { name: fields.lines.name, index };
      return hydrated ? { type: 'button' as const, onClick: () => form.remove(intent) } : form.remove.getButtonProps(intent);
    },
  };

  return (
    <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
      <div className="grid min-w-0 gap-6">
        <PartyPicker
          kind={kind}
          party={party}
          search={search}
          matches={party ? null : matches}
          error={fields.partyId.errors}
          errorId={fields.partyId.errorId}
          onPick={onPick}
        />
        <Form method="post" {...getFormProps(form)} className="grid min-w-0 gap-6">
          <AuthenticityTokenInput />
          <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
          <input type="hidden" name={fields.kind.name} value={kind} />
          <input type="hidden" name={fields.partyId.name} value={party?._id ?? ''} />
          {draft ? (
            // The version the draft was opened at, as the form posted it: a form shown again keeps it, so a save never passes over a change made since.
            <input type="hidden" name="version" defaultValue={String(lastResult?.initialValue?.version ?? draft.version)} />
          ) : null}
          {/* Enter in a field saves a draft, never adds or removes a line. */}
          <button type="submit" name="intent" value="draft" hidden tabIndex={-1} aria-hidden="true" />

          <div className="grid gap-4 sm:grid-cols-2">
            <FormField field={fields.date} label="Invoice date" required>
              <DateInput name={fields.date.name} id={fields.date.id} defaultValue={fields.date.initialValue as string} required />
            </FormField>
            <FormField field={fields.dueDate} label="Due date" required>
              <DateInput
                name={fields.dueDate.name}
                id={fields.dueDate.id}
                defaultValue={dueDefault ?? (fields.dueDate.initialValue as string)}
                onFocus={() => setDueTouched(true)}
                required
              />
            </FormField>
          </div>

          <fieldset className="grid min-w-0 gap-3">
            <legend className="mb-2 text-base font-semibold">Lines</legend>
            <FieldError id={fields.lines.errorId} errors={fields.lines.errors} />
            <ol className="grid gap-3">
              {rows.map((row, index) => (
                <LineFields
                  key={row.key}
                  row={row}
                  index={index}
                  count={rows.length}
                  registered={settings.registered}
                  taxChoices={taxChoices}
                  total={preview[index] ? lineAmounts(preview[index], supply, settings.registered).total : null}
                  removeProps={intents.remove(index)}
                />
              ))}
            </ol>
            <div>
              <Button variant="outline" size="sm" disabled={rows.length >= INVOICE_LINES_MAX} {...intents.insert()}>
                <PlusIcon aria-hidden="true" /> Add line
              </Button>
            </div>
          </fieldset>

          <FormField field={fields.notes} label="Notes">
            <Textarea {...getTextareaProps(fields.notes)} key={fields.notes.key} rows={3} placeholder="Printed on the invoice" />
          </FormField>
          <FormError id={form.errorId} errors={form.errors} />
        </Form>
      </div>

      <aside aria-labelledby="invoice-totals-title" className="grid gap-4 rounded-lg border p-4 lg:sticky lg:top-20">
        <h2 id="invoice-totals-title" className="text-base font-semibold">
          Totals
        </h2>
        <div aria-live="polite">
          <InvoiceTotalsList totals={totals} supply={supply} amountInWords={amountInWords(totals.total)} />
        </div>
        <p className="text-xs text-muted-foreground">
          {settings.registered
            ? supply === 'inter'
              ? 'Billed to another state: IGST.'
              : `Billed within ${settings.state || 'the state'}: CGST and SGST.`
            : 'The institute is not registered under GST: this is a bill of supply, without tax.'}
        </p>
        <div className="grid gap-2">
          <Button type="submit" form={form.id} name="intent" value="issue" disabled={Boolean(submitting)}>
            {submitting === 'issue' ? 'Issuing…' : draft ? 'Save and issue' : 'Issue invoice'}
          </Button>
          <Button type="submit" form={form.id} name="intent" value="draft" variant="outline" disabled={Boolean(submitting)}>
            {submitting === 'draft' ? 'Saving…' : 'Save draft'}
          </Button>
        </div>
      </aside>
    </div>
  );
}

function LineFields({
  row,
  index,
  count,
  registered,
  taxChoices,
  total,
  removeProps,
}: {
  row: LineField;
  index: number;
  count: number;
  registered: boolean;
  taxChoices: number[];
  total: number | null;
  removeProps: React.ComponentProps<'button'>;
}) {
  const line = row.getFieldset();
  const taxRate = Number(line.taxRate.value ?? line.taxRate.initialValue ?? 0);
  const choices = taxChoices.includes(taxRate) ? taxChoices : [...taxChoices, taxRate].sort((a, b) => a - b);
  return (
    <li className="grid gap-3 rounded-lg border p-3">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium">Line {index + 1}</h3>
        <div className="flex items-center gap-3">
          <span className="text-sm text-muted-foreground">
            Line total {total === null ? '—' : <Amount paise={total} className="font-medium text-foreground" />}
          </span>
          <Button variant="ghost" size="icon" disabled={count <= 1} aria-label={`Remove line ${index + 1}`} {...removeProps}>
            <Trash2Icon aria-hidden="true" />
          </Button>
        </div>
      </div>
      <FieldError id={row.errorId} errors={row.errors} />
      <div className="grid grid-cols-2 gap-3 md:grid-cols-6">
        <div className="col-span-2 md:col-span-2">
          <FormField field={line.kind} label="Kind" required>
            <NativeSelect {...getSelectProps(line.kind)} key={line.kind.key}>
              {invoiceLineKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {invoiceLineKindLabels[kind]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        </div>
        <div className="col-span-2 md:col-span-3">
          <FormField field={line.description} label="Description" required>
            <Input {...getInputProps(line.description, { type: 'text' })} key={line.description.key} maxLength={200} autoComplete="off" />
          </FormField>
        </div>
        <FormField field={line.sac} label="SAC/HSN">
          <Input {...getInputProps(line.sac, { type: 'text' })} key={line.sac.key} inputMode="numeric" maxLength={8} autoComplete="off" />
        </FormField>
        <FormField field={line.quantity} label="Quantity" required>
          <Input {...getInputProps(line.quantity, { type: 'number' })} key={line.quantity.key} min={1} step={1} className="tabular-nums" />
        </FormField>
        <div className="md:col-span-2">
          <FormField field={line.rate} label="Rate" required>
            <RupeeInput {...getInputProps(line.rate, { type: 'text' })} key={line.rate.key} placeholder="0" />
          </FormField>
        </div>
        <FormField field={line.discount} label="Discount">
          <RupeeInput {...getInputProps(line.discount, { type: 'text' })} key={line.discount.key} placeholder="0" />
        </FormField>
        {registered ? (
          <div className="md:col-span-2">
            <FormField field={line.taxRate} label="GST rate" required>
              <NativeSelect {...getSelectProps(line.taxRate)} key={line.taxRate.key}>
                {choices.map((rate) => (
                  <option key={rate} value={rate}>
                    {ratePercent(rate)}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </div>
        ) : (
          <input type="hidden" name={line.taxRate.name} value="0" />
        )}
      </div>
    </li>
  );
}
