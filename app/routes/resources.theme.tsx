import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { validateCsrf } from '~/services/csrf.server';
import { safeRedirectTo } from '~/services/redirect.server';
import { themeHeader, themeSchema } from '~/services/theme.server';

const schema = z.object({
  theme: themeSchema,
  redirectTo: z.string().optional(),
});

/** A browser posting a plain form (no JavaScript) navigates; a fetcher's request does not. */
function isDocumentRequest(request: Request) {
  const destination = request.headers.get('Sec-Fetch-Dest');
  if (destination) return destination === 'document' || destination === 'iframe';
  return request.headers.get('Accept')?.includes('text/html') ?? false;
}

export const loader = () => redirect('/');

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  await validateCsrf(formData, request);
  const parsed = schema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    return Response.json({ ok: false as const, error: 'Choose system, light or dark.' }, { status: 400 });
  }
  const { theme, redirectTo } = parsed.data;
  const headers = { 'Set-Cookie': await themeHeader(theme) };
  if (isDocumentRequest(request)) return redirect(safeRedirectTo(redirectTo, '/'), { headers });
  return Response.json({ ok: true as const, theme }, { headers });
}
