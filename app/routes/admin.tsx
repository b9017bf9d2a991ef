import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, useLoaderData, useNavigation } from '@remix-run/react';
import { AdminShell } from '~/components/app-sidebar/admin-shell';
import { lazyComponent, usePreloadWhenIdle } from '~/components/lazy-component';
import { isFormPath } from '~/lib/record-links';
import { SessionTimeout } from '~/components/session-timeout';
import { readSidebarState } from '~/components/ui/sidebar';
import { requireAdmin } from '~/services/auth.server';
import { listCustomForms } from '~/services/custom-forms.server';
import { canOpenCustomForms } from '~/lib/route-registry';

// Shown only once a client-side navigation is under way: out of the first load, fetched when idle.
const FormLoading = lazyComponent(() => import('~/components/dynamic-form/form-states').then((module) => module.FormLoading));

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
  // A form screen's loader reads the form's configuration (and the record being edited): the way
  // there, the first time or again, shows Loading Form rather than the page being left. A form's
  // own post revalidates without it.
  const navigation = useNavigation();
  usePreloadWhenIdle(FormLoading);
  const loadingForm = navigation.state === 'loading' && !navigation.formMethod && isFormPath(navigation.location.pathname);
  return (
    <AdminShell user={user} sidebarOpen={sidebarOpen} customForms={customForms}>
      <SessionTimeout />
      {loadingForm ? <FormLoading /> : <Outlet />}
    </AdminShell>
  );
}
