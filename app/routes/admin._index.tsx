import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, useRouteLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { hydratedWhenLoaded } from '~/components/lazy-component';
import { requireAdminRoute } from '~/services/auth.server';
import { dashboardScreen, loadDashboard } from '~/services/dashboard.server';
import type { loader as adminLoader } from './admin';

/**
 * The dashboard is /admin, the first page after signing in: its body (figures, charts, activity)
 * is rendered by the server with the page, and its code is a chunk of its own that the browser
 * fetches as it hydrates the page, so the first load of /admin carries none of it.
 */
const DashboardBody = hydratedWhenLoaded(
  () => import('~/components/dashboard/dashboard-body').then((module) => module.DashboardBody),
  <p className="text-sm text-muted-foreground">Loading figures…</p>,
);

export const meta: MetaFunction = () => [{ title: 'Dashboard' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, user, headers } = await requireAdminRoute(request, context);
  // A branch's own staff see their branch: the API decides, and a branch in the address is not theirs to pick.
  const branchId = user.branchId ? undefined : new URL(request.url).searchParams.get('branchId')?.trim() || undefined;
  const answer = await loadDashboard(api, { branchId });
  if (!answer.ok) throw data({ message: answer.message }, { status: answer.status, headers });
  return data(dashboardScreen(answer.data, user), { headers });
}

export default function Dashboard() {
  const screen = useLoaderData<typeof loader>();
  const admin = useRouteLoaderData<typeof adminLoader>('routes/admin');
  return (
    <section aria-labelledby="dashboard-title" className="grid gap-6">
      <header>
        <h1 id="dashboard-title" className="text-2xl font-semibold tracking-tight">
          Dashboard
        </h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Welcome, {admin?.user.name}
          {admin?.user.branchName ? ` — ${admin.user.branchName}` : ''}.
        </p>
      </header>
      <DashboardBody screen={screen} />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title="Dashboard" heading={() => 'The dashboard could not be loaded'} />;
}
