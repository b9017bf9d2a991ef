import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, useRouteLoaderData } from '@remix-run/react';
import { routeIcons } from '~/components/app-sidebar/route-icons';
import { ComingSoon } from '~/components/coming-soon';
import { requireAdminRoute } from '~/services/auth.server';
import { homeRouteFor } from '~/lib/route-registry';
import type { loader as adminLoader } from './admin';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.route.title ?? 'Admin' }];

/**
 * Every registry route without a screen of its own yet: the guard first (an unknown path or a
 * missing permission ends at access denied), then an honest "coming soon".
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { route, headers } = await requireAdminRoute(request, context);
  return data({ route: { path: route.path, title: route.title, group: route.group ?? null, icon: route.icon } }, { headers });
}

export default function NotBuiltYet() {
  const { route } = useLoaderData<typeof loader>();
  const admin = useRouteLoaderData<typeof adminLoader>('routes/admin');
  const home = admin ? homeRouteFor(admin.user) : undefined;
  return (
    <ComingSoon
      title={route.title}
      group={route.group}
      icon={routeIcons[route.icon]}
      backTo={home && home.path !== route.path ? { href: home.path, label: `Back to ${home.title}` } : undefined}
    />
  );
}
