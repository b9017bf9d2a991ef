import { data, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, useLocation } from '@remix-run/react';
import { siteEditorPermissions } from '../../common/contracts/site-content';
import type { PageHandle } from '~/root';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { siteMeta, useSite, type SiteData } from '~/components/site/site-data';
import { PreviewBar, SiteHeader } from '~/components/site/site-header';
import { SiteFooter } from '~/components/site/site-footer';
import { cn } from '~/components/ui/cn';
import { canOpen } from '~/lib/route-registry';
import { siteThemeStyle, withPreviewAddresses } from '~/lib/public-site';
import { signedInAdmin } from '~/services/auth.server';
import { getPublicSite, getSitePreview } from '~/services/site-content.server';

/** The public pages are plain HTML: no script is sent to visitors. */
export const handle: PageHandle = { hydrate: false };

export const meta = siteMeta(null);

/**
 * The institute's public website, loaded once for every page under it. `?preview=1` shows the
 * drafts to a signed-in editor of any of the site's pages; for anyone else it is ignored.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const asksPreview = new URL(request.url).searchParams.get('preview') === '1';
  const admin = asksPreview ? await signedInAdmin(request, context) : null;
  const editor = admin && canOpen({ permissions: siteEditorPermissions }, admin.user) ? admin : null;
  const answer = editor ? await getSitePreview(editor.api) : await getPublicSite(context.api);
  if (!answer.ok) throw data({ message: answer.message }, { status: answer.status, headers: editor?.headers });

  const headers = new Headers(editor?.headers);
  // An address that asks for the preview is never kept by a cache: the same address shows drafts
  // to an editor and the published site to anyone else.
  headers.set('Cache-Control', asksPreview ? 'private, no-store' : 'public, max-age=60');
  const site: SiteData = editor ? { site: withPreviewAddresses(answer.data), preview: true } : { site: answer.data, preview: false };
  return data(site, { headers });
}

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => ({
  'Cache-Control': errorHeaders ? 'no-store' : (loaderHeaders.get('Cache-Control') ?? 'no-store'),
});

const focusRing =
  '[&_:focus-visible]:outline-2 [&_:focus-visible]:outline-offset-2 [&_:focus-visible]:outline-[var(--site-text)] [&_:focus-visible]:outline-solid';

export default function SiteLayout() {
  const { site, preview } = useSite();
  const { pathname, search } = useLocation();
  const published = new URLSearchParams(search);
  published.delete('preview');
  return (
    <div
      data-slot="site"
      style={siteThemeStyle(site.theme)}
      className={cn('flex min-h-svh flex-col bg-[var(--site-bg)] font-[family-name:var(--site-font)] text-[var(--site-text)]', focusRing)}
    >
      {preview ? <PreviewBar publishedHref={published.size > 0 ? `${pathname}?${published}` : pathname} /> : null}
      <SiteHeader header={site.header} preview={preview} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter footer={site.footer} instituteName={site.header.instituteName} preview={preview} />
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 py-10">
      <GeneralErrorBoundary
        title="Our website"
        heading={(status) => (status === 404 ? 'Page not found' : 'This page could not be shown')}
        back={{ href: '/site', label: 'Go to the home page' }}
        statusMessages={{
          404: 'There is no such page on our website.',
          500: 'The website cannot be shown just now. Please try again in a moment.',
          503: 'The website cannot be shown just now. Please try again in a moment.',
        }}
        fallback="The website cannot be shown just now. Please try again in a moment."
      />
    </main>
  );
}
