import type { MetaFunction } from '@remix-run/node';
import { useRouteLoaderData } from '@remix-run/react';
import type { loader as adminLoader } from './admin';

export const meta: MetaFunction = () => [{ title: 'Dashboard' }];

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
