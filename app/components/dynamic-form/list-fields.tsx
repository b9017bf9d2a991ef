import { getInputProps, type FieldMetadata, type FormMetadata } from '@conform-to/react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { PlusIcon, Trash2Icon } from '~/components/ui/icons';
import type { FormFieldConfig } from '../../../common/forms/types';
import { Button } from '~/components/ui/button';
import { DateInput } from '~/components/ui/date-input';
import { FieldError } from '~/components/ui/field-error';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { FileField } from './file-field';
import {
  subjectRow,
  examSubjectColumns,
  type DynamicFormValues,
  type ExamSubjectRowValue,
  type FieldValue,
  type FileFieldInfo,
} from '~/lib/dynamic-form';

type Form = FormMetadata<DynamicFormValues>;
type Meta = FieldMetadata<FieldValue, DynamicFormValues>;

/**
 * Add and remove buttons of a list. With JavaScript they change the list in place; without it
 * they are submit buttons carrying conform's intent, and the action sends the form back with the
 * list changed. (They are never the form's default button: see DynamicForm.)
 */
function useListIntents(form: Form) {
  const hydrated = useHydrated();
  return {
    insert(name: string, defaultValue: string | ExamSubjectRowValue) {
      // The list's name is only known at run time: conform types names from the schema.
      const intent = { name, defaultValue } as unknown as Parameters<Form['insert']>[0];
      return hydrated ? { type: 'button' as const, onClick: () => form.insert(intent) } : form.insert.getButtonProps(intent);
    },
    remove(name: string, index: number) {
      const intent = { name, index } as unknown as Parameters<Form['remove']>[0];
      return hydrated ? { type: 'button' as const, onClick: () => form.remove(intent) } : form.remove.getButtonProps(intent);
    },
  };
}

/** The subject table of the exam form: one row per subject, files per row. */
export function ExamSubjectsTable({
  form,
  field,
  meta,
  formType,
  showSubjectPaper,
  files,
  onBusyChange,
  onKeyChange,
}: {
  form: Form;
  field: FormFieldConfig;
  meta: Meta;
  formType: string;
  showSubjectPaper: boolean;
  files: Record<string, FileFieldInfo>;
  onBusyChange: (id: string, busy: boolean) => void;
  onKeyChange: (name: string) => void;
}) {
  const intents = useListIntents(form);
  const list = meta as unknown as FieldMetadata<ExamSubjectRowValue[], DynamicFormValues>;
  const rows = list.getFieldList();
  const columns = examSubjectColumns.filter((column) => column.name !== 'subjectPaper' || showSubjectPaper);
  const label = field.label || field.name;
  const headingId = `${meta.id}-heading`;

  return (
    <section aria-labelledby={headingId} className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div className="grid gap-1">
          <h2 id={headingId} className="text-base font-semibold">
            {label}
            {field.required ? (
              <span aria-hidden="true" className="ml-0.5 text-destructive">
                *
              </span>
            ) : null}
          </h2>
          <p className="text-xs text-muted-foreground">
            Choosing a course fills one row per subject of the course. Exam papers: {files.examPaper?.hint ?? 'PDF, DOC, DOCX'}.
          </p>
        </div>
        <Button variant="outline" size="sm" {...intents.insert(meta.name, subjectRow())}>
          <PlusIcon aria-hidden /> Add Subject
        </Button>
      </div>
      <div className="relative overflow-x-auto rounded-lg border">
        <table
          className="w-full min-w-[56rem] border-collapse text-sm"
          aria-labelledby={headingId}
          aria-describedby={meta.errors?.length ? meta.errorId : undefined}
        >
          <thead className="bg-muted/50 text-left text-xs font-medium text-muted-foreground">
            <tr>
              <th scope="col" className="w-10 px-3 py-2">
                #
              </th>
              {columns.map((column) => (
                <th key={column.name} scope="col" className="px-2 py-2 font-medium">
                  {column.label}
                </th>
              ))}
              {/* Pinned: on a laptop the table scrolls sideways under it, and removing stays in reach. */}
              <th
                scope="col"
                className="sticky right-0 w-12 bg-[color-mix(in_oklab,var(--color-muted)_50%,var(--color-background))] px-2 py-2"
              >
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const cells = row.getFieldset();
              return (
                <tr key={row.key} className="border-t align-top">
                  <td className="px-3 py-2.5 text-muted-foreground tabular-nums">{index + 1}</td>
                  {columns.map((column) => {
                    const cell = cells[column.name];
                    const cellLabel = `${column.label}, row ${index + 1}`;
                    return (
                      <td key={column.name} className="px-2 py-2">
                        {column.type === 'file' ? (
                          <FileField
                            key={cell.key}
                            name={cell.name}
                            id={cell.id}
                            label={cellLabel}
                            formType={formType}
                            initialKey={typeof cell.initialValue === 'string' ? cell.initialValue : undefined}
                            info={files[column.name]}
                            errors={cell.errors}
                            errorId={cell.errorId}
                            compact
                            onBusyChange={onBusyChange}
                            onKeyChange={onKeyChange}
                          />
                        ) : (
                          <>
                            <CellInput cell={cell} type={column.type} label={cellLabel} />
                            <FieldError id={cell.errorId} errors={cell.errors} className="mt-1 text-xs" />
                          </>
                        )}
                      </td>
                    );
                  })}
                  <td className="sticky right-0 bg-background px-2 py-2 shadow-[-1px_0_0_var(--color-border)]">
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Remove row ${index + 1}`}
                      disabled={rows.length === 1}
                      {...intents.remove(meta.name, index)}
                    >
                      <Trash2Icon aria-hidden />
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <FieldError id={meta.errorId} errors={meta.errors} />
    </section>
  );
}

type CellType = Exclude<(typeof examSubjectColumns)[number]['type'], 'file'>;

const cellWidth: Record<CellType, string> = { number: 'w-24', text: 'min-w-32', time: 'w-28', date: 'w-36' };

/** One typed cell of the subject table; its date is typed day first like every date of a form. */
function CellInput({ cell, type, label }: { cell: FieldMetadata<string | undefined>; type: CellType; label: string }) {
  if (type === 'date') {
    const { key, name, defaultValue, type: _text, ...props } = getInputProps(cell, { type: 'text' });
    return (
      <DateInput
        key={key}
        {...props}
        name={name}
        defaultValue={typeof defaultValue === 'string' ? defaultValue : ''}
        aria-label={label}
        className={cellWidth.date}
      />
    );
  }
  return (
    <Input
      {...getInputProps(cell, { type })}
      aria-label={label}
      className={cellWidth[type]}
      {...(type === 'number' && { inputMode: 'decimal' as const, step: 'any', min: 0 })}
    />
  );
}

/** A list of short texts (sub-courses), one input each. */
export function TextListField({ form, field, meta }: { form: Form; field: FormFieldConfig; meta: Meta }) {
  const intents = useListIntents(form);
  const list = meta as unknown as FieldMetadata<string[], DynamicFormValues>;
  const items = list.getFieldList();
  const label = field.label || field.name;
  const headingId = `${meta.id}-label`;
  return (
    <div data-slot="dynamic-field" data-type={field.type} role="group" aria-labelledby={headingId} className="grid content-start gap-2">
      <Label id={headingId} required={field.required === true}>
        {label}
      </Label>
      {items.map((item, index) => (
        <div key={item.key} className="flex items-center gap-2">
          <Input {...getInputProps(item, { type: 'text' })} aria-label={`${label} ${index + 1}`} placeholder={field.placeholder} />
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Remove ${label.toLowerCase()} ${index + 1}`}
            {...intents.remove(meta.name, index)}
          >
            <Trash2Icon aria-hidden />
          </Button>
        </div>
      ))}
      <div>
        <Button variant="outline" size="sm" {...intents.insert(meta.name, '')}>
          <PlusIcon aria-hidden /> Add {label.replace(/s$/, '')}
        </Button>
      </div>
      {field.description ? <p className="text-xs text-muted-foreground">{field.description}</p> : null}
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
