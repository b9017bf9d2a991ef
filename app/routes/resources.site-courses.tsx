import type { LoaderFunctionArgs } from '@remix-run/node';
import { canOpen, findAdminRoute } from '~/lib/route-registry';
import { requireAdminForFetch } from '~/services/auth.server';
import { searchSiteCourses } from '~/services/site-body.server';

const MAX_LENGTH = 100;

/**
 * The body page's course search as one types: `?search=` → the courses whose name or code holds
 * it. For whoever opens the body page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api, headers } = await requireAdminForFetch(request, context);
  headers.set('Cache-Control', 'private, no-store');
  const page = findAdminRoute('/admin/settings/body');
  if (!page || !canOpen(page, user)) return Response.json({ courses: [] }, { status: 403, headers });
  const search = (new URL(request.url).searchParams.get('search') ?? '').trim().slice(0, MAX_LENGTH);
  if (!search) return Response.json({ courses: [] }, { headers });
  const found = await searchSiteCourses(api, search);
  return Response.json({ courses: found.ok ? found.data : [] }, { status: found.ok ? 200 : found.status, headers });
}
