import { getSelectProps } from '@conform-to/react';
import type { MetaFunction } from '@remix-run/node';
import { socialNetworkNames, socialNetworks } from '../../common/contracts/site-content';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { newItemId, OrderedRows } from '~/components/site-settings/ordered-rows';
import { SiteSectionForm, SiteTextField, useSiteSectionForm } from '~/components/site-settings/section-form';
import { SiteSectionLayout } from '~/components/site-settings/section-layout';
import { SiteUploadField } from '~/components/site-settings/site-upload-field';
import { useUploadsBusy } from '~/hooks/use-uploads-busy';
import { FormField } from '~/components/ui/form-field';
import { NativeSelect } from '~/components/ui/native-select';
import { siteSectionAction, siteSectionLoader } from '~/services/site-section.server';

const title = 'Header';

export const meta: MetaFunction = () => [{ title: `${title} · Site settings` }];

export const loader = siteSectionLoader('header');

export const action = siteSectionAction('header');

export default function HeaderSettings() {
  const uploads = useUploadsBusy();
  const { view, form, fields } = useSiteSectionForm('header');
  const social = fields.social.getFieldList();

  return (
    <SiteSectionLayout view={view} description="The top of every page of the site: who the institute is, how to reach it, and where to go.">
      <SiteSectionForm form={form} version={view.version} withFiles busy={uploads.busy}>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-base font-semibold">The institute</legend>
          <SiteTextField field={fields.instituteName} label="Institute name" required maxLength={120} />
          <SiteTextField field={fields.tagline} label="Tagline" maxLength={160} />
          <div className="sm:col-span-2">
            <SiteUploadField field={fields.logo} label="Logo" onBusyChange={uploads.onBusyChange} />
          </div>
          <SiteTextField field={fields.phone} label="Phone" type="tel" maxLength={30} autoComplete="off" />
          <SiteTextField field={fields.email} label="Email" type="email" maxLength={120} autoComplete="off" />
        </fieldset>

        <fieldset className="grid gap-3">
          <legend className="mb-1 text-base font-semibold">Menu</legend>
          <p className="text-sm text-muted-foreground">
            The links across the top, in this order. A link is a web address or a path on this site, like /site/notices.
          </p>
          <OrderedRows
            form={form}
            field={fields.menu}
            label={(index) => `Menu link ${index + 1}`}
            addLabel="Add a link"
            newItem={() => ({ id: newItemId(), label: '', href: '' })}
            empty="No links yet: visitors see the institute’s name alone."
            max={12}
          >
            {(row) => (
              <div className="grid gap-3 sm:grid-cols-2">
                <SiteTextField field={row.label} label="Label" required maxLength={60} />
                <SiteTextField field={row.href} label="Link" required maxLength={500} placeholder="https://… or /site/…" />
              </div>
            )}
          </OrderedRows>
        </fieldset>

        <fieldset className="grid gap-3">
          <legend className="mb-1 text-base font-semibold">Social links</legend>
          <OrderedRows
            form={form}
            field={fields.social}
            label={(index) => `Social link ${index + 1}`}
            addLabel="Add a social link"
            newItem={() => ({ network: socialNetworks[social.length % socialNetworks.length], url: '' })}
            empty="No social links."
            max={socialNetworks.length}
          >
            {(row) => (
              <div className="grid gap-3 sm:grid-cols-[12rem_minmax(0,1fr)]">
                <FormField field={row.network} label="Network" required>
                  <NativeSelect {...getSelectProps(row.network)} key={row.network.key}>
                    {socialNetworks.map((network) => (
                      <option key={network} value={network}>
                        {socialNetworkNames[network]}
                      </option>
                    ))}
                  </NativeSelect>
                </FormField>
                <SiteTextField field={row.url} label="Address" required type="url" maxLength={500} placeholder="https://…" />
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
