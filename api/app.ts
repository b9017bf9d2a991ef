import { randomBytes, randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { authConfig, type AuthConfig } from './domain/auth/config';
import type { ApiDeps, ApiEnv } from './http/context';
import { mountEndpoints, type Endpoint } from './http/endpoint';
import { HttpError } from './http/errors';
import { authEndpoints } from './http/auth';
import { healthEndpoints } from './http/health';
import { buildOpenApiDocument } from './http/openapi';
import { permissionEndpoints } from './http/permissions';
import { userEndpoints } from './http/users';

/** Every endpoint of /api/v1, in one list: mounted, documented and walked by the tests. */
export const apiEndpoints: Endpoint<any, any, any>[] = [
  ...healthEndpoints,
  ...authEndpoints,
  ...permissionEndpoints,
  ...userEndpoints,
];

export type Api = ReturnType<typeof createApi>;

/** Without an auth config (tests, tools) tokens are signed with a secret that lives as long as the app. */
export function createApi(
  given: Omit<ApiDeps, 'auth'> & { auth?: AuthConfig },
  endpoints: Endpoint<any, any, any>[] = apiEndpoints,
) {
  const deps: ApiDeps = { ...given, auth: given.auth ?? authConfig(randomBytes(48)) };
  const app = new Hono<ApiEnv>().basePath('/api/v1');

  app.use(async (c, next) => {
    const incoming = c.req.header('X-Request-Id');
    const requestId = incoming && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
    const log = deps.logger.child({ requestId });
    c.set('requestId', requestId);
    c.set('log', log);
    const started = performance.now();
    await next();
    c.header('X-Request-Id', requestId);
    log.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    );
  });

  mountEndpoints(app, deps, endpoints);

  const document = buildOpenApiDocument(endpoints);
  app.get('/openapi.json', (c) => c.json(document));

  app.notFound((c) => c.json({ success: false, message: 'Not found' }, 404));

  app.onError((error, c) => {
    if (error instanceof HttpError) {
      return c.json(
        { success: false, message: error.message, ...error.details },
        error.status as ContentfulStatusCode,
      );
    }
    const requestId = c.get('requestId');
    (c.get('log') ?? deps.logger).error({ err: error, requestId }, 'unhandled error');
    return c.json(
      { success: false, message: 'Something went wrong. Please try again.', requestId },
      500,
    );
  });

  return app;
}
