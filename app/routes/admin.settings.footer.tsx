import { getTextareaProps } from '@conform-to/react';
import type { MetaFunction } from '@remix-run/node';
import { siteSectionTitles } from '../../common/contracts/site-content';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { newItemId, OrderedRows } from '~/components/site-settings/ordered-rows';
import { SiteSectionForm, SiteTextField, useSiteSectionForm } from '~/components/site-settings/section-form';
import { SiteSectionLayout } from '~/components/site-settings/section-layout';
import { FormField } from '~/components/ui/form-field';
import { Textarea } from '~/components/ui/textarea';
import { siteSectionAction, siteSectionLoader } from '~/services/site-section.server';

const title = siteSectionTitles.footer;

export const meta: MetaFunction = () => [{ title: `${title} · Site settings` }];

export const loader = siteSectionLoader('footer');

export const action = siteSectionAction('footer');

export default function FooterSettings() {
  const { view, form, fields } = useSiteSectionForm('footer');

  return (
    <SiteSectionLayout
      view={view}
      description="The bottom of every page of the site: columns of links, where to find the institute, and the copyright line."
    >
      <SiteSectionForm form={form} version={view.version}>
        <fieldset className="grid gap-3">
          <legend className="mb-1 text-base font-semibold">Columns of links</legend>
          <p className="text-sm text-muted-foreground">
            The columns stand side by side in this order, each with its links in theirs. A link is a web address or a path on this site,
            like /site/notices.
          </p>
          <OrderedRows
            form={form}
            field={fields.columns}
            label={(index) => `Column ${index + 1}`}
            addLabel="Add a column"
            newItem={() => ({ id: newItemId(), title: '', links: [] })}
            empty="No columns yet: the footer shows the address and the copyright line alone."
            max={4}
          >
            {(column, index) => (
              <div className="grid gap-3">
                <SiteTextField field={column.title} label="Column title" required maxLength={60} />
                <OrderedRows
                  form={form}
                  field={column.links}
                  label={(link) => `Column ${index + 1} link ${link + 1}`}
                  addLabel={`Add a link to column ${index + 1}`}
                  newItem={() => ({ label: '', href: '' })}
                  empty="No links in this column yet."
                  max={10}
                >
                  {(link) => (
                    // A column's link is a row within a row: its two fields stand side by side only where there is room.
                    <div className="@container">
                      <div className="grid gap-3 @sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
                        <SiteTextField field={link.label} label="Label" required maxLength={60} />
                        <SiteTextField field={link.href} label="Link" required maxLength={500} placeholder="https://… or /site/…" />
                      </div>
                    </div>
                  )}
                </OrderedRows>
              </div>
            )}
          </OrderedRows>
        </fieldset>

        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-base font-semibold">Visit us</legend>
          <div className="grid gap-1 sm:col-span-2">
            <FormField field={fields.address} label="Address">
              <Textarea
                {...getTextareaProps(fields.address)}
                key={fields.address.key}
                rows={3}
                maxLength={500}
                aria-describedby={`${fields.address.id}-hint ${fields.address.errorId}`}
              />
            </FormField>
            <p id={`${fields.address.id}-hint`} className="text-xs text-muted-foreground">
              Shown line by line, as typed.
            </p>
          </div>
          <SiteTextField field={fields.mapLink} label="Map link" type="url" maxLength={500} placeholder="https://maps.google.com/…" />
          <div className="grid gap-1">
            <SiteTextField field={fields.copyright} label="Copyright line" maxLength={160} />
            <p className="text-xs text-muted-foreground">Left empty, it is © this year and the institute’s name.</p>
          </div>
        </fieldset>
      </SiteSectionForm>
    </SiteSectionLayout>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title={title} />;
}
