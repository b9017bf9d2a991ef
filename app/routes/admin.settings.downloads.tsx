import type { MetaFunction } from '@remix-run/node';
import { siteSectionTitles } from '../../common/contracts/site-content';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { newItemId, OrderedRows } from '~/components/site-settings/ordered-rows';
import { SiteSectionForm, SiteTextField, useSiteSectionForm } from '~/components/site-settings/section-form';
import { SiteSectionLayout } from '~/components/site-settings/section-layout';
import { SiteUploadField } from '~/components/site-settings/site-upload-field';
import { useUploadsBusy } from '~/hooks/use-uploads-busy';
import { siteSectionAction, siteSectionLoader } from '~/services/site-section.server';

const title = siteSectionTitles.downloads;

export const meta: MetaFunction = () => [{ title: `${title} · Site settings` }];

export const loader = siteSectionLoader('downloads');

export const action = siteSectionAction('downloads');

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
            field={fields.files}
            label={(index) => `File ${index + 1}`}
            addLabel="Add a file"
            newItem={() => ({ id: newItemId(), title: '', category: '', file: '' })}
            empty="No files yet: the downloads page says there is nothing to download."
            max={200}
          >
            {(row) => (
              <div className="grid gap-3 sm:grid-cols-2">
                <SiteTextField field={row.title} label="Title" required maxLength={160} />
                <SiteTextField field={row.category} label="Category" maxLength={60} list="site-download-categories" autoComplete="off" />
                <div className="sm:col-span-2">
                  <SiteUploadField field={row.file} label="File" required onBusyChange={uploads.onBusyChange} />
                </div>
              </div>
            )}
          </OrderedRows>
        </fieldset>
      </SiteSectionForm>
    </SiteSectionLayout>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title={title} />;
}
