import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { rebuildPending } from './rebuild';
import { listenEmbedded, listenOnServer, type ChannelListener, type Subscription } from './notifications';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that runs SQL: the database itself or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Hears NOTIFY on `channel` until the database is closed. */
  listen(channel: string, listener: ChannelListener): void;
  close(): Promise<void>;
}

/** Beside this module: api/db/migrations, or build/migrations next to the bundled host (`npm run build` copies them). */
export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The database cannot be opened, reached or migrated; the message is one line for the operator. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

export type DatabaseTarget = { url: string; poolSize?: number } | { pgliteDir: string } | { pglite: PGlite };

/**
 * Embedded PostgreSQL with the extensions the migrations create (pg_trgm for record search).
 * Loaded on first use: a server on PostgreSQL never needs it.
 */
export async function createPglite(options: Omit<PGliteOptions, 'extensions'>): Promise<PGlite> {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  return PGlite.create({ ...options, extensions: { pg_trgm } });
}

/** Opens PostgreSQL (a server URL) or embedded PGlite and proves it answers. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ('url' in target) return openPostgres(target.url, target.poolSize ?? 10);
  if ('pglite' in target) return wrapPglite(target.pglite);
  let client: PGlite;
  try {
    await mkdir(target.pgliteDir, { recursive: true });
    client = await createPglite({ dataDir: target.pgliteDir });
  } catch (error) {
    throw new DatabaseUnavailableError(`Cannot open the embedded database in ${target.pgliteDir}: ${describe(error)}`);
  }
  return wrapPglite(client);
}

async function wrapPglite(client: PGlite): Promise<Database> {
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const subscriptions: Subscription[] = [];
  return {
    db,
    kind: 'pglite',
    migrate: () => migrateAndCatchUp(db, () => migratePglite(db as never, { migrationsFolder })),
    listen: (channel, listener) => void subscriptions.push(listenEmbedded(client, channel, listener)),
    async close() {
      await Promise.all(subscriptions.splice(0).map((subscription) => subscription.close()));
      await client.close();
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A connection can end at any moment (a server restart, pg_terminate_backend, a network cut).
  // The pool hears it for idle clients; a client checked out by a transaction hears it itself,
  // and an unheard 'error' event ends the process. Either way the query in flight fails on its
  // own, and the pool discards the broken client when it is released.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => {});
    throw new DatabaseUnavailableError(`Cannot reach the database at ${redact(url)}: ${describe(error)}`);
  }
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const listener = listenOnServer(url);
  return {
    db,
    kind: 'postgres',
    migrate: () => migrateAndCatchUp(db, () => migratePg(db as never, { migrationsFolder })),
    listen: (channel, channelListener) => listener.listen(channel, channelListener),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

/**
 * Applies the pending migrations, then folds the log into any projection they added
 * (rebuildPending). A failed rebuild is not a failed migration: the migrations stay applied and
 * the rebuild stays pending, so it is told apart.
 */
async function migrateAndCatchUp(db: Db, migrate: () => Promise<void>) {
  try {
    await migrate();
  } catch (error) {
    throw new DatabaseUnavailableError(`Cannot migrate the database: ${describe(causeOf(error))}`);
  }
  try {
    await rebuildPending(db);
  } catch (error) {
    throw new DatabaseUnavailableError(`Cannot rebuild the read tables a migration added: ${describe(causeOf(error))}`);
  }
}

/** The driver's error behind a failed query: drizzle wraps it, with the statement and its values, as the cause. */
function causeOf(error: unknown): unknown {
  return (error as { cause?: unknown }).cause ?? error;
}

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the configured URL';
  }
}

function describe(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length) return describe(error.errors[0]);
  if (error instanceof Error) return error.message || (error as NodeJS.ErrnoException).code || error.name;
  return String(error);
}
