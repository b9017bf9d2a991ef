import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireAdminRoute } from '~/services/auth.server';
import { documentResponse, originOf } from '~/services/document-files.server';
import { marksheetTemplatePreview } from '~/services/marksheet-templates.server';

/** A sample marksheet made with a revision of the template (`?revision=`), else its latest. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, headers } = await requireAdminRoute(request, context);
  const revision = Number(new URL(request.url).searchParams.get('revision')) || undefined;
  return documentResponse(request, await marksheetTemplatePreview(api, params.id ?? '', revision, originOf(request)), headers);
}
