import type { Env, Hono } from 'hono';
import { LocalObjectStorage } from './local-storage';
import type { ObjectStorage } from './object-storage';

/**
 * Serves the built-in store's signed addresses from the /api/v1 app, so the one process (and the
 * in-process transport) reaches them. They carry no bearer token: the signature is the
 * permission. S3 serves its own addresses, so nothing is mounted for it.
 */
export function mountStorageRoutes<E extends Env>(app: Hono<E>, storage: ObjectStorage): void {
  if (!(storage instanceof LocalObjectStorage)) return;
  app.put('/storage/objects/*', (c) => storage.receive(c.req.raw));
  app.on(['GET', 'HEAD'], '/storage/objects/*', (c) => storage.serve(c.req.raw));
}
