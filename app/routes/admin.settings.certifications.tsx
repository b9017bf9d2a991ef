import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import type { MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { certificationsContent, siteSectionTitles, type SiteSectionView } from '../../common/contracts/site-content';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { newItemId, OrderedRows } from '~/components/site-settings/ordered-rows';
import { SiteSectionFormHidden, SiteSectionLayout, SiteSectionSubmit } from '~/components/site-settings/section-layout';
import { SiteUploadField, useUploadsBusy } from '~/components/site-settings/site-upload-field';
import { FieldError } from '~/components/ui/field-error';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { siteSectionAction, siteSectionLoader } from '~/services/site-section.server';

const title = siteSectionTitles.certifications;

export const meta: MetaFunction = () => [{ title: `${title} · Site settings` }];

export const loader = siteSectionLoader('certifications');

const FIELDS = ['items', 'items.name', 'items.number', 'items.link', 'items.logo'];
export const action = siteSectionAction('certifications', { schema: certificationsContent, fields: FIELDS });

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export default function CertificationsSettings() {
  const { view } = useLoaderData<typeof loader>() as { view: SiteSectionView<'certifications'> };
  const lastResult = (useActionData() as { result?: SubmissionResult<string[]> } | undefined)?.result;
  const uploads = useUploadsBusy();
  const [form, fields] = useForm({
    id: `site-certifications-${view.version}`,
    lastResult,
    defaultValue: view.draft,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: certificationsContent }),
  });
  const items = fields.items.getFieldList();

  return (
    <SiteSectionLayout
      view={view}
      description="The institute's accreditations and registrations that the site shows, with their numbers and logos."
    >
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-6 rounded-xl border bg-card p-4 sm:p-6">
        <SiteSectionFormHidden version={view.version} />
        {form.errors ? <FieldError id={form.errorId} errors={form.errors} /> : null}
        <fieldset className="grid gap-3">
          <legend className="mb-1 text-base font-semibold">Certifications</legend>
          <OrderedRows
            form={form}
            name={fields.items.name}
            keys={items.map((row) => row.key!)}
            label={(index) => `Certification ${index + 1}`}
            addLabel="Add a certification"
            newItem={() => ({ id: newItemId(), name: '', number: '', link: '', logo: '' })}
            empty="No certifications yet: the site shows none."
            max={50}
          >
            {(index) => {
              const row = items[index]!.getFieldset();
              return (
                <div className="grid gap-3 sm:grid-cols-2">
                  <input type="hidden" name={row.id.name} value={String(row.id.value ?? '')} />
                  <FormField field={row.name} label="Name" required>
                    <Input {...getInputProps(row.name, { type: 'text' })} key={row.name.key} maxLength={120} />
                  </FormField>
                  <FormField field={row.number} label="Number">
                    <Input {...getInputProps(row.number, { type: 'text' })} key={row.number.key} maxLength={60} />
                  </FormField>
                  <div className="sm:col-span-2">
                    <FormField field={row.link} label="Link">
                      <Input {...getInputProps(row.link, { type: 'url' })} key={row.link.key} maxLength={500} placeholder="https://…" />
                    </FormField>
                  </div>
                  <div className="sm:col-span-2">
                    <SiteUploadField
                      name={row.logo.name}
                      label="Logo"
                      initialKey={text(row.logo.initialValue) || undefined}
                      errors={row.logo.errors}
                      onBusyChange={uploads.onBusyChange}
                    />
                  </div>
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
