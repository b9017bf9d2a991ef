import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireAdminRoute } from '~/services/auth.server';
import { documentResponse, originOf } from '~/services/document-files.server';
import { admitCardsPdf } from '~/services/documents.server';

/** The sitting's admit cards as one PDF, or one student's (`?student=`). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, headers } = await requireAdminRoute(request, context);
  const search = new URL(request.url).searchParams;
  const query = { branchId: search.get('branch') || undefined, studentId: search.get('student') || undefined };
  return documentResponse(request, await admitCardsPdf(api, params.examId ?? '', query, originOf(request)), headers);
}
