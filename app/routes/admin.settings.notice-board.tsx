import { getInputProps, getTextareaProps } from '@conform-to/react';
import type { MetaFunction } from '@remix-run/node';
import { indianDay } from '../../common/india-time';
import { siteSectionTitles } from '../../common/contracts/site-content';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { newItemId, OrderedRows } from '~/components/site-settings/ordered-rows';
import { SiteDateField, SiteSectionForm, SiteTextField, useSiteSectionForm } from '~/components/site-settings/section-form';
import { SiteSectionLayout } from '~/components/site-settings/section-layout';
import { SiteUploadField } from '~/components/site-settings/site-upload-field';
import { useUploadsBusy } from '~/hooks/use-uploads-busy';
import { FormField } from '~/components/ui/form-field';
import { Label } from '~/components/ui/label';
import { NativeCheckbox } from '~/components/ui/native-checkbox';
import { Textarea } from '~/components/ui/textarea';
import { siteSectionAction, siteSectionLoader } from '~/services/site-section.server';

const title = siteSectionTitles['notice-board'];

export const meta: MetaFunction = () => [{ title: `${title} · Site settings` }];

export const loader = siteSectionLoader('notice-board');

export const action = siteSectionAction('notice-board');

/** A new notice is dated today, in India. */
function today() {
  return indianDay(new Date());
}

export default function NoticeBoardSettings() {
  const uploads = useUploadsBusy();
  const { view, form, fields } = useSiteSectionForm('notice-board');

  return (
    <SiteSectionLayout
      view={view}
      previewPath="/site/notices"
      description="Notices visitors read on the home page and the notices page; an expired notice stops showing by itself."
    >
      <SiteSectionForm form={form} version={view.version} withFiles busy={uploads.busy}>
        <fieldset className="grid gap-3">
          <legend className="mb-1 text-base font-semibold">Notices</legend>
          <p className="text-sm text-muted-foreground">Pinned notices come first; the others follow in this order.</p>
          <OrderedRows
            form={form}
            field={fields.notices}
            label={(index) => `Notice ${index + 1}`}
            addLabel="Add a notice"
            newItem={() => ({ id: newItemId(), title: '', markdown: '', date: today(), pinned: false, expires: '', attachment: '' })}
            empty="No notices yet: the notices page says there is nothing new."
            max={200}
          >
            {(row) => (
              <div className="grid gap-3 sm:grid-cols-2">
                <div className="sm:col-span-2">
                  <SiteTextField field={row.title} label="Title" required maxLength={160} />
                </div>
                <div className="grid gap-1 sm:col-span-2">
                  <FormField field={row.markdown} label="Text">
                    <Textarea
                      {...getTextareaProps(row.markdown)}
                      key={row.markdown.key}
                      rows={5}
                      aria-describedby={`${row.markdown.id}-hint ${row.markdown.errorId}`}
                    />
                  </FormField>
                  <p id={`${row.markdown.id}-hint`} className="text-xs text-muted-foreground">
                    **bold**, lists and [links](https://…) work.
                  </p>
                </div>
                <SiteDateField field={row.date} label="Date" required />
                <SiteDateField field={row.expires} label="Expires on (optional)" />
                <div className="flex items-center gap-2 sm:col-span-2">
                  <NativeCheckbox {...getInputProps(row.pinned, { type: 'checkbox' })} key={row.pinned.key} />
                  <Label htmlFor={row.pinned.id}>Pinned to the top</Label>
                </div>
                <div className="sm:col-span-2">
                  <SiteUploadField field={row.attachment} label="Attachment" onBusyChange={uploads.onBusyChange} />
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
