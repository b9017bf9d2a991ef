import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireAdmin } from '~/services/auth.server';
import { exportResponse } from '~/services/export.server';

/** An exam's sitting in a branch (`?exam=`, `?branch=`) as the API's CSV or Excel sheet of marks and outcomes. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const exam = params.get('exam') ?? '';
  if (!exam) return new Response('No exam was named.', { status: 404, headers: auth.headers });
  return exportResponse(request, auth, {
    screen: '/admin/exam/result-entry',
    path: `/exams/${encodeURIComponent(exam)}/results/export`,
    filters: { branchId: params.get('branch') || undefined },
  });
}
