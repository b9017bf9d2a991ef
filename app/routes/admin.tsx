import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, useLoaderData } from '@remix-run/react';
import { AdminShell } from '~/components/app-sidebar/admin-shell';
import { SessionTimeout } from '~/components/session-timeout';
import { readSidebarState } from '~/components/ui/sidebar';
import { requireAdmin } from '~/services/auth.server';
import { listCustomForms } from '~/services/custom-forms.server';
import { canOpenCustomForms } from '~/services/route-registry';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api, headers } = await requireAdmin(request, context);
  // Read here, so the page arrives with the sidebar already as wide as the user left it.
  const sidebarOpen = readSidebarState(request.headers.get('Cookie'));
  // The super admin's custom forms, for those who fill them in (the sidebar and the palette list them).
  const customForms = canOpenCustomForms(user) ? await listCustomForms(api) : [];
  return data({ user, sidebarOpen, customForms }, { headers });
}

export default function AdminLayout() {
  const { user, sidebarOpen, customForms } = useLoaderData<typeof loader>();
  return (
    <AdminShell user={user} sidebarOpen={sidebarOpen} customForms={customForms}>
      <SessionTimeout />
      <Outlet />
    </AdminShell>
  );
}
