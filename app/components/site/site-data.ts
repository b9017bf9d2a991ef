import { useRouteLoaderData, type MetaDescriptor, type MetaFunction } from '@remix-run/react';
import type { PublicSiteContent } from '../../../common/contracts/site-content';

/** What the site's layout loads once for every page under it. */
export interface SiteData {
  site: PublicSiteContent;
  /** Whether the page shows the drafts (to an editor) rather than what is published. */
  preview: boolean;
}

export const SITE_ROUTE_ID = 'routes/site';

/** The site's content and whether it is a preview, for any page under the layout. */
export function useSite(): SiteData {
  const loaded = useRouteLoaderData<SiteData>(SITE_ROUTE_ID);
  if (!loaded) throw new Error('useSite is used outside the public site’s layout');
  return loaded;
}

/**
 * A page's title and description, from the institute's name and tagline: "Notices · Shree
 * Institute", or the name alone on the home page. A preview is kept out of search engines.
 */
export function siteMeta(page: string | null): MetaFunction {
  return ({ matches }) => {
    const data = matches.find((match) => match.id === SITE_ROUTE_ID)?.data as SiteData | undefined;
    const header = data?.site.header;
    const name = header?.instituteName ?? 'Our institute';
    const tagline = header?.tagline ?? '';
    const title = page ? `${page} · ${name}` : tagline ? `${name} · ${tagline}` : name;
    const description = tagline ? `${name}: ${tagline}` : `${name}: courses, notices, gallery and downloads.`;
    const tags: MetaDescriptor[] = [{ title }, { name: 'description', content: description }];
    if (data?.site.theme) tags.push({ name: 'theme-color', content: data.site.theme.primary });
    if (data?.preview) tags.push({ name: 'robots', content: 'noindex' });
    return tags;
  };
}
