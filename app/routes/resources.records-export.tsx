import type { LoaderFunctionArgs } from '@remix-run/node';
import { isRecordScreen, recordScreens } from '~/lib/record-screens';
import { requireAdmin } from '~/services/auth.server';
import { recordExportResponse } from '~/services/record-list.server';

/**
 * The students, courses, branches or exams of a list screen (`?list=` its path) as the API's CSV
 * or Excel file: the screen's own filters, search and sort, every row of them.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAdmin(request, context);
  const list = new URL(request.url).searchParams.get('list') ?? '';
  if (!isRecordScreen(list)) return new Response('No such list.', { status: 404, headers: auth.headers });
  return recordExportResponse(request, auth, list, recordScreens[list]);
}
