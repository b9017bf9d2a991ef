import { getInputProps, getTextareaProps, type FieldMetadata, type FormMetadata } from '@conform-to/react';
import { bodySectionNames, type BodySection, type BodySectionKind } from '../../../common/contracts/site-content';
import { CoursePicker, type CourseSearchReply } from '~/components/site-settings/course-picker';
import { newItemId, OrderedRows } from '~/components/site-settings/ordered-rows';
import { SiteTextField } from '~/components/site-settings/section-form';
import { SiteUploadField } from '~/components/site-settings/site-upload-field';
import { FormField } from '~/components/ui/form-field';
import { Label } from '~/components/ui/label';
import { NativeCheckbox } from '~/components/ui/native-checkbox';
import { Textarea } from '~/components/ui/textarea';

type Form = FormMetadata<{ sections: BodySection[] }, string[]>;
/** A section's fields: every kind's, of which each kind uses its own. */
type Row = ReturnType<FieldMetadata<BodySection>['getFieldset']>;

/** What a section's fields need from the page: its form, its uploads, and what it knows of the courses. */
export interface BodySectionContext {
  form: Form;
  onBusyChange: (id: string, busy: boolean) => void;
  courseNames: Record<string, string>;
  courseSearch: CourseSearchReply | null;
}

/** The kind of a section of the form, as its hidden field holds it. */
export const kindOf = (row: Row) => String(row.kind.value ?? row.kind.initialValue) as BodySectionKind;

const hints: Record<BodySectionKind, string> = {
  hero: 'The first thing visitors see: a headline, a few words, a picture and a button.',
  about: 'Who the institute is, in a few paragraphs.',
  courses: 'Courses picked from the course list, shown by their current names.',
  whyUs: 'Short reasons to study here, each with a line or two.',
  testimonials: 'Words of former students.',
  contact: 'A few words above the phone, email and address, which come from the header and footer.',
};

/** A longer text of a section, labelled, with its messages and an optional hint. */
function SiteTextArea({
  field,
  label,
  rows = 3,
  required,
  maxLength,
  hint,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  rows?: number;
  required?: boolean;
  maxLength: number;
  hint?: string;
}) {
  const hintId = `${field.id}-hint`;
  return (
    <div className="grid gap-1">
      <FormField field={field} label={label} required={required}>
        <Textarea
          {...getTextareaProps(field)}
          key={field.key}
          rows={rows}
          maxLength={maxLength}
          required={required}
          aria-describedby={[hint ? hintId : null, field.errors ? field.errorId : null].filter(Boolean).join(' ') || undefined}
        />
      </FormField>
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A section's name, on its row's line with the handle and the buttons. */
export function BodySectionHeading({ row }: { row: Row }) {
  return <h2 className="px-1 text-base font-semibold">{bodySectionNames[kindOf(row)]}</h2>;
}

/**
 * One section of the home page in the form: what it is for, its switch (a checkbox, which a form leaves
 * out when it is off), its title and the fields of its kind; its name is its row's heading.
 */
export function BodySectionFields({ row, context }: { row: Row; context: BodySectionContext }) {
  const kind = kindOf(row);
  const name = bodySectionNames[kind];
  return (
    <div className="grid gap-3 px-1 pb-1 sm:px-2">
      <input type="hidden" name={row.kind.name} value={kind} />
      <p className="-mt-1 text-sm text-muted-foreground">{hints[kind]}</p>
      <div className="flex items-center gap-2">
        <NativeCheckbox {...getInputProps(row.enabled, { type: 'checkbox' })} key={row.enabled.key} />
        <Label htmlFor={row.enabled.id}>
          <span className="sr-only">{name}: </span>Show on the home page
        </Label>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <SiteTextField field={row.title as FieldMetadata<string>} label="Title" maxLength={120} />
        </div>
        <KindFields kind={kind} row={row} context={context} />
      </div>
    </div>
  );
}

function KindFields({ kind, row, context }: { kind: BodySectionKind; row: Row; context: BodySectionContext }) {
  const { form } = context;
  switch (kind) {
    case 'hero':
      return (
        <>
          <div className="sm:col-span-2">
            <SiteTextArea field={row.text} label="Text" maxLength={500} />
          </div>
          <div className="sm:col-span-2">
            <SiteUploadField field={row.image as FieldMetadata<string>} label="Image" onBusyChange={context.onBusyChange} />
          </div>
          <SiteTextField field={row.buttonLabel as FieldMetadata<string>} label="Button label" maxLength={40} />
          <SiteTextField
            field={row.buttonLink as FieldMetadata<string>}
            label="Button link"
            maxLength={500}
            placeholder="https://… or /site/…"
          />
        </>
      );
    case 'about':
      return (
        <div className="sm:col-span-2">
          <SiteTextArea field={row.markdown} label="Text" rows={6} maxLength={20_000} hint="**bold**, lists and [links](https://…) work." />
        </div>
      );
    case 'courses':
      return (
        <div className="sm:col-span-2">
          <CoursePicker form={form} field={row.courseIds} names={context.courseNames} found={context.courseSearch} />
        </div>
      );
    case 'whyUs':
      return (
        <div className="sm:col-span-2">
          <OrderedRows
            form={form}
            field={row.points}
            label={(index) => `Point ${index + 1}`}
            addLabel="Add a point"
            newItem={() => ({ id: newItemId(), title: '', text: '' })}
            empty="No points yet."
            max={8}
          >
            {(point) => (
              <div className="grid gap-3">
                <SiteTextField field={point.title} label="Point" required maxLength={80} />
                <SiteTextArea field={point.text} label="Text" rows={2} maxLength={300} />
              </div>
            )}
          </OrderedRows>
        </div>
      );
    case 'testimonials':
      return (
        <div className="sm:col-span-2">
          <OrderedRows
            form={form}
            field={row.items}
            label={(index) => `Testimonial ${index + 1}`}
            addLabel="Add a testimonial"
            newItem={() => ({ id: newItemId(), name: '', role: '', text: '' })}
            empty="No testimonials yet."
            max={12}
          >
            {(item) => (
              <div className="grid gap-3 sm:grid-cols-2">
                <SiteTextField field={item.name} label="Name" required maxLength={80} />
                <SiteTextField field={item.role} label="Role" maxLength={80} placeholder="Tally, 2025" />
                <div className="sm:col-span-2">
                  <SiteTextArea field={item.text} label="Words" required maxLength={600} />
                </div>
              </div>
            )}
          </OrderedRows>
        </div>
      );
    case 'contact':
      return (
        <div className="sm:col-span-2">
          <SiteTextArea field={row.text} label="Text" maxLength={500} />
        </div>
      );
  }
}
