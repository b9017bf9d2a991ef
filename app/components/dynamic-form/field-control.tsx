import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from '@conform-to/react';
import type * as React from 'react';
import { optionLabel, optionValue } from '../../../common/forms/fields';
import type { FormFieldConfig } from '../../../common/forms/types';
import { DateInput } from '~/components/ui/date-input';
import { FieldError } from '~/components/ui/field-error';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { NativeCheckbox } from '~/components/ui/native-checkbox';
import { NativeSelect } from '~/components/ui/native-select';
import { Textarea } from '~/components/ui/textarea';
import { cn } from '~/components/ui/cn';
import type { DynamicFormValues, FieldValue, OptionView } from '~/lib/dynamic-form';

type Meta = FieldMetadata<FieldValue, DynamicFormValues>;

/** The input of a scalar field: text, email, tel, number, date (day first), textarea, select or radio. */
export function FieldControl({
  field,
  meta,
  options,
  hint,
  onValueChange,
  className,
}: {
  field: FormFieldConfig;
  meta: Meta;
  /** Choices from elsewhere (branches, courses, categories); the configuration's own otherwise. */
  options?: OptionView[];
  hint?: string;
  onValueChange?: (value: string) => void;
  className?: string;
}) {
  const label = field.label || field.name;
  const required = field.required === true;
  const describedBy = [meta.errors?.length ? meta.errorId : null, field.description || hint ? meta.descriptionId : null]
    .filter(Boolean)
    .join(' ');
  const common = {
    'aria-required': required || undefined,
    'aria-describedby': describedBy || undefined,
  };
  const onChange = onValueChange
    ? (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => onValueChange(event.currentTarget.value)
    : undefined;

  let control: React.ReactNode;
  switch (field.type) {
    case 'textarea':
      control = <Textarea {...getTextareaProps(meta)} {...common} placeholder={field.placeholder} onChange={onChange} rows={3} />;
      break;
    case 'select': {
      const choices = selectChoices(field, options, meta.initialValue);
      const fixed = choices.length === 1 && options?.length === 1 && !field.options?.length && field.name === 'centerName';
      control = (
        <NativeSelect {...getSelectProps(meta)} {...common} onChange={onChange}>
          {fixed ? null : <option value="">{field.placeholder || `Select ${label.toLowerCase()}`}</option>}
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </NativeSelect>
      );
      break;
    }
    case 'radio':
      control = (
        <div role="radiogroup" aria-labelledby={`${meta.id}-label`} className="flex flex-wrap gap-4 pt-1" {...common}>
          {selectChoices(field, options, meta.initialValue).map((choice) => (
            <label key={choice.value} className="flex items-center gap-2 text-sm">
              <input {...getInputProps(meta, { type: 'radio', value: choice.value })} id={undefined} className="size-4 accent-primary" />
              {choice.label}
            </label>
          ))}
        </div>
      );
      break;
    case 'date': {
      const { key, name, defaultValue, type: _text, ...props } = getInputProps(meta, { type: 'text' });
      control = (
        <DateInput
          key={key}
          {...props}
          {...common}
          name={name}
          defaultValue={typeof defaultValue === 'string' ? defaultValue : ''}
          onValueChange={onValueChange}
        />
      );
      break;
    }
    default: {
      const type = inputType(field);
      control = (
        <Input
          {...getInputProps(meta, { type })}
          {...common}
          placeholder={field.placeholder}
          onChange={onChange}
          {...(type === 'tel' && { inputMode: 'numeric' as const, autoComplete: 'tel', maxLength: 10 })}
          {...(type === 'number' && { inputMode: 'decimal' as const, step: 'any' })}
          {...(type === 'email' && { autoComplete: 'email' })}
          {...(type === 'password' && { autoComplete: 'new-password' })}
        />
      );
    }
  }

  return (
    <div data-slot="dynamic-field" data-type={field.type} className={cn('grid content-start gap-2', className)}>
      <Label id={`${meta.id}-label`} htmlFor={field.type === 'radio' ? undefined : meta.id} required={required}>
        {label}
      </Label>
      {control}
      {field.description || hint ? (
        <p id={meta.descriptionId} className="text-xs text-muted-foreground">
          {field.description || hint}
        </p>
      ) : null}
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** A checkbox with its label beside it. */
export function CheckboxControl({ field, meta }: { field: FormFieldConfig; meta: Meta }) {
  const label = field.label || field.name;
  return (
    <div data-slot="dynamic-field" data-type="checkbox" className="grid content-start gap-1.5">
      <div className="flex items-center gap-2.5">
        <NativeCheckbox
          {...getInputProps(meta, { type: 'checkbox' })}
          aria-required={field.required || undefined}
          aria-describedby={meta.errors?.length ? meta.errorId : undefined}
        />
        <Label htmlFor={meta.id} required={field.required === true} className="cursor-pointer font-normal">
          {label}
        </Label>
      </div>
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

function inputType(field: FormFieldConfig): 'text' | 'email' | 'tel' | 'number' | 'password' {
  // A branch's sign-in password: never shown, never stored on the record.
  if (field.name === 'password') return 'password';
  switch (field.type) {
    case 'email':
    case 'tel':
    case 'number':
      return field.type;
    default:
      return 'text';
  }
}

/**
 * The configured options, or the loaded ones; a value a record holds that is no longer among
 * them (a course since deleted) stays choosable rather than silently changing.
 */
function selectChoices(field: FormFieldConfig, loaded: OptionView[] | undefined, current: unknown): OptionView[] {
  const choices = field.options?.length
    ? field.options.map((option) => ({ value: optionValue(option), label: optionLabel(option) }))
    : (loaded ?? []);
  if (typeof current === 'string' && current && !choices.some((choice) => choice.value === current)) {
    return [...choices, { value: current, label: current }];
  }
  return choices;
}
