import {
  getFormProps,
  getInputProps,
  useForm,
  type DefaultValue,
  type FieldMetadata,
  type FormMetadata,
  type SubmissionResult,
} from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import type * as React from 'react';
import { siteContentSchemas, type SiteContent, type SiteSection, type SiteSectionView } from '../../../common/contracts/site-content';
import { SiteSectionFormHidden, SiteSectionSubmit } from '~/components/site-settings/section-layout';
import { cn } from '~/components/ui/cn';
import { DateInput } from '~/components/ui/date-input';
import { FieldError } from '~/components/ui/field-error';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';

/**
 * A settings page's form: the section as its loader read it, and conform's form over the
 * section's schema, starting from the draft and showing the action's last reply. A new version
 * (after a save or a publish) starts the form again from the new draft.
 */
export function useSiteSectionForm<S extends SiteSection>(section: S) {
  const { view } = useLoaderData() as { view: SiteSectionView<S> };
  const lastResult = (useActionData() as { result?: SubmissionResult<string[]> } | undefined)?.result;
  const [form, fields] = useForm<SiteContent[S]>({
    id: `site-${section}-${view.version}`,
    lastResult,
    // The draft is a whole value of the section; conform's defaults are the same shape, every part optional.
    defaultValue: view.draft as DefaultValue<SiteContent[S]>,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: siteContentSchemas[section] }),
  });
  return { view, form, fields };
}

/** The page's form: what it posts beside the fields, its message, the fields, and Save draft and Publish. */
export function SiteSectionForm<Schema extends Record<string, unknown>>({
  form,
  version,
  withFiles = false,
  busy,
  className,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  version: number;
  /** It has upload fields: without JavaScript the files travel with the form. */
  withFiles?: boolean;
  /** An upload is under way: the form waits for it. */
  busy?: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Form
      method="post"
      encType={withFiles ? 'multipart/form-data' : undefined}
      {...getFormProps(form)}
      className={cn('grid gap-6 rounded-xl border bg-card p-4 sm:p-6', className)}
    >
      <SiteSectionFormHidden version={version} />
      {form.errors ? <FieldError id={form.errorId} errors={form.errors} /> : null}
      {children}
      <SiteSectionSubmit busy={busy} />
    </Form>
  );
}

/** A day of a section's content (a notice's date, a banner's last day), entered day first. */
export function SiteDateField({ field, label, required }: { field: FieldMetadata<string>; label: string; required?: boolean }) {
  return (
    <FormField field={field} label={label} required={required}>
      <DateInput
        key={field.key}
        id={field.id}
        name={field.name}
        defaultValue={typeof field.initialValue === 'string' ? field.initialValue : ''}
        aria-invalid={field.errors ? true : undefined}
        aria-describedby={field.errors ? field.errorId : undefined}
        required={required}
      />
    </FormField>
  );
}

/** A line of text of a section's content (a name, a title, a link), labelled, with its messages. */
export function SiteTextField({
  field,
  label,
  required,
  type = 'text',
  ...input
}: {
  field: FieldMetadata<string>;
  label: string;
  required?: boolean;
  type?: 'text' | 'tel' | 'email' | 'url';
} & Pick<React.ComponentProps<'input'>, 'maxLength' | 'placeholder' | 'autoComplete' | 'list'>) {
  return (
    <FormField field={field} label={label} required={required}>
      <Input {...getInputProps(field, { type })} key={field.key} {...input} />
    </FormField>
  );
}
