import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireAdminRoute } from '~/services/auth.server';
import { documentResponse, originOf } from '~/services/document-files.server';
import { receiptPdf } from '~/services/invoices.server';

/** The receipt of one payment as the API's A4 PDF: shown in the browser, or saved with `?download`. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, headers } = await requireAdminRoute(request, context);
  return documentResponse(request, await receiptPdf(api, params.id ?? '', params.paymentId ?? '', originOf(request)), headers);
}
