import type { LoaderFunctionArgs } from '@remix-run/node';
import { certificatePaths, issuedApiQuery, issuedDefaults, parseIssuedQuery } from '~/lib/certificates';
import { requireAdmin } from '~/services/auth.server';
import { exportResponse } from '~/services/export.server';

/** The certificates and ID cards of the Generated Certificates screen's filters as the API's CSV or Excel file, every one of them, in the screen's order. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAdmin(request, context);
  const query = parseIssuedQuery(new URL(request.url).searchParams, issuedDefaults);
  return exportResponse(request, auth, {
    screen: certificatePaths.generated,
    path: '/certificates/export',
    filters: issuedApiQuery(query),
  });
}
