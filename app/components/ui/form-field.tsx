import type * as React from 'react';
import { cn } from './cn';
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
  className,
  children,
}: {
  field: FieldMeta;
  label: React.ReactNode;
  required?: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={field.id} required={required}>
        {label}
      </Label>
      {children}
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}
