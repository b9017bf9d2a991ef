import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createScratchDatabase, startServer } from '../support/server-process';

/**
 * Starts the production build (build/host.js with NODE_ENV=production, as `npm start` runs it)
 * on a free port with a fresh database, waits until /api/v1/health answers, and hands its address
 * to the tests through E2E_BASE_URL. The returned function stops the server and throws the database away.
 *
 * Without DATABASE_URL the server gets a new temporary DATA_DIR (embedded PGlite). With
 * DATABASE_URL, a database with a unique name is created on that server for this run only.
 */
export default async function globalSetup() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'institute-e2e-'));
  const database = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL, 'institute_e2e') : undefined;
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
  // The tests open the session cookie with the secret the server keeps there.
  process.env.E2E_DATA_DIR = dataDir;
  console.log(`e2e: server ready at ${baseURL} on ${database ? `database ${database.name}` : `PGlite in ${dataDir}`}`);
  return async () => {
    await server.stop();
    await cleanup();
  };
}
