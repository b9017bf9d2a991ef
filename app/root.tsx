import type { LinksFunction, LoaderFunctionArgs } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData } from '@remix-run/react';
import { AuthenticityTokenProvider } from 'remix-utils/csrf/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { useNonce } from '~/components/nonce';
import { SkipLink, useFocusHeadingOnNavigation } from '~/components/skip-link';
import { Toaster, useServerToast } from '~/components/ui/toaster';
import { commitCsrfToken } from '~/services/csrf.server';
import { isSitePath } from '~/lib/site-paths';
import { readTheme } from '~/services/theme.server';
import { readToast } from '~/services/toast.server';
import stylesheet from '~/tailwind.css?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/** A route that needs no script in the browser sets `handle = { hydrate: false }`: its page is served as HTML alone. */
export interface PageHandle {
  hydrate?: boolean;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const [{ toast, headers: toastHeaders }, theme, [csrfToken, csrfCookie]] = await Promise.all([
    readToast(request),
    readTheme(request),
    // The public site's pages hold no form and may be kept by shared caches, so they are given no
    // CSRF cookie: one kept answer would otherwise hand every visitor the same token.
    isSitePath(new URL(request.url).pathname) ? (['', null] as const) : commitCsrfToken(request),
  ]);
  const headers = new Headers(toastHeaders);
  if (csrfCookie) headers.append('Set-Cookie', csrfCookie);
  return data({ toast, theme, csrfToken }, { headers });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const loaderData = useRouteLoaderData<typeof loader>('root');
  const theme = loaderData?.theme ?? 'system';
  const nonce = useNonce();
  const hydrate = !useMatches().some((match) => (match.handle as PageHandle | undefined)?.hydrate === false);
  return (
    <html lang="en" data-theme={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-svh">
        <SkipLink />
        {children}
        {hydrate ? (
          <>
            <Toaster theme={theme} />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  const loaderData = useRouteLoaderData<typeof loader>('root');
  useServerToast(loaderData?.toast ?? null);
  useFocusHeadingOnNavigation();
  return (
    <AuthenticityTokenProvider token={loaderData?.csrfToken ?? ''}>
      <Outlet />
    </AuthenticityTokenProvider>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary fullScreen />;
}
