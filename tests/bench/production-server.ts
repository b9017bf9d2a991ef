import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, hostArguments, hostEnvironment, relayOutput, stopProcess, waitUntilAnswering } from '../support/server-process';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  baseUrl: string;
  pid: number;
  /** Resident and peak resident memory of the process now, in bytes (Linux /proc). */
  memory(): Promise<{ rss: number; peak: number }>;
  stop(): Promise<void>;
}

/**
 * The production build (build/host.js, NODE_ENV=production) on a free port against `databaseUrl`,
 * as `npm start` runs it. Requests are logged at warn and above only, so the harness reading the
 * log does not compete with the server for the CPU; access tokens live an hour so one sign-in
 * serves the whole run.
 */
export async function startProductionServer(databaseUrl: string): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'institute-bench-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const server = spawn(process.execPath, hostArguments(true), {
    cwd: root,
    env: {
      ...process.env,
      ...hostEnvironment(true),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      API_URL: '',
      SEED_ON_EMPTY: 'false',
      INSECURE_COOKIES: 'true',
      ACCESS_TOKEN_TTL_SECONDS: '3600',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  relayOutput(server, output);
  const stop = async () => {
    await stopProcess(server);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilAnswering(`${baseUrl}/api/v1/health`, server, output, 180_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    baseUrl,
    pid: server.pid!,
    async memory() {
      const status = await readFile(`/proc/${server.pid}/status`, 'utf8');
      const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
      return { rss: kib('VmRSS'), peak: kib('VmHWM') };
    },
    stop,
  };
}
