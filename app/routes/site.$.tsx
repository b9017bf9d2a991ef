import { data } from '@remix-run/node';
import { EmptyState, SitePage } from '~/components/site/page';
import { siteMeta, useSite } from '~/components/site/site-data';
import { textLink } from '~/components/site/styles';
import { siteHref } from '~/lib/public-site';

export const meta = siteMeta('Page not found');

/** An address under /site that is no page of it: answered 404, inside the site's own header and footer. */
export const loader = () => data(null, { status: 404 });

export default function SiteNotFound() {
  const { preview } = useSite();
  return (
    <SitePage title="Page not found">
      <EmptyState>
        There is no such page on our website.{' '}
        <a href={siteHref('/site', preview)} className={textLink}>
          Go to the home page
        </a>
      </EmptyState>
    </SitePage>
  );
}
