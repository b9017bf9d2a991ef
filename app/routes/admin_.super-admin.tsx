import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Outlet, useLoaderData } from '@remix-run/react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { SessionTimeout } from '~/components/session-timeout';
import { Button } from '~/components/ui/button';
import { requireSuperAdmin } from '~/services/auth.server';

export const meta: MetaFunction = () => [{ title: 'Super Admin' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, headers } = await requireSuperAdmin(request, context);
  return data({ user }, { headers });
}

export default function SuperAdminPanel() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-svh">
      <SessionTimeout />
      <header className="flex items-center justify-between border-b px-4 py-3">
        <h1 className="font-semibold">Super Admin Panel</h1>
        <div className="flex items-center gap-3 text-sm">
          <span>{user.name}</span>
          <Form method="post" action="/logout">
            <AuthenticityTokenInput />
            <Button type="submit" variant="outline" size="sm">
              Logout
            </Button>
          </Form>
        </div>
      </header>
      <main className="p-6">
        <Outlet />
      </main>
    </div>
  );
}
