import type { LoaderFunctionArgs } from '@remix-run/node';
import { accessChangeApiQuery, accessChangeDefaults, parseAccessChangeQuery } from '~/lib/access-changes';
import { requireAdmin } from '~/services/auth.server';
import { exportResponse } from '~/services/export.server';

/** The changes the Access Changes screen's filters show as the API's CSV or Excel file, every one of them, in the screen's order. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAdmin(request, context);
  const query = parseAccessChangeQuery(new URL(request.url).searchParams, accessChangeDefaults);
  return exportResponse(request, auth, {
    screen: '/admin/users/access-changes',
    path: '/access-changes/export',
    filters: accessChangeApiQuery(query),
  });
}
