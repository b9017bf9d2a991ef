import type { Context } from 'hono';
import type { ApiEnv } from './context';
import { badRequest } from './errors';

/** The ETag of a stream-backed resource: its version, quoted. */
export const versionTag = (version: number) => `"${version}"`;

/**
 * The version a client last read, from `If-Match: "<version>"` (a weak tag or a bare number too);
 * undefined without the header or with `*`.
 */
export function ifMatchVersion(c: Context<ApiEnv>): number | undefined {
  const header = c.req.header('If-Match')?.trim();
  if (!header || header === '*') return undefined;
  const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(header);
  if (!match) throw badRequest('If-Match must be the version of the record, such as "3"');
  return Number(match[1]);
}
