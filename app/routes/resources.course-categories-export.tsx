import type { LoaderFunctionArgs } from '@remix-run/node';
import { categoryApiQuery, categoryDefaults, parseCategoryQuery } from '~/lib/course-categories';
import { requireAdmin } from '~/services/auth.server';
import { exportResponse } from '~/services/export.server';

/** The categories of the Course Categories screen's search and status as the API's CSV or Excel file, every one of them, in the screen's order. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAdmin(request, context);
  const query = parseCategoryQuery(new URL(request.url).searchParams, categoryDefaults);
  return exportResponse(request, auth, {
    screen: '/admin/course/categories',
    path: '/course/categories/export',
    filters: categoryApiQuery(query),
  });
}
