import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData } from '@remix-run/react';
import { LoginScreen } from '~/components/login-form';
import { superAdminLoginSchema as schema } from '~/components/login-schemas';
import { redirectSignedIn, safeRedirectTo } from '~/services/auth.server';
import { loginAction, loginFailed } from '~/services/login.server';

export const meta: MetaFunction = () => [{ title: 'Super Admin Login' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectSignedIn(request, context, 'superadmin');
  return null;
}

export const action = loginAction({
  schema,
  name: 'superadmin',
  admits: (role) => role === 'superadmin',
  failure: (result) => [result.message || loginFailed],
  welcome: (_role, redirectTo) => ({
    title: 'Super Admin login successful!',
    to: safeRedirectTo(redirectTo, '/admin/super-admin', '/admin/super-admin'),
  }),
});

export default function SuperAdminLogin() {
  return (
    <LoginScreen
      id="super-admin-login"
      title="Super Admin Login"
      description="Configure forms, users and permissions."
      validation="superAdmin"
      lastResult={useActionData<typeof action>()}
    />
  );
}
