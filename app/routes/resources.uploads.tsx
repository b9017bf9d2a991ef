import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { uploadContract } from '../../common/contracts/uploads';
import { callEndpoint } from '~/services/api.server';
import { requireAdmin, requireAdminForFetch } from '~/services/auth.server';
import { validateCsrf } from '~/services/csrf.server';

/**
 * The browser's side door to /s3-upload (DESIGN.md section 7): it asks here for an upload
 * address and confirms here, and this route calls the API with the session's token, which never
 * reaches the browser. The bytes themselves go from the browser straight to storage.
 *
 * POST intent=presign {fileName, fileType, fileSize, formType, fieldName} → the API's data
 * (presignedUrl, key, headers, ...); POST intent=confirm {key, fileName, fileSize, formType,
 * fieldName}; GET ?key=…[&download=true&filename=…] redirects to a short-lived address of a
 * stored file (to save it under that name with download=true).
 */

const name = z.string().trim().max(255);
const size = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

const request = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('presign'),
    fileName: name.default(''),
    fileType: name.default(''),
    fileSize: size.default(0),
    formType: name,
    fieldName: name.optional(),
  }),
  z.object({
    intent: z.literal('confirm'),
    key: z.string().min(1).max(512),
    fileName: name.default(''),
    fileSize: size,
    formType: name,
    fieldName: name.optional(),
  }),
]);

export async function action({ request: req, context }: ActionFunctionArgs) {
  const { api, headers } = await requireAdminForFetch(req, context);
  const formData = await req.formData();
  await validateCsrf(formData, req);
  const parsed = request.safeParse(Object.fromEntries([...formData.entries()].filter(([, v]) => typeof v === 'string')));
  if (!parsed.success) {
    return Response.json({ success: false, message: 'Invalid upload request', data: null }, { status: 400, headers });
  }
  const input = parsed.data;
  const result =
    input.intent === 'presign'
      ? await callEndpoint(api, uploadContract.presignedUrl, {
          body: {
            fileName: input.fileName,
            fileType: input.fileType,
            fileSize: input.fileSize,
            formType: input.formType,
            fieldName: input.fieldName,
          },
        })
      : await callEndpoint(api, uploadContract.confirm, {
          body: {
            key: input.key,
            originalFileName: input.fileName,
            fileSize: input.fileSize,
            formType: input.formType,
            fieldName: input.fieldName,
          },
        });
  return Response.json(
    { success: result.ok, message: result.message, data: result.ok ? result.data : null },
    { status: result.status, headers },
  );
}

export async function loader({ request: req, context }: LoaderFunctionArgs) {
  const { api, headers } = await requireAdmin(req, context);
  const url = new URL(req.url);
  const key = url.searchParams.get('key');
  if (!key) throw new Response('Missing key', { status: 400, headers });
  const result = await callEndpoint(api, uploadContract.downloadUrl, {
    query: {
      key,
      expiresIn: 300,
      download: url.searchParams.get('download') === 'true' ? 'true' : 'false',
      filename: url.searchParams.get('filename')?.slice(0, 255) || undefined,
    },
  });
  if (!result.ok) throw new Response(result.message, { status: result.status, headers });
  return redirect(result.data.url, { headers });
}
