import { getInputProps } from '@conform-to/react';
import type { MetaFunction } from '@remix-run/node';
import { certificationsContent, siteSectionTitles } from '../../common/contracts/site-content';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { newItemId, OrderedRows } from '~/components/site-settings/ordered-rows';
import { SiteSectionForm, useSiteSectionForm } from '~/components/site-settings/section-form';
import { SiteSectionLayout } from '~/components/site-settings/section-layout';
import { SiteUploadField, useUploadsBusy } from '~/components/site-settings/site-upload-field';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { siteSectionAction, siteSectionLoader } from '~/services/site-section.server';

const title = siteSectionTitles.certifications;

export const meta: MetaFunction = () => [{ title: `${title} · Site settings` }];

export const loader = siteSectionLoader('certifications');

const FIELDS = ['items', 'items.name', 'items.number', 'items.link', 'items.logo'];
export const action = siteSectionAction('certifications', { schema: certificationsContent, fields: FIELDS });

export default function CertificationsSettings() {
  const uploads = useUploadsBusy();
  const { view, form, fields } = useSiteSectionForm('certifications');
  const items = fields.items.getFieldList();

  return (
    <SiteSectionLayout
      view={view}
      description="The institute's accreditations and registrations that the site shows, with their numbers and logos."
    >
      <SiteSectionForm form={form} version={view.version} withFiles busy={uploads.busy}>
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
                    <SiteUploadField field={row.logo} label="Logo" onBusyChange={uploads.onBusyChange} />
                  </div>
                </div>
              );
            }}
          </OrderedRows>
        </fieldset>
      </SiteSectionForm>
    </SiteSectionLayout>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title={title} />;
}
