import { getInputProps } from '@conform-to/react';
import type { MetaFunction } from '@remix-run/node';
import { downloadsContent, siteSectionTitles } from '../../common/contracts/site-content';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { newItemId, OrderedRows } from '~/components/site-settings/ordered-rows';
import { SiteSectionForm, useSiteSectionForm } from '~/components/site-settings/section-form';
import { SiteSectionLayout } from '~/components/site-settings/section-layout';
import { SiteUploadField, useUploadsBusy } from '~/components/site-settings/site-upload-field';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { siteSectionAction, siteSectionLoader } from '~/services/site-section.server';

const title = siteSectionTitles.downloads;

export const meta: MetaFunction = () => [{ title: `${title} · Site settings` }];

export const loader = siteSectionLoader('downloads');

const FIELDS = ['files', 'files.title', 'files.category', 'files.file'];
export const action = siteSectionAction('downloads', { schema: downloadsContent, fields: FIELDS });

export default function DownloadsSettings() {
  const uploads = useUploadsBusy();
  const { view, form, fields } = useSiteSectionForm('downloads');
  const files = fields.files.getFieldList();
  const categories = [...new Set(files.map((row) => String(row.getFieldset().category.value ?? '').trim()).filter(Boolean))].sort();

  return (
    <SiteSectionLayout
      view={view}
      previewPath="/site/downloads"
      description="Files visitors can download from the downloads page, grouped by category."
    >
      <SiteSectionForm form={form} version={view.version} withFiles busy={uploads.busy}>
        <datalist id="site-download-categories">
          {categories.map((category) => (
            <option key={category} value={category} />
          ))}
        </datalist>
        <fieldset className="grid gap-3">
          <legend className="mb-1 text-base font-semibold">Files</legend>
          <OrderedRows
            form={form}
            name={fields.files.name}
            keys={files.map((row) => row.key!)}
            label={(index) => `File ${index + 1}`}
            addLabel="Add a file"
            newItem={() => ({ id: newItemId(), title: '', category: '', file: '' })}
            empty="No files yet: the downloads page says there is nothing to download."
            max={200}
          >
            {(index) => {
              const row = files[index]!.getFieldset();
              return (
                <div className="grid gap-3 sm:grid-cols-2">
                  <input type="hidden" name={row.id.name} value={String(row.id.value ?? '')} />
                  <FormField field={row.title} label="Title" required>
                    <Input {...getInputProps(row.title, { type: 'text' })} key={row.title.key} maxLength={160} />
                  </FormField>
                  <FormField field={row.category} label="Category">
                    <Input
                      {...getInputProps(row.category, { type: 'text' })}
                      key={row.category.key}
                      maxLength={60}
                      list="site-download-categories"
                      autoComplete="off"
                    />
                  </FormField>
                  <div className="sm:col-span-2">
                    <SiteUploadField field={row.file} label="File" required onBusyChange={uploads.onBusyChange} />
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
