import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useRouteLoaderData } from '@remix-run/react';
import { requireAdminRoute } from '~/services/auth.server';
import type { loader as adminLoader } from './admin';

export const meta: MetaFunction = () => [{ title: 'Dashboard' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { headers } = await requireAdminRoute(request, context);
  return data(null, { headers });
}

export default function Dashboard() {
  const admin = useRouteLoaderData<typeof adminLoader>('routes/admin');
  return (
    <section>
      <h1 className="text-2xl font-semibold">Dashboard</h1>
      <p className="mt-1 text-muted-foreground">
        Welcome, {admin?.user.name}
        {admin?.user.branchName ? ` — ${admin.user.branchName}` : ''}.
      </p>
    </section>
  );
}
