/** A path on this site, or the fallback: browsers strip tabs and newlines, so parse, then compare origins. */
export function safeRedirectTo(value: string | null | undefined, fallback: string): string {
  if (!value || !value.startsWith('/')) return fallback;
  const base = 'http://same-origin.invalid';
  try {
    const url = new URL(value, base);
    return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : fallback;
  } catch {
    return fallback;
  }
}
