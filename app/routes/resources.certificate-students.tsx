import type { LoaderFunctionArgs } from '@remix-run/node';
import { issuesDocuments, parseIssuedKind } from '~/lib/certificates';
import { requireAdminForFetch } from '~/services/auth.server';
import { eligibleStudents } from '~/services/certificates.server';

const MAX_LENGTH = 100;
const LIMIT = 10;

/**
 * The issue form's student search as one types: `?kind=&search=` → students with their course and
 * whether a document of the kind can be issued to them. For those who issue; the API holds the
 * students to the user's own branch.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api, headers } = await requireAdminForFetch(request, context);
  headers.set('Cache-Control', 'private, no-store');
  if (!issuesDocuments(user)) return Response.json({ students: [], message: null }, { status: 403, headers });
  const params = new URL(request.url).searchParams;
  const kind = parseIssuedKind(params.get('kind')) ?? 'certificate';
  const search = (params.get('search') ?? '').trim().slice(0, MAX_LENGTH);
  if (!search) return Response.json({ students: [], message: null }, { headers });
  const found = await eligibleStudents(api, { kind, search, page: 1, limit: LIMIT });
  return Response.json(
    { students: found.ok ? found.data.students : [], message: found.ok ? null : found.message },
    { status: found.ok ? 200 : found.status, headers },
  );
}
