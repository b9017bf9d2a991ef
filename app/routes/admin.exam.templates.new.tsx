import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData } from '@remix-run/react';
import { blankTemplate } from '../../common/contracts/marksheet-templates';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { AllTemplatesLink, TemplatePreview } from '~/components/marksheet-templates/template-preview';
import { useDraftPreview } from '~/components/marksheet-templates/use-draft-preview';
import { TemplateForm } from '~/components/marksheet-templates/template-form';
import { PageHeader } from '~/components/list/page-header';
import { requireAdminRoute } from '~/services/auth.server';
import { createMarksheetTemplate, readTemplatePost } from '~/services/marksheet-templates.server';
import { redirectWithToast } from '~/services/toast.server';

export const meta: MetaFunction = () => [{ title: 'New Marksheet Template' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { headers } = await requireAdminRoute(request, context);
  return data(null, { headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, headers } = await requireAdminRoute(request, context);
  const { content, refused } = await readTemplatePost(request, api, context);
  if (refused) return data({ content, ...refused }, { status: 400, headers });
  const created = await createMarksheetTemplate(api, content);
  if (!created.ok) return data({ content, message: created.message, errors: created.errors ?? {} }, { status: created.status, headers });
  return redirectWithToast(
    `/admin/exam/templates/${encodeURIComponent(created.data._id)}`,
    { type: 'success', title: created.message },
    { headers },
  );
}

export default function NewMarksheetTemplate() {
  const refused = useActionData<typeof action>();
  const { preview, onEdit } = useDraftPreview();
  return (
    <div className="grid gap-4">
      <AllTemplatesLink />
      <PageHeader title="New Marksheet Template" description="Set how marksheets look; the preview beside the form follows as you type." />
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <TemplateForm
          content={refused?.content ?? blankTemplate}
          errors={refused?.errors}
          message={refused?.message}
          submitLabel="Create template"
          onEdit={onEdit}
        />
        <TemplatePreview draft={preview} />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title="Marksheet Templates" />;
}
