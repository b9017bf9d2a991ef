import type { LoaderFunctionArgs } from '@remix-run/node';
import { KNOWN_ROLES } from '../../common/roles';
import { readUserListQuery } from '~/components/super-admin/user-management-model';
import { requireAdmin } from '~/services/auth.server';
import { exportResponse } from '~/services/export.server';
import { userApiQuery } from '~/services/user-management.server';

/** The users of the All Users screen's search and filters as the API's CSV or Excel file, every one of them, newest first as listed. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAdmin(request, context);
  const query = readUserListQuery(new URL(request.url), KNOWN_ROLES);
  return exportResponse(request, auth, {
    screen: '/admin/users',
    path: '/users/export',
    filters: userApiQuery(query),
  });
}
