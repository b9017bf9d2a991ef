import { data, type ActionFunctionArgs } from '@remix-run/node';
import { requireSession } from '~/services/auth.server';
import { validateCsrf } from '~/services/csrf.server';
import { getSession } from '~/services/session.server';

/** The browser reports activity here (at most once a minute) so the server's idle clock agrees. */
export async function action({ request, context }: ActionFunctionArgs) {
  await validateCsrf(await request.formData(), request);
  const userType = (await getSession(request)).get('userType') ?? 'admin';
  const { headers } = await requireSession(request, context, userType);
  return data({ ok: true }, { headers });
}
