import { createRequestHandler } from '@remix-run/express';
import type { ServerBuild } from '@remix-run/node';
import { getRequestListener } from '@hono/node-server';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import compression from 'compression';
import express from 'express';
import { createApi } from './api/app';
import { openConfiguredDatabase } from './api/boot';
import { DatabaseUnavailableError } from './api/db/client';
import { authConfig } from './api/domain/auth/config';
import { loadSecret } from './api/secrets';
import { ensureReferenceData } from './api/db/reference-data';
import { seedIfEmpty } from './api/db/seed';
import { ConfigError, loadEnv } from './api/env';
import { systemClock } from './api/domain/clock';
import { createLogger } from './api/logger';
import { createObjectStorage } from './api/storage';
import { jobKinds } from './api/jobs/kinds';
import { createJobRunner } from './api/jobs/runner';
import { inProcessTransport, httpTransport } from './app/services/api-transport.server';
import { isSitePath } from './app/lib/site-paths';
import { loggingAnswers } from './api/http/answer-log';
import { admitBody, FORM_WITH_FILES_BYTES, isMultipart, refusalOf } from './api/http/body-limits';

/** The one page shown framed, inside its own editor: a marksheet template's preview. */
const FRAMED_BY_OWN_PAGES = /^\/admin\/exam\/templates\/[^/]+\/preview$/;

/**
 * The web tier reads any body but a multipart one whole (request.formData()), so it is held to
 * the API's limits, and to the process's budget of bodies in flight, before a byte is read.
 * Browsers send a form's length; a body without one is refused rather than counted.
 */
const limitWebBody: express.RequestHandler = (req, res, next) => {
  if (req.headers['transfer-encoding'] !== undefined && req.headers['content-length'] === undefined) {
    res.status(411).type('text/plain').send('A request body must declare its length');
    return;
  }
  const contentType = req.headers['content-type'];
  const admission = admitBody(
    { contentType, contentLength: req.headers['content-length'], chunked: false },
    { maxBytes: FORM_WITH_FILES_BYTES, decodedAsText: !isMultipart(contentType) },
  );
  if (admission.kind === 'admitted') {
    res.on('close', admission.release);
    next();
    return;
  }
  const refusal = refusalOf(admission);
  res.status(refusal.status).set(refusal.headers).type('text/plain').send(refusal.message);
};

async function main() {
  const env = loadEnv();
  const logger = createLogger(env.LOG_LEVEL);
  const database = await openConfiguredDatabase(env, logger);
  if (env.SEED_ON_EMPTY) await seedIfEmpty(database.db, systemClock, (line) => console.log(line), env.SEED_INSTITUTE);
  await ensureReferenceData(database.db, systemClock);

  const auth = authConfig(
    await loadSecret(env.dataDir, 'jwt-secret', env.JWT_SECRET),
    env.ACCESS_TOKEN_TTL_SECONDS ? { accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS } : {},
  );
  // The web tier signs its cookies with this; it reads it from the environment.
  process.env.SESSION_SECRET = await loadSecret(env.dataDir, 'session-secret', env.SESSION_SECRET);
  const storage = await createObjectStorage(env, systemClock);
  logger.info({ storage: storage.kind }, 'file storage ready');
  const api = createApi({ database, logger, clock: systemClock, auth, storage, trustProxy: env.TRUST_PROXY, publicUrl: env.PUBLIC_URL });
  const jobs = createJobRunner({ database, clock: systemClock, logger, kinds: jobKinds({ database, storage, logger }) });
  jobs.start();
  const fetchApi = env.API_ANSWER_LOG ? loggingAnswers(api.fetch, env.API_ANSWER_LOG) : api.fetch;
  const apiListener = getRequestListener(fetchApi);
  const transportFor = env.API_URL ? httpTransport(env.API_URL) : inProcessTransport(fetchApi);

  const webLog = logger.child({ tier: 'web' });

  const production = env.NODE_ENV === 'production';
  const viteDevServer = production
    ? undefined
    : await import('vite').then((vite) => vite.createServer({ server: { middlewareMode: true } }));

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', env.TRUST_PROXY);
  app.use((req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    // A template's preview is shown inside its own editor; nothing else is framed, by anyone.
    res.setHeader('X-Frame-Options', FRAMED_BY_OWN_PAGES.test(req.path) ? 'SAMEORIGIN' : 'DENY');
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    if (production) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    next();
  });
  // A handler goes on after its client has gone (the client gave up, the connection dropped), so
  // closing the server's connections does not mean the work is done: the database closes after
  // the last handler.
  const running = new Set<Promise<unknown>>();
  const tracked = (work: Promise<unknown>) => {
    const done = work.finally(() => running.delete(done));
    running.add(done);
  };
  // Hono keeps its /api/v1 base path only when Express hands it the untouched URL.
  app.use((req, res, next) => (req.url.startsWith('/api/v1') ? tracked(apiListener(req, res)) : next()));
  app.use(compression());

  if (viteDevServer) {
    app.use(viteDevServer.middlewares);
  } else {
    app.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y' }));
    app.use(express.static('build/client', { maxAge: '1h' }));
  }

  // Pages and their data speak of the signed-in user: no cache keeps them. Only the fingerprinted
  // assets above are cached for long, and the public site's pages, which say for themselves how
  // long they may be kept (app/routes/site.tsx).
  app.use((req, res, next) => {
    if (!isSitePath(req.path)) res.setHeader('Cache-Control', 'no-store');
    next();
  });
  app.use(limitWebBody);

  const build = viteDevServer
    ? () => viteDevServer.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>
    : ((await import(pathToFileURL(path.resolve('build/server/index.js')).href)) as ServerBuild);

  const remixHandler = createRequestHandler({
    build,
    mode: env.NODE_ENV,
    getLoadContext: (req) => ({ api: transportFor(req.ip ?? 'unknown'), log: webLog }),
  });
  app.all('*', (req, res, next) => tracked(remixHandler(req, res, next)));

  const server = app.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : env.PORT;
    logger.info({ port }, 'listening');
    console.log(`Institute admin is serving at http://localhost:${port}`);
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // The job in hand goes back to the queue at its next chunk, for the next process to take.
    const jobsStopped = jobs.stop();
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close(async () => {
      await viteDevServer?.close();
      await Promise.allSettled([...running, jobsStopped]);
      await database.close();
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  // The host owns the process's end. In development Vite (the Remix plugin's compiler) has its own
  // SIGTERM handler that exits as soon as Vite is closed, before the database is.
  process.removeAllListeners('SIGTERM');
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DatabaseUnavailableError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
