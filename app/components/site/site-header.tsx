import { useLocation } from '@remix-run/react';
import { socialNetworkNames, type PublicSiteContent } from '../../../common/contracts/site-content';
import { cn } from '~/components/ui/cn';
import { MenuIcon } from '~/components/ui/icons';
import { SITE_PATH, siteHref } from '~/lib/public-site';
import { SiteImage } from './site-image';
import { container, mutedText } from './styles';

type Header = PublicSiteContent['header'];

/** The site's own pages, offered while the institute has not set a menu of its own. */
const defaultMenu = [
  { id: 'home', label: 'Home', href: SITE_PATH },
  { id: 'notices', label: 'Notices', href: `${SITE_PATH}/notices` },
  { id: 'gallery', label: 'Gallery', href: `${SITE_PATH}/gallery` },
  { id: 'downloads', label: 'Downloads', href: `${SITE_PATH}/downloads` },
];

/** The institute's contacts and social links on a strip of the primary colour. */
function ContactStrip({ header }: { header: Header }) {
  if (!header.phone && !header.email && header.social.length === 0) return null;
  return (
    <div data-slot="site-contact-strip" className="bg-[var(--site-primary)] text-sm text-white">
      <div className={cn(container, 'flex flex-wrap items-center justify-between gap-x-6 gap-y-1 py-2')}>
        <p className="flex flex-wrap gap-x-5 gap-y-1">
          {header.phone ? (
            <a className="underline-offset-4 hover:underline" href={`tel:${header.phone.replace(/[^\d+]/g, '')}`}>
              <span className="sr-only">Phone: </span>
              {header.phone}
            </a>
          ) : null}
          {header.email ? (
            <a className="underline-offset-4 hover:underline" href={`mailto:${header.email}`}>
              <span className="sr-only">Email: </span>
              {header.email}
            </a>
          ) : null}
        </p>
        {header.social.length > 0 ? (
          <ul aria-label="Follow us" className="flex flex-wrap gap-x-4 gap-y-1">
            {header.social.map((link) => (
              <li key={link.network}>
                <a className="underline underline-offset-4 hover:no-underline" href={link.url} rel="noopener">
                  {socialNetworkNames[link.network]}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}

/** Whether a menu link is the page being shown; a link to a part of a page (`/site#about`) never is. */
function isCurrent(href: string, pathname: string) {
  if (href.includes('#')) return false;
  const path = href.split('?', 1)[0];
  return path === pathname || (path === SITE_PATH && pathname === `${SITE_PATH}/`);
}

/**
 * The header of every page: contacts, the logo and name, the menu. On a phone the menu folds into
 * a disclosure that opens without any script.
 */
export function SiteHeader({ header, preview }: { header: Header; preview: boolean }) {
  const { pathname } = useLocation();
  const menu = header.menu.length > 0 ? header.menu : defaultMenu;
  const links = (className: string) =>
    menu.map((item) => {
      const current = isCurrent(item.href, pathname);
      return (
        <li key={item.id}>
          <a
            href={siteHref(item.href, preview)}
            aria-current={current ? 'page' : undefined}
            className={cn(className, current && 'underline decoration-[var(--site-primary)] decoration-2 underline-offset-8')}
          >
            {item.label}
          </a>
        </li>
      );
    });
  return (
    <header data-slot="site-header" className="border-b border-[var(--site-border)]">
      <ContactStrip header={header} />
      <div className={cn(container, 'flex items-center gap-4 py-4')}>
        <a href={siteHref(SITE_PATH, preview)} className="flex min-w-0 items-center gap-3 rounded-md">
          {header.logo ? (
            <SiteImage
              src={header.logo}
              imageSizes={header.imageSizes}
              sizes="(min-width: 640px) 56px, 48px"
              alt=""
              width={56}
              height={56}
              load="eager"
              className="size-12 shrink-0 object-contain sm:size-14"
            />
          ) : null}
          <span className="min-w-0">
            <span className="block text-lg leading-tight font-bold sm:text-xl">{header.instituteName}</span>
            {header.tagline ? <span className={cn('block text-sm', mutedText)}>{header.tagline}</span> : null}
          </span>
        </a>
        <nav aria-label="Main" className="ml-auto">
          <details className="relative md:hidden">
            <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-md border border-[var(--site-border)] px-3 font-medium [&::-webkit-details-marker]:hidden">
              <MenuIcon className="size-5" />
              Menu
            </summary>
            <ul className="absolute right-0 z-20 mt-2 grid w-60 gap-1 rounded-lg border border-[var(--site-border)] bg-[var(--site-bg)] p-2 shadow-lg">
              {links('block rounded-md px-3 py-2.5 font-medium hover:bg-[var(--site-surface)]')}
            </ul>
          </details>
          <ul className="hidden flex-wrap items-center justify-end gap-x-1 gap-y-1 md:flex">
            {links('block rounded-md px-3 py-2 font-medium hover:bg-[var(--site-surface)]')}
          </ul>
        </nav>
      </div>
    </header>
  );
}

/** Says plainly that the page shows drafts, and leads back to what visitors see. */
export function PreviewBar({ publishedHref }: { publishedHref: string }) {
  return (
    <div data-slot="site-preview-bar" className="bg-amber-300 text-black">
      <div className={cn(container, 'flex flex-wrap items-center justify-between gap-x-6 gap-y-1 py-2 text-sm')}>
        <p className="font-semibold">Preview of unpublished drafts: visitors do not see these changes until they are published.</p>
        <a href={publishedHref} className="font-medium underline underline-offset-4 hover:no-underline">
          See the published site
        </a>
      </div>
    </div>
  );
}
