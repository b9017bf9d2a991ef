import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useSearchParams } from '@remix-run/react';
import { LoginForm } from '~/components/login-form';
import { superAdminLoginSchema as schema } from '~/components/login-schemas';
import { redirectSignedIn, safeRedirectTo, startSession } from '~/services/auth.server';
import { readForm } from '~/services/forms.server';
import { discardApiSession, loginFailed, signInOnApi } from '~/services/login.server';
import { toastHeader } from '~/services/toast.server';

export const meta: MetaFunction = () => [{ title: 'Super Admin Login' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectSignedIn(request, context, 'superadmin');
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { submission } = await readForm(request, schema);
  if (submission.status !== 'success') {
    return data(submission.reply({ hideFields: ['password'] }), { status: 400 });
  }
  const { email, password, redirectTo } = submission.value;
  const result = await signInOnApi(context, email, password);
  if (!result.ok) {
    return data(submission.reply({ formErrors: [result.message || loginFailed], hideFields: ['email', 'password'] }), {
      status: result.status === 500 ? 500 : 400,
    });
  }
  const { user } = result.data;
  if (user.role !== 'superadmin') {
    await discardApiSession(context, result.data.refreshToken);
    return data(
      submission.reply({
        formErrors: [`Access denied. This is superadmin login page. You have '${user.role}' role.`],
        hideFields: ['email', 'password'],
      }),
      { status: 403 },
    );
  }
  const headers = new Headers({ 'Set-Cookie': await startSession(request, result.data, user) });
  await toastHeader({ type: 'success', title: 'Super Admin login successful!' }, headers);
  return redirect(safeRedirectTo(redirectTo, '/admin/super-admin', '/admin/super-admin'), { headers });
}

export default function SuperAdminLogin() {
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  return (
    <main className="grid min-h-svh place-items-center bg-muted p-4">
      <LoginForm
        id="super-admin-login"
        title="Super Admin Login"
        description="Configure forms, users and permissions."
        validation="superAdmin"
        lastResult={lastResult}
        redirectTo={searchParams.get('redirectTo')}
      />
    </main>
  );
}
