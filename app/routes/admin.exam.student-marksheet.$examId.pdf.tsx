import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { requireAdminRoute } from '~/services/auth.server';
import { documentResponse, originOf } from '~/services/document-files.server';
import { marksheetPdf, sittingMarksheetsPdf } from '~/services/documents.server';

/** A student's marksheet (`?student=`) as a PDF, or the whole sitting's that a job made (`?job=`). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, headers } = await requireAdminRoute(request, context);
  const search = new URL(request.url).searchParams;
  const [studentId, jobId] = [search.get('student'), search.get('job')];
  const examId = params.examId ?? '';
  if (jobId) return documentResponse(request, await sittingMarksheetsPdf(api, examId, jobId, originOf(request)), headers);
  if (!studentId) throw data({ message: 'Pick a student to make their marksheet' }, { status: 400, headers });
  return documentResponse(request, await marksheetPdf(api, examId, studentId, originOf(request)), headers);
}
