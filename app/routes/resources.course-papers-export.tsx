import type { LoaderFunctionArgs } from '@remix-run/node';
import { paperApiQuery, paperDefaults, parsePaperQuery } from '~/lib/course-papers';
import { requireAdmin } from '~/services/auth.server';
import { exportResponse } from '~/services/export.server';

/** The papers of the Course Papers screen's course, search and type as the API's CSV or Excel file, every one of them, in the screen's order. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAdmin(request, context);
  const query = parsePaperQuery(new URL(request.url).searchParams, paperDefaults);
  return exportResponse(request, auth, {
    screen: '/admin/course/papers',
    path: '/course/papers/export',
    filters: paperApiQuery(query),
  });
}
