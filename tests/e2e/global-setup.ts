import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

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
  const database = process.env.DATABASE_URL ? await createDatabase(process.env.DATABASE_URL) : undefined;
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
  relay(server, output);

  const cleanup = async () => {
    await stop(server);
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseURL, server, output);
  } catch (error) {
    await cleanup();
    throw error;
  }

  process.env.E2E_BASE_URL = baseURL;
  console.log(`e2e: server ready at ${baseURL} on ${database ? `database ${database.name}` : `PGlite in ${dataDir}`}`);
  return cleanup;
}

/** Asks the operating system for a port nobody listens on. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Keeps the server's output for error reports and shows what matters while the suite runs:
 * plain lines (the seed's logins, the listening address) and log entries at warn or above.
 */
function relay(server: ChildProcess, output: string[]) {
  for (const stream of [server.stdout!, server.stderr!]) {
    createInterface({ input: stream }).on('line', (line) => {
      output.push(line);
      if (output.length > 200) output.shift();
      let level: number | undefined;
      try {
        level = (JSON.parse(line) as { level?: number }).level;
      } catch {
        level = undefined;
      }
      if (level === undefined) (stream === server.stderr ? process.stderr : process.stdout).write(`server: ${line}\n`);
      else if (level >= 40) process.stderr.write(`server: ${line}\n`);
    });
  }
}

async function waitForHealth(baseURL: string, server: ChildProcess, output: string[]) {
  const deadline = Date.now() + startTimeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(
        `The server exited (${server.exitCode ?? server.signalCode}) before it was ready:\n${output.join('\n')}`,
      );
    }
    try {
      const response = await fetch(`${baseURL}/api/v1/health`, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer /api/v1/health within ${startTimeoutMs / 1000} s:\n${output.join('\n')}`);
}

async function stop(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), stopTimeoutMs);
  await exited;
  clearTimeout(timer);
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
