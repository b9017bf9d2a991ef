import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/**
 * Starts the production build (`server.ts` with NODE_ENV=production) on a free port at
 * 127.0.0.1 and waits until /api/v1/health answers. The suite's own server and servers that
 * single specs start with other settings come from here.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const startTimeoutMs = 120_000;
const stopTimeoutMs = 15_000;

export interface StartedServer {
  baseURL: string;
  /** The last lines the server wrote (stdout and stderr), for error reports and log checks. */
  output: string[];
  stop(): Promise<void>;
}

export interface ServerOptions {
  /** Settings on top of the test process's environment; DATA_DIR at least. */
  env: Record<string, string>;
  /** Sees every line as it arrives, with the stream it came from. */
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void;
  /** How many lines `output` keeps. */
  keepLines?: number;
}

export async function startServer({ env, onLine, keepLines = 200 }: ServerOptions): Promise<StartedServer> {
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
      DATABASE_URL: '',
      API_URL: '',
      SEED_ON_EMPTY: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const [name, stream] of [['stdout', server.stdout!], ['stderr', server.stderr!]] as const) {
    createInterface({ input: stream }).on('line', (line) => {
      output.push(line);
      if (output.length > keepLines) output.shift();
      onLine?.(line, name);
    });
  }
  const started = { baseURL, output, stop: () => stop(server) };
  try {
    await waitForHealth(baseURL, server, output);
  } catch (error) {
    await started.stop();
    throw error;
  }
  return started;
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

async function waitForHealth(baseURL: string, server: ChildProcess, output: string[]) {
  const deadline = Date.now() + startTimeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`The server exited (${server.exitCode ?? server.signalCode}) before it was ready:\n${output.join('\n')}`);
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
