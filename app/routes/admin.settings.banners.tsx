import type { MetaFunction } from '@remix-run/node';
import { siteSectionTitles } from '../../common/contracts/site-content';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { newItemId, OrderedRows } from '~/components/site-settings/ordered-rows';
import { SiteDateField, SiteSectionForm, SiteTextField, useSiteSectionForm } from '~/components/site-settings/section-form';
import { SiteSectionLayout } from '~/components/site-settings/section-layout';
import { SiteUploadField } from '~/components/site-settings/site-upload-field';
import { useUploadsBusy } from '~/hooks/use-uploads-busy';
import { siteSectionAction, siteSectionLoader } from '~/services/site-section.server';

const title = siteSectionTitles.banners;

export const meta: MetaFunction = () => [{ title: `${title} · Site settings` }];

export const loader = siteSectionLoader('banners');

export const action = siteSectionAction('banners');

export default function BannersSettings() {
  const uploads = useUploadsBusy();
  const { view, form, fields } = useSiteSectionForm('banners');

  return (
    <SiteSectionLayout
      view={view}
      previewPath="/site"
      description="The slides across the top of the home page; a slide with dates shows only between them."
    >
      <SiteSectionForm form={form} version={view.version} withFiles busy={uploads.busy}>
        <fieldset className="grid gap-3">
          <legend className="mb-1 text-base font-semibold">Slides</legend>
          <p className="text-sm text-muted-foreground">
            The slides show in this order. A link is a web address or a path on this site, like /site/notices.
          </p>
          <OrderedRows
            form={form}
            field={fields.slides}
            label={(index) => `Slide ${index + 1}`}
            addLabel="Add a slide"
            newItem={() => ({ id: newItemId(), image: '', title: '', link: '', from: '', until: '' })}
            empty="No slides yet: the home page opens without banners."
            max={20}
          >
            {(row) => (
              <div className="grid gap-3 sm:grid-cols-2">
                <div className="sm:col-span-2">
                  <SiteUploadField field={row.image} label="Image" required onBusyChange={uploads.onBusyChange} />
                </div>
                <SiteTextField field={row.title} label="Title" maxLength={120} />
                <SiteTextField field={row.link} label="Link" maxLength={500} placeholder="https://… or /site/…" />
                <SiteDateField field={row.from} label="Show from (optional)" />
                <SiteDateField field={row.until} label="Show until (optional)" />
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
