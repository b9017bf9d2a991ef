import path from 'node:path';
import type { Logger } from 'pino';
import { openDatabase, type Database } from './db/client';
import type { Env } from './env';

/** Opens the configured database and brings its schema up to date. */
export async function openConfiguredDatabase(env: Env, logger: Logger): Promise<Database> {
  const database = env.DATABASE_URL
    ? await openDatabase({ url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE })
    : await openDatabase({ pgliteDir: path.join(env.dataDir, 'db') });
  try {
    await database.migrate();
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  logger.info({ database: database.kind }, 'database ready');
  return database;
}
