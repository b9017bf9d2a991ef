import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useSearchParams } from '@remix-run/react';
import { LoginForm } from '~/components/login-form';
import { adminLoginSchema as schema } from '~/components/login-schemas';
import { ADMIN_AREA_ROLES, redirectSignedIn, safeRedirectTo, startSession } from '~/services/auth.server';
import { readForm } from '~/services/forms.server';
import { discardApiSession, loginFailed, signInOnApi } from '~/services/login.server';
import { toastHeader } from '~/services/toast.server';

export const meta: MetaFunction = () => [{ title: 'Admin Login' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectSignedIn(request, context);
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
    const message = result.status === 401 ? 'Invalid email or password' : result.status === 500 ? 'Internal server error' : loginFailed;
    // The rate limit and an inactive account have a reason worth showing beside the message.
    const reason = result.status === 429 || result.status === 403 ? [result.message] : [];
    // SPEC.md section 8: the form is reset on every failure.
    return data(submission.reply({ formErrors: [message, ...reason], hideFields: ['email', 'password'] }), {
      status: result.status === 500 ? 500 : 400,
    });
  }
  const { user } = result.data;
  const isSuperAdmin = user.role === 'superadmin';
  if (!isSuperAdmin && !(ADMIN_AREA_ROLES as readonly string[]).includes(user.role)) {
    await discardApiSession(context, result.data.refreshToken);
    return data(
      submission.reply({
        formErrors: [`Access denied. This is admin login page. You have '${user.role}' role.`],
        hideFields: ['email', 'password'],
      }),
      { status: 403 },
    );
  }
  const headers = new Headers({ 'Set-Cookie': await startSession(request, result.data, user) });
  await toastHeader({ type: 'success', title: isSuperAdmin ? 'Super Admin login successful!' : 'Login successful!' }, headers);
  return redirect(isSuperAdmin ? '/admin/super-admin' : safeRedirectTo(redirectTo, '/admin', '/admin'), { headers });
}

export default function AdminLogin() {
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  return (
    <main className="login-gradient grid min-h-svh place-items-center p-4">
      <LoginForm
        id="admin-login"
        title="Admin Login"
        description="Sign in to manage your institute."
        validation="admin"
        lastResult={lastResult}
        redirectTo={searchParams.get('redirectTo')}
      />
    </main>
  );
}
