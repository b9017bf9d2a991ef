import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { importTypesFor } from '~/lib/imports';
import { requireAdmin } from '~/services/auth.server';
import { savedFileResponse } from '~/services/document-files.server';
import { exportFormatOf } from '~/services/export.server';
import { importTemplateFile } from '~/services/imports.server';

/** An empty file of the form's importable fields, CSV or Excel (`?format=`), for those who may import it. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, user, headers } = await requireAdmin(request, context);
  const formType = importTypesFor(user).find((type) => type === params.formType);
  if (!formType) throw data({ message: 'You may not import these records' }, { status: 403, headers });
  const answer = await importTemplateFile(api, formType, exportFormatOf(request));
  return savedFileResponse(answer, headers);
}
