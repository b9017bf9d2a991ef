import type { Context } from 'hono';
import type { ApiDeps, ApiEnv } from './context';

/** The origin links printed on documents start with: the public address when it is set, else the one the request came to. */
export const printedOrigin = (c: Context<ApiEnv>, deps: ApiDeps) => deps.publicUrl ?? new URL(c.req.url).origin;
