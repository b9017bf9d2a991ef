import type { CSSProperties } from 'react';
import { siteFileKey, type PublicSiteContent } from '../../common/contracts/site-content';
import { modeTextColour } from '../../common/site-theme';
import { isSitePath } from './site-paths';

export { SITE_PATH } from './site-paths';

/** Whether an address is one of the public site's own pages, which a preview keeps in preview. */
const isSitePage = (href: string) => isSitePath(href.split(/[?#]/, 1)[0]!);

/**
 * A link as a page of the site gives it: in a preview, a link to another page of the site stays
 * in the preview, so an editor can walk the drafts; anything else is left as it is.
 */
export function siteHref(href: string, preview: boolean): string {
  if (!preview || !isSitePage(href)) return href;
  const [path, hash = ''] = href.split('#', 2) as [string, string?];
  return `${path}${path.includes('?') ? '&' : '?'}preview=1${hash ? `#${hash}` : ''}`;
}

/**
 * A draft's uploads are not public until they are published: each address of one becomes the
 * admin area's way to a stored file, which opens it to the signed-in editor. A section's image
 * sizes are found by the address, so the names of their entries change with it.
 */
export function withPreviewAddresses<T>(value: T): T {
  if (typeof value === 'string') {
    const key = siteFileKey(value);
    return (key ? `/resources/uploads?key=${encodeURIComponent(key)}` : value) as T;
  }
  if (Array.isArray(value)) return value.map(withPreviewAddresses) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, inner]) => [withPreviewAddresses(name), withPreviewAddresses(inner)])) as T;
  }
  return value;
}

/**
 * The theme as CSS custom properties on the layout's root, which the components read through
 * Tailwind's arbitrary values (`bg-[var(--site-primary)]`): the editor's preview and the visitor's
 * page are drawn by the same rules. Softer text and surfaces are mixed from the text colour and
 * the background, so they follow either mode.
 */
export function siteThemeStyle(theme: PublicSiteContent['theme']): CSSProperties {
  const text = modeTextColour[theme.mode];
  const mix = (share: number) => `color-mix(in srgb, ${text} ${share}%, ${theme.background})`;
  return {
    '--site-primary': theme.primary,
    '--site-accent': theme.accent,
    '--site-bg': theme.background,
    '--site-text': text,
    '--site-muted': mix(75),
    '--site-surface': mix(5),
    '--site-border': mix(18),
    '--site-font': theme.fontStack,
    colorScheme: theme.mode,
  } as CSSProperties;
}
