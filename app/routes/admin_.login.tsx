import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData } from '@remix-run/react';
import { LoginScreen } from '~/components/login-form';
import { adminLoginSchema as schema } from '~/components/login-schemas';
import { ADMIN_AREA_ROLES, redirectSignedIn, safeRedirectTo } from '~/services/auth.server';
import { loginAction, loginFailed } from '~/services/login.server';

export const meta: MetaFunction = () => [{ title: 'Admin Login' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectSignedIn(request, context);
  return null;
}

export const action = loginAction({
  schema,
  name: 'admin',
  admits: (role) => role === 'superadmin' || (ADMIN_AREA_ROLES as readonly string[]).includes(role),
  failure: (result) => [
    result.status === 401 ? 'Invalid email or password' : result.status === 500 ? 'Internal server error' : loginFailed,
    // The rate limit and an inactive account have a reason worth showing beside the message.
    ...(result.status === 429 || result.status === 403 ? [result.message] : []),
  ],
  welcome: (role, redirectTo) =>
    role === 'superadmin'
      ? { title: 'Super Admin login successful!', to: '/admin/super-admin' }
      : { title: 'Login successful!', to: safeRedirectTo(redirectTo, '/admin', '/admin') },
});

export default function AdminLogin() {
  return (
    <LoginScreen
      id="admin-login"
      title="Admin Login"
      description="Sign in to manage your institute."
      validation="admin"
      lastResult={useActionData<typeof action>()}
    />
  );
}
