import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireAdminRoute } from '~/services/auth.server';
import { issuedPdf } from '~/services/certificates.server';
import { documentResponse, originOf } from '~/services/document-files.server';

/** One issued certificate or ID card as the API's PDF: shown in the browser, or saved with `?download`. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, headers } = await requireAdminRoute(request, context);
  return documentResponse(request, await issuedPdf(api, params.id ?? '', originOf(request)), headers);
}
