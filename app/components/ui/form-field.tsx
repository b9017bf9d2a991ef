import type * as React from 'react';
import { FieldError } from './field-error';
import { Label } from './label';

/** What a conform field gives the label and the messages (`fields.name` of useForm). */
interface FieldMeta {
  id: string;
  errorId: string;
  errors?: string[];
}

/** A form field's label, its control (the child) and its messages, stacked. */
export function FormField({
  field,
  label,
  required,
  children,
}: {
  field: FieldMeta;
  label: React.ReactNode;
  required?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={field.id} required={required}>
        {label}
      </Label>
      {children}
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}
