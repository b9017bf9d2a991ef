import * as React from 'react';
import {
  alignments,
  fieldTypeLabels,
  fieldTypes,
  fontFamilies,
  fontWeights,
  FORMAT_LIMITS,
  imageFieldTypes,
  placeholders,
  type FieldType,
  type FormatField,
} from '../../../common/certificate-layout';
import type { FieldChanges } from '../../machines/format-designer.machine';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { Input } from '../ui/input';
import { Label } from '../ui/label';
import { NativeSelect } from '../ui/native-select';
import { Textarea } from '../ui/textarea';
import { FormatDesignerActor } from './designer-context';
import { fieldLabel, mm } from './geometry';

/** The designer's side panel: the fields of the side shown, adding one, and the selected field's properties. */

type FieldProblems = ReadonlyMap<string, string[]>;

const alignmentLabels = { left: 'Left', center: 'Centre', right: 'Right' } as const;
const weightLabels = { normal: 'Regular', bold: 'Bold' } as const;

export function FieldList({
  fields,
  selectedId,
  problems,
  preview,
  onSelect,
}: {
  fields: FormatField[];
  selectedId: string | null;
  problems: FieldProblems;
  preview: (field: FormatField) => string;
  onSelect: (id: string) => void;
}) {
  if (!fields.length) return <p className="text-sm text-muted-foreground">No fields on this side yet.</p>;
  return (
    <ul className="flex max-h-80 flex-col gap-1 overflow-y-auto" aria-label="Fields">
      {fields.map((field) => {
        const image = imageFieldTypes.includes(field.type);
        const messages = problems.get(field.id) ?? [];
        return (
          <li key={field.id}>
            <button
              type="button"
              aria-current={field.id === selectedId ? 'true' : undefined}
              onClick={() => onSelect(field.id)}
              className={cn(
                'flex w-full flex-col items-start rounded-md border px-2.5 py-1.5 text-left text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50',
                field.id === selectedId ? 'border-primary bg-accent' : 'border-transparent',
                messages.length > 0 && 'border-destructive/60',
              )}
            >
              <span className="font-medium">{fieldLabel(field)}</span>
              {image ? null : <span className="w-full truncate text-xs text-muted-foreground">{preview(field)}</span>}
              {messages.map((message) => (
                <span key={message} className="text-xs text-destructive">
                  {message}
                </span>
              ))}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

export function AddField({ idPrefix, onAdd, disabled }: { idPrefix: string; onAdd: (type: FieldType) => void; disabled: boolean }) {
  const [type, setType] = React.useState<FieldType>('studentName');
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={`${idPrefix}-add-field`}>Add field</Label>
      <div className="flex gap-2">
        <NativeSelect id={`${idPrefix}-add-field`} value={type} onChange={(event) => setType(event.target.value as FieldType)}>
          {fieldTypes.map((each) => (
            <option key={each} value={each}>
              {fieldTypeLabels[each]}
            </option>
          ))}
        </NativeSelect>
        <Button type="button" variant="outline" onClick={() => onAdd(type)} disabled={disabled}>
          Add
        </Button>
      </div>
      {disabled ? <p className="text-xs text-muted-foreground">At most {FORMAT_LIMITS.fields} fields</p> : null}
    </div>
  );
}

/**
 * A number input whose changes go straight to the machine; a half-typed number is not a change.
 * While it has focus it shows what is typed, so "12." stays on its way to "12.5" rather than
 * turning back into the 12 it stands for; leaving it shows the value the field took.
 */
function NumberField({
  id,
  label,
  value,
  onValue,
  step = 0.5,
  min,
  max,
}: {
  id: string;
  label: string;
  value: number;
  onValue: (value: number) => void;
  step?: number;
  min: number;
  max?: number;
}) {
  const [draft, setDraft] = React.useState<string | null>(null);
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        step={step}
        min={min}
        max={max}
        value={draft ?? mm(value)}
        onFocus={(event) => setDraft(event.target.value)}
        onBlur={() => setDraft(null)}
        onChange={(event) => {
          setDraft(event.target.value);
          if (event.target.value !== '' && Number.isFinite(event.target.valueAsNumber)) onValue(event.target.valueAsNumber);
        }}
      />
    </div>
  );
}

export function FieldProperties({ field, problems, idPrefix }: { idPrefix: string; field: FormatField; problems: string[] }) {
  const { send } = FormatDesignerActor.useActorRef();
  const change = (changes: FieldChanges) => send({ type: 'field.change', changes });
  const image = imageFieldTypes.includes(field.type);
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <section aria-labelledby={id('properties')} className="flex flex-col gap-3">
      <h3 id={id('properties')} className="text-sm font-semibold">
        {fieldLabel(field)}
      </h3>
      {problems.length ? (
        <ul className="text-sm text-destructive">
          {problems.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
      <div className="grid grid-cols-2 gap-3">
        <NumberField id={id('x')} label="From left (mm)" value={field.x} min={0} onValue={(x) => change({ x })} />
        <NumberField id={id('y')} label="From top (mm)" value={field.y} min={0} onValue={(y) => change({ y })} />
        <NumberField id={id('width')} label="Width (mm)" value={field.width} min={1} onValue={(width) => change({ width })} />
        <NumberField id={id('height')} label="Height (mm)" value={field.height} min={1} onValue={(height) => change({ height })} />
      </div>
      {image ? null : (
        <>
          <div className="grid grid-cols-2 gap-3">
            <div className="col-span-2 flex flex-col gap-1.5">
              <Label htmlFor={id('font')}>Font</Label>
              <NativeSelect
                id={id('font')}
                value={field.fontFamily}
                onChange={(event) => change({ fontFamily: event.target.value as FormatField['fontFamily'] })}
              >
                {fontFamilies.map((family) => (
                  <option key={family}>{family}</option>
                ))}
              </NativeSelect>
            </div>
            <NumberField
              id={id('size')}
              label="Size (pt)"
              value={field.fontSize}
              min={FORMAT_LIMITS.fontSizeMin}
              max={FORMAT_LIMITS.fontSizeMax}
              onValue={(fontSize) => change({ fontSize })}
            />
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={id('weight')}>Weight</Label>
              <NativeSelect
                id={id('weight')}
                value={field.fontWeight}
                onChange={(event) => change({ fontWeight: event.target.value as FormatField['fontWeight'] })}
              >
                {fontWeights.map((weight) => (
                  <option key={weight} value={weight}>
                    {weightLabels[weight]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={id('colour')}>Colour</Label>
              <Input
                id={id('colour')}
                type="color"
                className="p-1"
                value={field.colour}
                onChange={(event) => change({ colour: event.target.value })}
              />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={id('align')}>Alignment</Label>
              <NativeSelect
                id={id('align')}
                value={field.align}
                onChange={(event) => change({ align: event.target.value as FormatField['align'] })}
              >
                {alignments.map((align) => (
                  <option key={align} value={align}>
                    {alignmentLabels[align]}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>
          {field.type === 'text' ? (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={id('text')}>Text</Label>
              <Textarea
                id={id('text')}
                value={field.text}
                maxLength={FORMAT_LIMITS.text}
                rows={3}
                aria-describedby={id('text-hint')}
                onChange={(event) => change({ text: event.target.value })}
              />
              <p id={id('text-hint')} className="text-xs break-words text-muted-foreground">
                Placeholders: {placeholders.map((name) => `{{${name}}}`).join(', ')}
              </p>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
