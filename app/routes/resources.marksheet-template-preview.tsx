import type { ActionFunctionArgs } from '@remix-run/node';
import { fileResponse } from '~/services/api.server';
import { requireAdminForFetch } from '~/services/auth.server';
import { validateCsrf } from '~/services/csrf.server';
import { originOf } from '~/services/document-files.server';
import { previewMarksheetTemplateDraft, readTemplateForm } from '~/services/marksheet-templates.server';

/**
 * The template editor's live preview: POST the editor's form → the sample marksheet as a PDF, or
 * the API's refusal as JSON (`message`, `errors` per field) with its status. Nothing is saved.
 * The API holds the permission; the session's token stays on the server.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { api, headers } = await requireAdminForFetch(request, context);
  const formData = await request.formData();
  await validateCsrf(formData, request);
  const answer = await previewMarksheetTemplateDraft(api, readTemplateForm(formData), originOf(request));
  if (!answer.ok) return Response.json({ message: answer.message, errors: answer.errors ?? {} }, { status: answer.status, headers });
  return fileResponse(answer.data, headers);
}
