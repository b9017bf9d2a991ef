/** The institute's public website lives under this path; the host and the root route both ask whether a request is for it. */
export const SITE_PATH = '/site';

/** Whether a path is a page of the public site (`/site`, `/site/notices`…). */
export const isSitePath = (pathname: string) => pathname === SITE_PATH || pathname.startsWith(`${SITE_PATH}/`);
