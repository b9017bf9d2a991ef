import { randomBytes, randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { createCallers } from './domain/auth/callers';
import { createSettings } from './domain/settings';
import { authConfig, type AuthConfig } from './domain/auth/config';
import type { ApiDeps, ApiEnv } from './http/context';
import { mountEndpoints, type Endpoint } from './http/endpoint';
import { isConnectionLoss, isUniqueViolation } from './db/errors';
import { DomainError } from './domain/errors';
import { HttpError, statusOfDomainError } from './http/errors';
import { authEndpoints } from './http/auth';
import { healthEndpoints } from './http/health';
import { buildOpenApiDocument } from './http/openapi';
import { dynamicDataEndpoints } from './http/dynamic-data';
import { dynamicFormEndpoints } from './http/dynamic-forms';
import { formOptionEndpoints } from './http/form-options';
import { courseCategoryEndpoints } from './http/course-categories';
import { dashboardEndpoints } from './http/dashboard';
import { coursePaperEndpoints } from './http/course-papers';
import { uploadEndpoints } from './http/uploads';
import type { ObjectStorage } from './storage/object-storage';
import { temporaryObjectStorage } from './storage';
import { mountStorageRoutes } from './storage/routes';
import { walletEndpoints } from './http/wallet';
import { permissionEndpoints } from './http/permissions';
import { userEndpoints } from './http/users';
import { accessChangeEndpoints } from './http/access-changes';
import { importEndpoints } from './http/imports';
import { recordResourceEndpoints } from './http/record-resources';
import { resultEndpoints } from './http/results';
import { examResultEndpoints } from './http/exam-results';
import { settingsEndpoints } from './http/settings';
import { mountSiteFiles, siteContentEndpoints } from './http/site-content';
import { documentEndpoints, VERIFICATION_LIMIT } from './http/documents';
import { marksheetTemplateEndpoints } from './http/marksheet-templates';
import { certificateFormatEndpoints } from './http/certificate-formats';
import { certificateEndpoints } from './http/certificates';
import { invoiceEndpoints } from './http/invoices';
import { jobEndpoints } from './http/jobs';
import { fixedWindowLimiter } from './http/rate-limit';

/** Every endpoint of /api/v1, in one list: mounted, documented and walked by the tests. */
export const apiEndpoints: Endpoint[] = [
  ...healthEndpoints,
  ...authEndpoints,
  ...permissionEndpoints,
  ...userEndpoints,
  ...accessChangeEndpoints,
  ...importEndpoints,
  ...dynamicFormEndpoints,
  ...dynamicDataEndpoints,
  ...formOptionEndpoints,
  ...courseCategoryEndpoints,
  ...recordResourceEndpoints,
  ...resultEndpoints,
  ...examResultEndpoints,
  ...documentEndpoints,
  ...marksheetTemplateEndpoints,
  ...certificateFormatEndpoints,
  ...certificateEndpoints,
  ...settingsEndpoints,
  ...siteContentEndpoints,
  ...dashboardEndpoints,
  ...coursePaperEndpoints,
  ...walletEndpoints,
  ...uploadEndpoints,
  ...invoiceEndpoints,
  ...jobEndpoints,
];

export type Api = ReturnType<typeof createApi>;

/** The methods each path of the API answers, for a 405's Allow. */
function allowedMethods(endpoints: Endpoint[]) {
  const routes = endpoints.map((endpoint) => ({
    pattern: new RegExp(`^/api/v1${endpoint.path.replace(/:\w+/g, '[^/]+')}/?$`),
    method: endpoint.method.toUpperCase(),
  }));
  return (path: string) => {
    const methods = new Set(routes.filter((route) => route.pattern.test(path)).map((route) => route.method));
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods];
  };
}

export const apiContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'";

/**
 * Without an auth config (tests, tools) tokens are signed with a secret that lives as long as the
 * app; without a storage, files go to a temporary folder of the app's own.
 */
export function createApi(
  given: Omit<ApiDeps, 'auth' | 'storage' | 'callers' | 'settings' | 'verificationLimit'> & { auth?: AuthConfig; storage?: ObjectStorage },
  endpoints: Endpoint[] = apiEndpoints,
) {
  const deps: ApiDeps = {
    ...given,
    auth: given.auth ?? authConfig(randomBytes(48)),
    storage: given.storage ?? temporaryObjectStorage(given.clock),
    callers: createCallers(given.database),
    settings: createSettings(given.database),
    verificationLimit: fixedWindowLimiter(VERIFICATION_LIMIT),
  };
  const app = new Hono<ApiEnv>().basePath('/api/v1');

  app.use(async (c, next) => {
    const incoming = c.req.header('X-Request-Id');
    const requestId = incoming && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
    const log = deps.logger.child({ requestId });
    c.set('requestId', requestId);
    c.set('log', log);
    const started = performance.now();
    // Answers are data, not pages: opened in a browser they run and frame nothing. The headers are
    // given before the answer is made; set on a made answer, each would rebuild it as a web Response.
    c.header('X-Request-Id', requestId);
    c.header('Content-Security-Policy', apiContentSecurityPolicy);
    // Answers speak of one caller's data, and many carry tokens: no cache, shared or private, keeps them.
    c.header('Cache-Control', 'no-store');
    await next();
    // An answer a route made whole (a file from the built-in store) has not taken them, and brings
    // a policy of its own.
    if (!c.res.headers.has('X-Request-Id')) {
      c.header('X-Request-Id', requestId);
      if (!c.res.headers.has('Content-Security-Policy')) c.header('Content-Security-Policy', apiContentSecurityPolicy);
    }
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
  mountStorageRoutes(app, deps.storage);
  mountSiteFiles(app, deps);

  const document = buildOpenApiDocument(endpoints);
  app.get('/openapi.json', (c) => c.json(document));

  const allowed = allowedMethods(endpoints);
  app.notFound((c) => {
    // A path the API serves, asked with a method it does not serve there.
    const methods = allowed(c.req.path);
    if (!methods.length) return c.json({ success: false, message: 'Not found' }, 404);
    c.header('Allow', methods.join(', '));
    return c.json({ success: false, message: `Method not allowed: use ${methods.join(', ')}` }, 405);
  });

  app.onError((error, c) => {
    if (error instanceof HttpError) {
      return c.json({ success: false, message: error.message, ...error.details }, error.status as ContentfulStatusCode);
    }
    if (error instanceof DomainError) {
      return c.json(
        {
          success: false,
          message: error.message,
          ...(error.errors ? { errors: error.errors } : {}),
          ...(error.data ? { data: error.data } : {}),
        },
        statusOfDomainError[error.kind],
      );
    }
    // A unique key decided a race the command's own check could not see (two identical
    // creations at once): the loser changed nothing, so it is a conflict, not a crash.
    if (isUniqueViolation(error)) {
      return c.json({ success: false, message: 'This record already exists or was changed at the same time' }, 409);
    }
    const requestId = c.get('requestId');
    if (isConnectionLoss(error)) {
      (c.get('log') ?? deps.logger).warn({ err: error, requestId }, 'database connection lost');
      c.header('Retry-After', '1');
      return c.json({ success: false, message: 'The database could not be reached. Please try again.', requestId }, 503);
    }
    (c.get('log') ?? deps.logger).error({ err: error, requestId }, 'unhandled error');
    return c.json({ success: false, message: 'Something went wrong. Please try again.', requestId }, 500);
  });

  return app;
}
