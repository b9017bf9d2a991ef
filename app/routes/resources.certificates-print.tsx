import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { parseWithZod } from '@conform-to/zod';
import { certificateMessages } from '../../common/contracts/certificates';
import { certificatePaths, printSchema } from '~/lib/certificates';
import { failureMessage } from '~/services/api.server';
import { canOpen, findAdminRoute } from '~/lib/route-registry';
import { requireAdmin } from '~/services/auth.server';
import { selectionPdf } from '~/services/certificates.server';
import { validateCsrf } from '~/services/csrf.server';
import { documentResponse, originOf } from '~/services/document-files.server';
import { redirectWithToast } from '~/services/toast.server';

/**
 * The documents ticked on the list, as one PDF or as ID card print sheets, saved by the browser.
 * A refusal (none ticked, a certificate among ID cards) goes back to the list as a toast.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user, api, headers } = await requireAdmin(request, context);
  // The list's own guard: whoever opens Generated Certificates prints from it; the API decides what they may read.
  const screen = findAdminRoute(certificatePaths.generated);
  if (!screen || !canOpen(screen, user)) return new Response('You may not print these documents.', { status: 403, headers });
  const formData = await request.formData();
  await validateCsrf(formData, request);
  const back = String(formData.get('back') ?? '');
  const list = back.startsWith(certificatePaths.generated) ? back : certificatePaths.generated;
  const submission = parseWithZod(formData, { schema: printSchema });
  if (submission.status !== 'success' || submission.value.ids.length === 0) {
    return redirectWithToast(list, { type: 'error', title: certificateMessages.noneSelected }, { headers });
  }
  const { ids, as } = submission.value;
  const answer = await selectionPdf(api, ids, as === 'sheets', originOf(request));
  if (!answer.ok)
    return redirectWithToast(list, { type: 'error', title: failureMessage(answer, 'The PDF could not be made. Try again.') }, { headers });
  const url = new URL(request.url);
  url.searchParams.set('download', '1');
  return documentResponse(new Request(url), answer, headers);
}

/** Printing is posted from the list; the address alone leads back to it. */
export function loader() {
  return redirect(certificatePaths.generated);
}
