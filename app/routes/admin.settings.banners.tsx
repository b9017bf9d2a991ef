import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import type { MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { bannersContent, siteSectionTitles, type SiteSectionView } from '../../common/contracts/site-content';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { newItemId, OrderedRows } from '~/components/site-settings/ordered-rows';
import { SiteSectionFormHidden, SiteSectionLayout, SiteSectionSubmit } from '~/components/site-settings/section-layout';
import { SiteUploadField, useUploadsBusy } from '~/components/site-settings/site-upload-field';
import { DateInput } from '~/components/ui/date-input';
import { FieldError } from '~/components/ui/field-error';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { siteSectionAction, siteSectionLoader } from '~/services/site-section.server';

const title = siteSectionTitles.banners;

export const meta: MetaFunction = () => [{ title: `${title} · Site settings` }];

export const loader = siteSectionLoader('banners');

const FIELDS = ['slides', 'slides.image', 'slides.title', 'slides.link', 'slides.from', 'slides.until'];
export const action = siteSectionAction('banners', { schema: bannersContent, fields: FIELDS });

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export default function BannersSettings() {
  const { view } = useLoaderData<typeof loader>() as { view: SiteSectionView<'banners'> };
  const lastResult = (useActionData() as { result?: SubmissionResult<string[]> } | undefined)?.result;
  const uploads = useUploadsBusy();
  const [form, fields] = useForm({
    id: `site-banners-${view.version}`,
    lastResult,
    defaultValue: view.draft,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: bannersContent }),
  });
  const slides = fields.slides.getFieldList();

  return (
    <SiteSectionLayout
      view={view}
      previewPath="/site"
      description="The slides across the top of the home page; a slide with dates shows only between them."
    >
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-6 rounded-xl border bg-card p-4 sm:p-6">
        <SiteSectionFormHidden version={view.version} />
        {form.errors ? <FieldError id={form.errorId} errors={form.errors} /> : null}
        <fieldset className="grid gap-3">
          <legend className="mb-1 text-base font-semibold">Slides</legend>
          <p className="text-sm text-muted-foreground">
            The slides show in this order. A link is a web address or a path on this site, like /site/notices.
          </p>
          <OrderedRows
            form={form}
            name={fields.slides.name}
            keys={slides.map((row) => row.key!)}
            label={(index) => `Slide ${index + 1}`}
            addLabel="Add a slide"
            newItem={() => ({ id: newItemId(), image: '', title: '', link: '', from: '', until: '' })}
            empty="No slides yet: the home page opens without banners."
            max={20}
          >
            {(index) => {
              const row = slides[index]!.getFieldset();
              return (
                <div className="grid gap-3 sm:grid-cols-2">
                  <input type="hidden" name={row.id.name} value={String(row.id.value ?? '')} />
                  <div className="sm:col-span-2">
                    <SiteUploadField
                      name={row.image.name}
                      label="Image"
                      required
                      initialKey={text(row.image.initialValue) || undefined}
                      errors={row.image.errors}
                      onBusyChange={uploads.onBusyChange}
                    />
                  </div>
                  <FormField field={row.title} label="Title">
                    <Input {...getInputProps(row.title, { type: 'text' })} key={row.title.key} maxLength={120} />
                  </FormField>
                  <FormField field={row.link} label="Link">
                    <Input
                      {...getInputProps(row.link, { type: 'text' })}
                      key={row.link.key}
                      maxLength={500}
                      placeholder="https://… or /site/…"
                    />
                  </FormField>
                  <FormField field={row.from} label="Show from (optional)">
                    <DateInput
                      key={row.from.key}
                      id={row.from.id}
                      name={row.from.name}
                      defaultValue={text(row.from.initialValue)}
                      aria-invalid={row.from.errors ? true : undefined}
                      aria-describedby={row.from.errors ? row.from.errorId : undefined}
                    />
                  </FormField>
                  <FormField field={row.until} label="Show until (optional)">
                    <DateInput
                      key={row.until.key}
                      id={row.until.id}
                      name={row.until.name}
                      defaultValue={text(row.until.initialValue)}
                      aria-invalid={row.until.errors ? true : undefined}
                      aria-describedby={row.until.errors ? row.until.errorId : undefined}
                    />
                  </FormField>
                </div>
              );
            }}
          </OrderedRows>
        </fieldset>

        <SiteSectionSubmit busy={uploads.busy} />
      </Form>
    </SiteSectionLayout>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title={title} />;
}
