import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useRouteLoaderData } from '@remix-run/react';
import { ShortcutKeys } from '~/components/shortcut-keys';
import { Button } from '~/components/ui/button';
import { ShieldXIcon } from '~/components/ui/icons';
import { requireAdmin } from '~/services/auth.server';
import { homeRouteFor } from '~/lib/route-registry';
import type { loader as adminLoader } from './admin';

export const meta: MetaFunction = () => [{ title: 'Access denied' }];

/** Open to every signed-in admin: where the guards send a page the user may not open. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { headers } = await requireAdmin(request, context);
  return data(null, { headers });
}

export default function AccessDenied() {
  const admin = useRouteLoaderData<typeof adminLoader>('routes/admin');
  const home = admin ? homeRouteFor(admin.user) : undefined;
  return (
    <section aria-labelledby="access-denied-title" className="grid flex-1 place-items-center py-12">
      <div className="max-w-md text-center">
        <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-destructive/10">
          <ShieldXIcon aria-hidden="true" className="size-7 text-destructive" />
        </div>
        <h1 id="access-denied-title" className="mt-4 text-2xl font-semibold tracking-tight">
          Access denied
        </h1>
        <p className="mt-2 text-muted-foreground">
          You do not have permission to open that page, or it does not exist. If you need it, ask an administrator to grant access, then
          choose Refresh Permissions in your account menu.
        </p>
        <div className="mt-6 flex flex-col items-center gap-3">
          {home ? (
            <Button asChild>
              <Link to={home.path}>{home.path === '/admin' ? 'Back to the dashboard' : `Go to ${home.title}`}</Link>
            </Button>
          ) : null}
          <p className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
            Or find a page you may open with <ShortcutKeys keys="mod+k" />
          </p>
        </div>
      </div>
    </section>
  );
}
