import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * The host (server.ts, bundled in production) as a process of its own on a free port of 127.0.0.1, as the e2e and reliability
 * suites and the benchmark run it: started, awaited until /api/v1/health answers, stopped or killed.
 */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const startTimeoutMs = 120_000;
const stopTimeoutMs = 15_000;

export interface ServerOptions {
  /** Added to this process's environment; HOST and PORT are set here. */
  env: Record<string, string>;
  /** A port of its own, to start again where a killed process listened; a free one otherwise. */
  port?: number;
  /** Prefix of the lines shown while the tests run. */
  label?: string;
  /** Node options after tsx is loaded, such as `--import` of a TypeScript module of the test's own. */
  nodeArgs?: string[];
  /** Sees every line the process writes as it arrives, such as the API's request log. */
  onLine?: (line: string) => void;
}

export interface ServerProcess {
  baseUrl: string;
  port: number;
  pid: number;
  /** The last lines the process wrote, for error reports. */
  output: string[];
  /** Sends the signal and waits until the process is gone; answers its exit code (null when a signal ended it). */
  kill(signal: NodeJS.Signals): Promise<number | null>;
  /** SIGTERM, then SIGKILL if it does not end in time. */
  stop(): Promise<void>;
}

export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const production = options.env.NODE_ENV === 'production';
  const child = spawn(process.execPath, hostArguments(production, options.nodeArgs), {
    cwd: root,
    env: { ...process.env, ...hostEnvironment(production), ...options.env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  relayOutput(child, output, options.label ?? 'server', options.onLine);
  const server: ServerProcess = {
    baseUrl,
    port,
    pid: child.pid!,
    output,
    kill: (signal) => signalAndWait(child, signal),
    stop: () => stopProcess(child),
  };
  try {
    await waitUntilAnswering(`${baseUrl}/api/v1/health`, child, output, startTimeoutMs);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

/**
 * Node's arguments for the host: in production those of `npm start` (build/host.js with its Node
 * flags; tsx loaded only for a test's own TypeScript modules), otherwise server.ts through tsx.
 */
export function hostArguments(production: boolean, nodeArgs: string[] = []): string[] {
  if (!production) return ['--import', 'tsx', ...nodeArgs, 'server.ts'];
  if (!existsSync(path.join(root, 'build/host.js')) || !existsSync(path.join(root, 'build/server/index.js'))) {
    throw new Error('No production build found: run `npm run build` first (npm test and npm run test:e2e build before they start it).');
  }
  return [...(nodeArgs.length ? ['--import', 'tsx', ...nodeArgs] : []), ...startCommand().args];
}

/** The environment `npm start` sets for the host in production (its allocator's settings); none otherwise. */
export const hostEnvironment = (production: boolean): Record<string, string> => (production ? startCommand().env : {});

/**
 * What package.json's start script hands to node, and the environment it sets before it, so
 * every production server runs as `npm start` does.
 */
function startCommand(): { env: Record<string, string>; args: string[] } {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const command = /^((?:\w+=\S*\s+)*)node\s+(.+)$/.exec(scripts.start?.trim() ?? '');
  if (!command) throw new Error('package.json has no start script that runs node');
  const env = Object.fromEntries(
    command[1]!
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((pair) => pair.split(/=(.*)/s).slice(0, 2)),
  );
  return { env, args: command[2]!.trim().split(/\s+/) };
}

/** Asks the operating system for a port nobody listens on. */
export function freePort(): Promise<number> {
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
 * Keeps a server's output for error reports (the last 200 lines in `output`) and shows what
 * matters while it runs: plain lines (the seed's logins, the listening address) and log entries
 * at warn or above, each prefixed with `label`.
 */
export function relayOutput(server: ChildProcess, output: string[], label = 'server', onLine?: (line: string) => void) {
  for (const stream of [server.stdout!, server.stderr!]) {
    createInterface({ input: stream }).on('line', (line) => {
      output.push(line);
      if (output.length > 200) output.shift();
      onLine?.(line);
      let level: number | undefined;
      try {
        level = (JSON.parse(line) as { level?: number }).level;
      } catch {
        level = undefined;
      }
      if (level === undefined) (stream === server.stderr ? process.stderr : process.stdout).write(`${label}: ${line}\n`);
      else if (level >= 40) process.stderr.write(`${label}: ${line}\n`);
    });
  }
}

/** Waits until `url` answers 2xx, failing early with the server's output when it exits. */
export async function waitUntilAnswering(url: string, server: ChildProcess, output: string[], timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (hasExited(server)) {
      throw new Error(`The server exited (${server.exitCode ?? server.signalCode}) before it was ready:\n${output.join('\n')}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer ${url} within ${timeoutMs / 1000} s:\n${output.join('\n')}`);
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

async function signalAndWait(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  if (hasExited(child)) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill(signal);
  return exited;
}

/** SIGTERM, then SIGKILL when the process has not exited after `timeoutMs`. */
export async function stopProcess(child: ChildProcess, timeoutMs = stopTimeoutMs) {
  if (hasExited(child)) return;
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await signalAndWait(child, 'SIGTERM');
  clearTimeout(timer);
}

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** Creates a database with a unique name starting with `prefix` on the server `serverUrl` points at. */
export async function createScratchDatabase(serverUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const url = new URL(serverUrl);
  const admin = () => new pg.Client({ connectionString: serverUrl });

  const client = admin();
  try {
    await client.connect();
    await client.query(`CREATE DATABASE "${name}"`);
  } catch (error) {
    throw new Error(`Cannot create database ${name} on ${url.host}: ${(error as Error).message}`);
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
        console.error(`Could not drop database ${name}: ${(error as Error).message}`);
      } finally {
        await client.end().catch(() => {});
      }
    },
  };
}
