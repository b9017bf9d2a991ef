import type { MetaFunction } from '@remix-run/node';
import { siteSectionTitles } from '../../common/contracts/site-content';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { newItemId, OrderedRows } from '~/components/site-settings/ordered-rows';
import { SiteSectionForm, SiteTextField, useSiteSectionForm } from '~/components/site-settings/section-form';
import { SiteSectionLayout } from '~/components/site-settings/section-layout';
import { SiteUploadField } from '~/components/site-settings/site-upload-field';
import { useUploadsBusy } from '~/hooks/use-uploads-busy';
import { siteSectionAction, siteSectionLoader } from '~/services/site-section.server';

const title = siteSectionTitles.certifications;

export const meta: MetaFunction = () => [{ title: `${title} · Site settings` }];

export const loader = siteSectionLoader('certifications');

export const action = siteSectionAction('certifications');

export default function CertificationsSettings() {
  const uploads = useUploadsBusy();
  const { view, form, fields } = useSiteSectionForm('certifications');

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
            field={fields.items}
            label={(index) => `Certification ${index + 1}`}
            addLabel="Add a certification"
            newItem={() => ({ id: newItemId(), name: '', number: '', link: '', logo: '' })}
            empty="No certifications yet: the site shows none."
            max={50}
          >
            {(row) => (
              <div className="grid gap-3 sm:grid-cols-2">
                <SiteTextField field={row.name} label="Name" required maxLength={120} />
                <SiteTextField field={row.number} label="Number" maxLength={60} />
                <div className="sm:col-span-2">
                  <SiteTextField field={row.link} label="Link" type="url" maxLength={500} placeholder="https://…" />
                </div>
                <div className="sm:col-span-2">
                  <SiteUploadField field={row.logo} label="Logo" onBusyChange={uploads.onBusyChange} />
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
