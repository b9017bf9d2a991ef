import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, Outlet, useLoaderData } from '@remix-run/react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { SessionTimeout } from '~/components/session-timeout';
import { Button } from '~/components/ui/button';
import { requireAdmin } from '~/services/auth.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, headers } = await requireAdmin(request, context);
  return data({ user }, { headers });
}

export default function AdminLayout() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-svh">
      <SessionTimeout />
      <header className="flex items-center justify-between border-b px-4 py-3">
        <span className="font-semibold">Institute Admin</span>
        <div className="flex items-center gap-3 text-sm">
          <span>
            {user.name} <span className="text-muted-foreground">({user.email})</span>
          </span>
          <Form method="post" action="/logout">
            <AuthenticityTokenInput />
            <Button type="submit" variant="outline" size="sm">
              Log out
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
