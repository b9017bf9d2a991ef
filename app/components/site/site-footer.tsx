import type { PublicSiteContent } from '../../../common/contracts/site-content';
import { cn } from '~/components/ui/cn';
import { MapPinIcon } from '~/components/ui/icons';
import { siteHref } from '~/lib/public-site';
import { container, mutedText, textLink } from './styles';

/** The footer of every page: the institute's columns of links, its address and the copyright line. */
export function SiteFooter({
  footer,
  instituteName,
  preview,
}: {
  footer: PublicSiteContent['footer'];
  instituteName: string;
  preview: boolean;
}) {
  const copyright = footer.copyright || `© ${new Date().getFullYear()} ${instituteName}`;
  const hasPlace = Boolean(footer.address || footer.mapLink);
  return (
    <footer data-slot="site-footer" className="mt-16 border-t border-[var(--site-border)] bg-[var(--site-surface)]">
      {footer.columns.length > 0 || hasPlace ? (
        <div className={cn(container, 'grid gap-8 py-10 sm:grid-cols-2 lg:grid-cols-4')}>
          {footer.columns.map((column) => (
            <section key={column.id} aria-labelledby={`footer-${column.id}`}>
              <h2 id={`footer-${column.id}`} className="font-semibold">
                {column.title}
              </h2>
              <ul className="mt-3 grid gap-2">
                {column.links.map((link) => (
                  <li key={`${link.label}-${link.href}`}>
                    <a href={siteHref(link.href, preview)} className="underline-offset-4 hover:underline">
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ))}
          {hasPlace ? (
            <section aria-labelledby="footer-visit">
              <h2 id="footer-visit" className="font-semibold">
                Visit us
              </h2>
              {footer.address ? <address className="mt-3 whitespace-pre-line not-italic">{footer.address}</address> : null}
              {footer.mapLink ? (
                <a href={footer.mapLink} rel="noopener" className={cn(textLink, 'mt-3 inline-flex items-center gap-1.5')}>
                  <MapPinIcon className="size-4" />
                  Open in maps
                </a>
              ) : null}
            </section>
          ) : null}
        </div>
      ) : null}
      <div className="border-t border-[var(--site-border)]">
        <p className={cn(container, 'py-5 text-sm', mutedText)}>{copyright}</p>
      </div>
    </footer>
  );
}
