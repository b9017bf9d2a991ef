import { Form, useNavigation } from '@remix-run/react';
import * as React from 'react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { useHydrated } from 'remix-utils/use-hydrated';
import {
  MARKSHEET_TEMPLATE_LIMITS,
  MAX_GRADES,
  MAX_SIGNATURES,
  marksheetDetailLabels,
  marksheetDetails,
  type MarksheetTemplateView,
} from '../../../common/contracts/marksheet-templates';
import { Button } from '~/components/ui/button';
import { FieldError, FormError } from '~/components/ui/field-error';
import { PlusIcon, Trash2Icon } from '~/components/ui/icons';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { NativeCheckbox } from '~/components/ui/native-checkbox';
import { Textarea } from '~/components/ui/textarea';
import { templateFormNames } from '~/lib/marksheet-template-form';
import { TemplateImageField } from './image-field';
import { useUploadsBusy } from '~/hooks/use-uploads-busy';

type Content = MarksheetTemplateView['content'];
type Band = { grade: string; from: number | string | null; to: number | string | null };

/** A boundary as the field shows it: a refused form comes back with what was typed, blanks as nothing. */
const shown = (value: number | string | null) =>
  value === null || (typeof value === 'number' && Number.isNaN(value)) ? '' : String(value);

/** Spare rows of the scale the page offers before its script runs: the form then works as it is. */
const SPARE_ROWS = 2;

function Section({ title, hint, children }: { title: string; hint?: string; children: React.ReactNode }) {
  const id = React.useId();
  return (
    <fieldset className="grid gap-3 rounded-lg border p-4" aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="px-1 text-sm font-semibold">{title}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="-mt-1 text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {children}
    </fieldset>
  );
}

function TextField({
  name,
  label,
  value,
  errors,
  max,
  multiline,
}: {
  name: string;
  label: string;
  value: string;
  errors?: string[];
  max: number;
  multiline?: boolean;
}) {
  const id = `template-${name.replace(/\W+/g, '-')}`;
  const described = errors?.length ? `${id}-error` : undefined;
  const props = {
    id,
    name,
    defaultValue: value,
    maxLength: max,
    'aria-invalid': described ? true : undefined,
    'aria-describedby': described,
  };
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {multiline ? <Textarea rows={2} {...props} /> : <Input {...props} />}
      <FieldError id={`${id}-error`} errors={errors} />
    </div>
  );
}

/**
 * A marksheet template's editor: the header with its logo, the student's details shown, the
 * grading scale (rows added and removed as needed, each checked against its neighbours by the
 * API), who signs (with an image of each signature) and the footer. It posts to its route's
 * action; the API's messages come back per field. Images upload as they are chosen; without
 * JavaScript they travel with the form.
 */
export function TemplateForm({
  content,
  version,
  errors = {},
  message,
  submitLabel,
  onEdit,
  previewOnOpen = false,
}: {
  content: Omit<Content, 'gradingScale'> & { gradingScale: Band[] };
  /** The version the editor was opened at, sent back as If-Match; none for a new template. */
  version?: number;
  errors?: Record<string, string[]>;
  message?: string;
  submitLabel: string;
  /** Told, with the form, whenever what it holds changes: what the live preview follows. */
  onEdit?: (form: HTMLFormElement) => void;
  /** Tells onEdit once the form is ready, for a preview of what it opened with. */
  previewOnOpen?: boolean;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const formRef = React.useRef<HTMLFormElement>(null);
  const [bands, setBands] = React.useState<Band[]>(content.gradingScale);
  const uploads = useUploadsBusy();
  const edited = () => {
    if (formRef.current) onEdit?.(formRef.current);
  };
  // Rows added or removed change the form without an input event; the first run is the form opening.
  const opened = React.useRef(false);
  React.useEffect(() => {
    if (opened.current || previewOnOpen) edited();
    opened.current = true;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the rows only
  }, [bands.length]);
  const rows: Band[] = hydrated ? bands : [...bands, ...Array.from({ length: SPARE_ROWS }, () => ({ grade: '', from: '', to: '' }))];
  const detailsShown = new Set(content.details);
  const rowError = (index: number) =>
    errors[`gradingScale.${index}`] ??
    errors[`gradingScale.${index}.grade`] ??
    errors[`gradingScale.${index}.from`] ??
    errors[`gradingScale.${index}.to`];
  return (
    <Form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      className="grid gap-4"
      aria-label="Marksheet template"
      onChange={(event) => onEdit?.(event.currentTarget)}
    >
      <AuthenticityTokenInput />
      {version !== undefined ? <input type="hidden" name="version" value={version} /> : null}
      <FormError id="template-form-error" errors={message ? [message] : undefined} />
      <TextField name="name" label="Template name" value={content.name} errors={errors.name} max={MARKSHEET_TEMPLATE_LIMITS.name} />
      <Section title="Header">
        <TextField
          name="instituteName"
          label="Institute name"
          value={content.instituteName}
          errors={errors.instituteName}
          max={MARKSHEET_TEMPLATE_LIMITS.institute}
        />
        <TextField
          name="address"
          label="Address"
          value={content.address}
          errors={errors.address}
          max={MARKSHEET_TEMPLATE_LIMITS.address}
          multiline
        />
        <TemplateImageField
          name={templateFormNames.logo}
          label="Logo"
          initialKey={content.logo}
          errors={errors.logo}
          onBusyChange={uploads.onBusyChange}
          onChange={edited}
        />
        <TextField name="title" label="Title" value={content.title} errors={errors.title} max={MARKSHEET_TEMPLATE_LIMITS.title} />
      </Section>
      <Section title="Student details shown" hint="The student’s name is always shown.">
        <div className="grid gap-2 sm:grid-cols-2">
          {marksheetDetails.map((detail) => (
            <label key={detail} className="flex items-center gap-2 text-sm">
              <NativeCheckbox name="details" value={detail} defaultChecked={detailsShown.has(detail)} />
              {marksheetDetailLabels[detail]}
            </label>
          ))}
        </div>
      </Section>
      <Section
        title="Grading scale"
        hint="Top grade first, each from its percentage up to where the grade above starts. Below the lowest grade, and on failing any subject, the grade is F."
      >
        <FieldError id="template-scale-error" errors={errors.gradingScale} />
        <div className="grid gap-2">
          <div className="grid grid-cols-[1fr_1fr_1fr_2.25rem] gap-2 text-xs font-medium text-muted-foreground" aria-hidden>
            <span>Grade</span>
            <span>From %</span>
            <span>To %</span>
          </div>
          {rows.map((band, index) => {
            const rowErrors = rowError(index);
            const label = band.grade ? `grade ${band.grade}` : `grade ${index + 1}`;
            const update = (part: keyof Band) => (event: React.ChangeEvent<HTMLInputElement>) =>
              setBands((all) => all.map((one, at) => (at === index ? { ...one, [part]: event.target.value } : one)));
            return (
              <div key={index} className="grid gap-1">
                <div className="grid grid-cols-[1fr_1fr_1fr_2.25rem] items-center gap-2">
                  <Input
                    name={`grade.${index}`}
                    aria-label={`Grade ${index + 1}`}
                    value={band.grade}
                    onChange={update('grade')}
                    maxLength={MARKSHEET_TEMPLATE_LIMITS.grade}
                    aria-invalid={rowErrors ? true : undefined}
                  />
                  <Input
                    name={`from.${index}`}
                    aria-label={`From percentage of ${label}`}
                    inputMode="decimal"
                    value={shown(band.from)}
                    onChange={update('from')}
                    aria-invalid={rowErrors ? true : undefined}
                  />
                  <Input
                    name={`to.${index}`}
                    aria-label={`To percentage of ${label}`}
                    inputMode="decimal"
                    value={shown(band.to)}
                    onChange={update('to')}
                    aria-invalid={rowErrors ? true : undefined}
                  />
                  {hydrated ? (
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={`Remove ${label}`}
                      onClick={() => setBands((all) => all.filter((_, at) => at !== index))}
                    >
                      <Trash2Icon aria-hidden className="size-4" />
                    </Button>
                  ) : (
                    <span />
                  )}
                </div>
                <FieldError id={`template-grade-${index}-error`} errors={rowErrors} />
              </div>
            );
          })}
          {hydrated && bands.length < MAX_GRADES ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="w-fit"
              onClick={() => setBands((all) => [...all, { grade: '', from: '', to: all.at(-1)?.from ?? 100 }])}
            >
              <PlusIcon aria-hidden className="size-4" />
              Add grade
            </Button>
          ) : null}
        </div>
      </Section>
      <Section
        title="Signatures"
        hint="Who signs each marksheet, left to right, with an image of the signature printed over the line if you upload one; leave a line empty for fewer."
      >
        {Array.from({ length: MAX_SIGNATURES }, (_, index) => (
          <div key={index} className="grid gap-3 border-t pt-3 first-of-type:border-t-0 first-of-type:pt-0">
            <TextField
              name={templateFormNames.signatureRole(index)}
              label={`Signature ${index + 1}`}
              value={content.signatures[index]?.role ?? ''}
              errors={errors[`signatures.${index}.role`] ?? errors[`signatures.${index}`]}
              max={MARKSHEET_TEMPLATE_LIMITS.role}
            />
            <TemplateImageField
              name={templateFormNames.signatureImage(index)}
              label={`Signature ${index + 1} image`}
              initialKey={content.signatures[index]?.image ?? null}
              errors={errors[`signatures.${index}.image`]}
              onBusyChange={uploads.onBusyChange}
              onChange={edited}
            />
          </div>
        ))}
      </Section>
      <TextField
        name="footer"
        label="Footer"
        value={content.footer}
        errors={errors.footer}
        max={MARKSHEET_TEMPLATE_LIMITS.footer}
        multiline
      />
      <Button type="submit" className="w-fit" disabled={navigation.state === 'submitting' || uploads.busy}>
        {submitLabel}
      </Button>
    </Form>
  );
}
