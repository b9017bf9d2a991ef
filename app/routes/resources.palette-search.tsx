import type { LoaderFunctionArgs } from '@remix-run/node';
import type { PaletteSearchResponse } from '~/lib/palette-search';
import { requireAdmin, requireSuperAdmin } from '~/services/auth.server';
import { searchForPalette } from '~/services/palette-search.server';
import { getSession } from '~/services/session.server';

const MIN_LENGTH = 2;
const MAX_LENGTH = 100;

/** The palette's record search: `GET ?q=` answers the records the signed-in user may see. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await getSession(request);
  const { user, api, headers } =
    session.get('userType') === 'superadmin' ? await requireSuperAdmin(request, context) : await requireAdmin(request, context);
  const query = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, MAX_LENGTH);
  const results = query.length < MIN_LENGTH ? [] : await searchForPalette(api, user, query);
  headers.set('Cache-Control', 'private, no-store');
  return Response.json({ query, results } satisfies PaletteSearchResponse, { headers });
}
