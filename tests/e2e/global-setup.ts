import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase, freePort, relayOutput, stopProcess, waitUntilAnswering } from '../support/server-process';

/**
 * Starts the production build (`server.ts` with NODE_ENV=production) on a free port with a fresh
 * database, waits until /api/v1/health answers, and hands its address to the tests through
 * E2E_BASE_URL. The returned function stops the server and throws the database away.
 *
 * Without DATABASE_URL the server gets a new temporary DATA_DIR (embedded PGlite). With
 * DATABASE_URL, a database with a unique name is created on that server for this run only.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const startTimeoutMs = 120_000;
const stopTimeoutMs = 15_000;

export default async function globalSetup() {
  if (!existsSync(path.join(root, 'build/server/index.js'))) {
    throw new Error('No production build found: run `npm run build` first (npm run test:e2e does both).');
  }

  const dataDir = await mkdtemp(path.join(tmpdir(), 'institute-e2e-'));
  const database = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL, 'institute_e2e') : undefined;
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;

  const output: string[] = [];
  const server = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      API_URL: '',
      SEED_ON_EMPTY: 'true',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  relayOutput(server, output);

  const cleanup = async () => {
    await stopProcess(server, stopTimeoutMs);
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilAnswering(`${baseURL}/api/v1/health`, server, output, startTimeoutMs);
  } catch (error) {
    await cleanup();
    throw error;
  }

  process.env.E2E_BASE_URL = baseURL;
  console.log(`e2e: server ready at ${baseURL} on ${database ? `database ${database.name}` : `PGlite in ${dataDir}`}`);
  return cleanup;
}
