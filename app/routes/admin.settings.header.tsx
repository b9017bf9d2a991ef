import { getInputProps, getSelectProps } from '@conform-to/react';
import type { MetaFunction } from '@remix-run/node';
import { headerContent, socialNetworkNames, socialNetworks } from '../../common/contracts/site-content';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { newItemId, OrderedRows } from '~/components/site-settings/ordered-rows';
import { SiteSectionForm, useSiteSectionForm } from '~/components/site-settings/section-form';
import { SiteSectionLayout } from '~/components/site-settings/section-layout';
import { SiteUploadField, useUploadsBusy } from '~/components/site-settings/site-upload-field';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/native-select';
import { siteSectionAction, siteSectionLoader } from '~/services/site-section.server';

const title = 'Header';

export const meta: MetaFunction = () => [{ title: `${title} · Site settings` }];

export const loader = siteSectionLoader('header');

const FIELDS = [
  'instituteName',
  'tagline',
  'logo',
  'phone',
  'email',
  'social',
  'social.network',
  'social.url',
  'menu',
  'menu.label',
  'menu.href',
];
export const action = siteSectionAction('header', { schema: headerContent, fields: FIELDS });

export default function HeaderSettings() {
  const uploads = useUploadsBusy();
  const { view, form, fields } = useSiteSectionForm('header');
  const menu = fields.menu.getFieldList();
  const social = fields.social.getFieldList();

  return (
    <SiteSectionLayout view={view} description="The top of every page of the site: who the institute is, how to reach it, and where to go.">
      <SiteSectionForm form={form} version={view.version} withFiles busy={uploads.busy}>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-base font-semibold">The institute</legend>
          <FormField field={fields.instituteName} label="Institute name" required>
            <Input {...getInputProps(fields.instituteName, { type: 'text' })} key={fields.instituteName.key} maxLength={120} />
          </FormField>
          <FormField field={fields.tagline} label="Tagline">
            <Input {...getInputProps(fields.tagline, { type: 'text' })} key={fields.tagline.key} maxLength={160} />
          </FormField>
          <div className="sm:col-span-2">
            <SiteUploadField field={fields.logo} label="Logo" onBusyChange={uploads.onBusyChange} />
          </div>
          <FormField field={fields.phone} label="Phone">
            <Input {...getInputProps(fields.phone, { type: 'tel' })} key={fields.phone.key} maxLength={30} autoComplete="off" />
          </FormField>
          <FormField field={fields.email} label="Email">
            <Input {...getInputProps(fields.email, { type: 'email' })} key={fields.email.key} maxLength={120} autoComplete="off" />
          </FormField>
        </fieldset>

        <fieldset className="grid gap-3">
          <legend className="mb-1 text-base font-semibold">Menu</legend>
          <p className="text-sm text-muted-foreground">
            The links across the top, in this order. A link is a web address or a path on this site, like /site/notices.
          </p>
          <OrderedRows
            form={form}
            name={fields.menu.name}
            keys={menu.map((row) => row.key!)}
            label={(index) => `Menu link ${index + 1}`}
            addLabel="Add a link"
            newItem={() => ({ id: newItemId(), label: '', href: '' })}
            empty="No links yet: visitors see the institute’s name alone."
            max={12}
          >
            {(index) => {
              const row = menu[index]!.getFieldset();
              return (
                <div className="grid gap-3 sm:grid-cols-2">
                  <input type="hidden" name={row.id.name} value={String(row.id.value ?? '')} />
                  <FormField field={row.label} label="Label" required>
                    <Input {...getInputProps(row.label, { type: 'text' })} key={row.label.key} maxLength={60} />
                  </FormField>
                  <FormField field={row.href} label="Link" required>
                    <Input
                      {...getInputProps(row.href, { type: 'text' })}
                      key={row.href.key}
                      maxLength={500}
                      placeholder="https://… or /site/…"
                    />
                  </FormField>
                </div>
              );
            }}
          </OrderedRows>
        </fieldset>

        <fieldset className="grid gap-3">
          <legend className="mb-1 text-base font-semibold">Social links</legend>
          <OrderedRows
            form={form}
            name={fields.social.name}
            keys={social.map((row) => row.key!)}
            label={(index) => `Social link ${index + 1}`}
            addLabel="Add a social link"
            newItem={() => ({ network: socialNetworks[social.length % socialNetworks.length], url: '' })}
            empty="No social links."
            max={socialNetworks.length}
          >
            {(index) => {
              const row = social[index]!.getFieldset();
              return (
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
                  <FormField field={row.url} label="Address" required>
                    <Input {...getInputProps(row.url, { type: 'url' })} key={row.url.key} maxLength={500} placeholder="https://…" />
                  </FormField>
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
