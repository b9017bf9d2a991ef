import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireAdminRoute } from '~/services/auth.server';
import { documentResponse, originOf } from '~/services/document-files.server';
import { creditNotePdf } from '~/services/invoices.server';

/** A cancelled invoice's credit note as the API's A4 PDF: shown in the browser, or saved with `?download`. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, headers } = await requireAdminRoute(request, context);
  return documentResponse(request, await creditNotePdf(api, params.id ?? '', originOf(request)), headers);
}
