import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startServer } from './server';

/**
 * Starts the production build (`server.ts` with NODE_ENV=production) on a free port with a fresh
 * database, waits until /api/v1/health answers, and hands its address to the tests through
 * E2E_BASE_URL. The returned function stops the server and throws the database away.
 *
 * Without DATABASE_URL the server gets a new temporary DATA_DIR (embedded PGlite). With
 * DATABASE_URL, a database with a unique name is created on that server for this run only.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export default async function globalSetup() {
  if (!existsSync(path.join(root, 'build/server/index.js'))) {
    throw new Error('No production build found: run `npm run build` first (npm run test:e2e does both).');
  }

  const dataDir = await mkdtemp(path.join(tmpdir(), 'institute-e2e-'));
  const database = process.env.DATABASE_URL ? await createDatabase(process.env.DATABASE_URL) : undefined;
  const throwAway = async () => {
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };

  let server;
  try {
    server = await startServer({
      env: { DATA_DIR: dataDir, DATABASE_URL: database?.url ?? '', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
      onLine: relay,
    });
  } catch (error) {
    await throwAway();
    throw error;
  }

  process.env.E2E_BASE_URL = server.baseURL;
  console.log(`e2e: server ready at ${server.baseURL} on ${database ? `database ${database.name}` : `PGlite in ${dataDir}`}`);
  return async () => {
    await server.stop();
    await throwAway();
  };
}

/**
 * Shows what matters while the suite runs: plain lines (the seed's logins, the listening
 * address) and log entries at warn or above.
 */
function relay(line: string, stream: 'stdout' | 'stderr') {
  let level: number | undefined;
  try {
    level = (JSON.parse(line) as { level?: number }).level;
  } catch {
    level = undefined;
  }
  if (level === undefined) (stream === 'stderr' ? process.stderr : process.stdout).write(`server: ${line}\n`);
  else if (level >= 40) process.stderr.write(`server: ${line}\n`);
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
