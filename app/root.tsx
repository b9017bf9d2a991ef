import type { LinksFunction, LoaderFunctionArgs } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from '@remix-run/react';
import { AuthenticityTokenProvider } from 'remix-utils/csrf/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { useNonce } from '~/components/nonce';
import { SkipLink, useFocusHeadingOnNavigation } from '~/components/skip-link';
import { Toaster, useServerToast } from '~/components/ui/toaster';
import { commitCsrfToken } from '~/services/csrf.server';
import { readTheme } from '~/services/theme.server';
import { readToast } from '~/services/toast.server';
import stylesheet from '~/tailwind.css?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const [{ toast, headers: toastHeaders }, theme, [csrfToken, csrfCookie]] = await Promise.all([
    readToast(request),
    readTheme(request),
    commitCsrfToken(request),
  ]);
  const headers = new Headers(toastHeaders);
  if (csrfCookie) headers.append('Set-Cookie', csrfCookie);
  return data({ toast, theme, csrfToken }, { headers });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const loaderData = useRouteLoaderData<typeof loader>('root');
  const theme = loaderData?.theme ?? 'system';
  const nonce = useNonce();
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
        <Toaster theme={theme} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
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
