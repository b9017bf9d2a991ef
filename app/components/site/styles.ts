/** Class names the site's parts share, all drawn from the theme's custom properties (see siteThemeStyle). */

export const container = 'mx-auto w-full max-w-6xl px-4 sm:px-6';

/** A link in running text: the accent colour, underlined. */
export const textLink = 'font-medium text-[var(--site-accent)] underline underline-offset-4 hover:no-underline';

/** A button: a white label on the primary colour. */
export const primaryButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-md bg-[var(--site-primary)] px-5 py-2.5 font-semibold text-white shadow-sm hover:brightness-110';

/** A panel set a little apart from the page: cards, notices, albums. */
export const surface = 'rounded-lg border border-[var(--site-border)] bg-[var(--site-surface)]';

export const mutedText = 'text-[var(--site-muted)]';

/** A section's heading on a page. */
export const sectionHeading = 'text-2xl font-bold tracking-tight sm:text-3xl';
