import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type SerializeFrom } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import type { BreadcrumbHandle } from '~/components/app-sidebar/site-header';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { PageHeader } from '~/components/list/page-header';
import { TemplateForm } from '~/components/marksheet-templates/template-form';
import { AllTemplatesLink, TemplatePreview } from '~/components/marksheet-templates/template-preview';
import { useDraftPreview } from '~/components/marksheet-templates/use-draft-preview';
import { Badge } from '~/components/ui/badge';
import { requireAdminRoute } from '~/services/auth.server';
import { loadMarksheetTemplate, readTemplatePost, saveMarksheetTemplate } from '~/services/marksheet-templates.server';
import { redirectWithToast } from '~/services/toast.server';
import { formatDateTime } from '~/utils/format';

export const handle: BreadcrumbHandle<SerializeFrom<typeof loader>> = {
  breadcrumb: (loaded) => loaded?.template.content.name,
};

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `${loaded.template.content.name} · Marksheet Templates` : 'Marksheet Templates' },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, headers } = await requireAdminRoute(request, context);
  const template = await loadMarksheetTemplate(api, params.id ?? '');
  if (!template.ok) throw data({ message: template.message }, { status: template.status, headers });
  return data({ template: template.data }, { headers });
}

/** Saves a new revision, refused when someone else saved one since the editor was opened. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api, headers } = await requireAdminRoute(request, context);
  const { formData, content, refused } = await readTemplatePost(request, api, context);
  if (refused) return data({ content, ...refused }, { status: 400, headers });
  const version = Number(formData.get('version'));
  const saved = await saveMarksheetTemplate(api, params.id ?? '', content, Number.isInteger(version) ? version : undefined);
  if (!saved.ok) return data({ content, message: saved.message, errors: saved.errors ?? {} }, { status: saved.status, headers });
  const url = new URL(request.url);
  return redirectWithToast(url.pathname, { type: 'success', title: saved.message }, { headers });
}

export default function MarksheetTemplateEditor() {
  const { template } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const draft = useDraftPreview(template.version);
  const preview = `/admin/exam/templates/${encodeURIComponent(template._id)}/preview`;
  const latest = template.versions[0];
  return (
    <div className="grid gap-4">
      <AllTemplatesLink />
      <PageHeader
        title={template.content.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {latest
              ? `Revision ${latest.revision}, saved ${formatDateTime(latest.savedAt)}${latest.savedBy ? ` by ${latest.savedBy}` : ''}`
              : null}
            {template.isDefault ? <Badge variant="success">Default</Badge> : null}
          </span>
        }
      />
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        {/* A new revision starts the form afresh from what was saved. */}
        <TemplateForm
          key={template.version}
          content={refused?.content ?? template.content}
          version={template.version}
          errors={refused?.errors}
          message={refused?.message}
          submitLabel="Save template"
          onEdit={draft.onEdit}
          previewOnOpen={refused !== undefined}
        />
        <div className="grid gap-6">
          <TemplatePreview
            key={template.version}
            href={`${preview}?revision=${latest?.revision ?? ''}`}
            label={latest ? `revision ${latest.revision}` : undefined}
            draft={draft.preview}
          />
          <section aria-labelledby="template-revisions" className="grid gap-2">
            <h2 id="template-revisions" className="text-sm font-semibold">
              Revisions
            </h2>
            <ol className="grid gap-1 text-sm">
              {template.versions.map((one) => (
                <li key={one.revision} className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2">
                  <span>
                    Revision {one.revision} · {formatDateTime(one.savedAt)}
                    {one.savedBy ? ` · ${one.savedBy}` : ''}
                  </span>
                  <a href={`${preview}?revision=${one.revision}`} target="_blank" rel="noreferrer" className="underline underline-offset-4">
                    Preview<span className="sr-only"> revision {one.revision}</span>
                  </a>
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title="Marksheet Templates" />;
}
