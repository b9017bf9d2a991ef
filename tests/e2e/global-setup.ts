import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startServer } from '../support/server-process';

/**
 * Starts the production build (`server.ts` with NODE_ENV=production) on a free port with a fresh
 * database, waits until /api/v1/health answers, and hands its address to the tests through
 * E2E_BASE_URL. The returned function stops the server and throws the database away.
 *
 * Without DATABASE_URL the server gets a new temporary DATA_DIR (embedded PGlite). With
 * DATABASE_URL, a database with a unique name is created on that server for this run only.
 */
export default async function globalSetup() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'institute-e2e-'));
  const database = process.env.DATABASE_URL ? await createDatabase(process.env.DATABASE_URL) : undefined;
  const cleanup = async () => {
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };

  let server;
  try {
    server = await startServer({
      env: {
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        DATABASE_URL: database?.url ?? '',
        API_URL: '',
        SEED_ON_EMPTY: 'true',
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      },
    });
  } catch (error) {
    await cleanup();
    throw error;
  }
  const baseURL = server.baseUrl;

  process.env.E2E_BASE_URL = baseURL;
  console.log(`e2e: server ready at ${baseURL} on ${database ? `database ${database.name}` : `PGlite in ${dataDir}`}`);
  return async () => {
    await server.stop();
    await cleanup();
  };
}

/** Creates a database with a unique name on the server DATABASE_URL points at. */
async function createDatabase(serverUrl: string) {
  const name = `institute_e2e_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const url = new URL(serverUrl);
  const admin = () => new pg.Client({ connectionString: serverUrl });

  const client = admin();
  try {
    await client.connect();
    await client.query(`CREATE DATABASE "${name}"`);
  } catch (error) {
    throw new Error(`Cannot create the e2e database on ${url.host}: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => {});
  }

  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const client = admin();
      try {
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } catch (error) {
        console.error(`e2e: could not drop database ${name}: ${(error as Error).message}`);
      } finally {
        await client.end().catch(() => {});
      }
    },
  };
}
