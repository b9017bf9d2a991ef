import { openConfiguredDatabase } from '../../boot';
import { DatabaseUnavailableError } from '../client';
import { ConfigError, loadEnv, type Env } from '../../env';
import { createLogger } from '../../logger';
import type { Database } from '../client';

/** Runs one maintenance task against the configured database; errors end with one line. */
export async function withDatabase(task: (database: Database, env: Env) => Promise<void>) {
  let database: Database | undefined;
  try {
    const env = loadEnv();
    database = await openConfiguredDatabase(env, createLogger('warn'));
    await task(database, env);
  } catch (error) {
    const known = error instanceof ConfigError || error instanceof DatabaseUnavailableError;
    console.error(known ? (error as Error).message : error);
    process.exitCode = 1;
  } finally {
    await database?.close();
  }
}
