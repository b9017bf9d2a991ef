import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { requireAdmin } from '~/services/auth.server';
import { originOf, savedFileResponse } from '~/services/document-files.server';
import { failedRowsFile } from '~/services/imports.server';

/** The rows a run (`?run=`) refused, as the file had them with an Error column, saved as CSV. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, headers } = await requireAdmin(request, context);
  const jobId = new URL(request.url).searchParams.get('run');
  if (!jobId) throw data({ message: 'Choose a run of this import' }, { status: 400, headers });
  const answer = await failedRowsFile(api, params.id ?? '', jobId, originOf(request));
  return savedFileResponse(answer, headers);
}
