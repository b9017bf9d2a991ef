import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { requireAdminRoute } from '~/services/auth.server';
import { documentResponse, originOf } from '~/services/document-files.server';
import { marksheetPdf } from '~/services/documents.server';

/** A student's marksheet (`?student=`) as a PDF. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, headers } = await requireAdminRoute(request, context);
  const studentId = new URL(request.url).searchParams.get('student');
  if (!studentId) throw data({ message: 'Pick a student to make their marksheet' }, { status: 400, headers });
  return documentResponse(request, await marksheetPdf(api, params.examId ?? '', studentId, originOf(request)), headers);
}
