import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { callApi } from '~/services/api.server';
import { loginPath, sessionMessages } from '~/services/auth.server';
import { validateCsrf } from '~/services/csrf.server';
import { destroySession, getSession } from '~/services/session.server';
import { toastHeader } from '~/services/toast.server';

/** Signing out only by POST: a link or an image cannot end someone's session. */
export const loader = () => redirect('/admin');

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  await validateCsrf(formData, request);
  const session = await getSession(request);
  const refreshToken = session.get('refreshToken');
  if (refreshToken) {
    // A failed server logout is ignored: the local session ends regardless.
    await callApi(context.api, 'POST', '/users/logout', {
      body: { refreshToken },
      token: session.get('accessToken'),
    }).catch(() => undefined);
  }
  const headers = new Headers({ 'Set-Cookie': await destroySession(session) });
  if (formData.get('reason') === 'idle') await toastHeader({ type: 'error', title: sessionMessages.expired }, headers);
  return redirect(loginPath(session.get('userType') ?? 'admin'), { headers });
}
