import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { panelPaths } from '~/components/super-admin/panel-nav';

/** The panel opens on User Management; a query (a search from the palette) goes along. */
export function loader({ request }: LoaderFunctionArgs) {
  const { search } = new URL(request.url);
  return redirect(`${panelPaths.users}${search}`);
}
