import type { LoaderFunctionArgs } from '@remix-run/node';
import { formatScreens } from '~/lib/certificate-formats';
import { canOpen, findAdminRoute } from '~/lib/route-registry';
import { requireAdminForFetch } from '~/services/auth.server';
import { searchPreviewStudents } from '~/services/certificate-formats.server';

const MAX_LENGTH = 100;

/**
 * The designer's student picker as one types: `?search=` → students the user may see. Open to
 * whoever opens the format screens; the API holds the students to the user's own reach.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api, headers } = await requireAdminForFetch(request, context);
  headers.set('Cache-Control', 'private, no-store');
  const screen = findAdminRoute(formatScreens.certificate.path);
  if (!screen || !canOpen(screen, user)) return Response.json({ students: [], message: null }, { status: 403, headers });
  const search = (new URL(request.url).searchParams.get('search') ?? '').trim().slice(0, MAX_LENGTH);
  if (!search) return Response.json({ students: [], message: null }, { headers });
  const found = await searchPreviewStudents(api, search);
  return Response.json(
    { students: found.ok ? found.data : [], message: found.ok ? null : found.message },
    { status: found.ok ? 200 : found.status, headers },
  );
}
