import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, useLoaderData } from '@remix-run/react';
import { AdminShell } from '~/components/app-sidebar/admin-shell';
import { SessionTimeout } from '~/components/session-timeout';
import { readSidebarState } from '~/components/ui/sidebar';
import { requireAdmin } from '~/services/auth.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, headers } = await requireAdmin(request, context);
  // Read here, so the page arrives with the sidebar already as wide as the user left it.
  const sidebarOpen = readSidebarState(request.headers.get('Cookie'));
  return data({ user, sidebarOpen }, { headers });
}

export default function AdminLayout() {
  const { user, sidebarOpen } = useLoaderData<typeof loader>();
  return (
    <AdminShell user={user} sidebarOpen={sidebarOpen}>
      <SessionTimeout />
      <Outlet />
    </AdminShell>
  );
}
