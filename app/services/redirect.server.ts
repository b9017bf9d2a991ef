/**
 * Where to send the browser after a sign-in or a form: `value` when it is a path on this site
 * under `area`, else the fallback. Browsers strip tabs and newlines and read `\` as `/`, so the
 * value is parsed as they would, and the normalised path judged: one that starts with `//`
 * (from `/.//host`, `/%2e//host`, `/admin/..//host`) would be sent as a host of its own.
 */
export function safeRedirectTo(value: string | null | undefined, fallback: string, area = '/'): string {
  if (!value || !value.startsWith('/')) return fallback;
  const base = 'http://same-origin.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base || url.pathname.startsWith('//')) return fallback;
  const within = area === '/' || url.pathname === area || url.pathname.startsWith(`${area.replace(/\/$/, '')}/`);
  return within ? `${url.pathname}${url.search}${url.hash}` : fallback;
}
