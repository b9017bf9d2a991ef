import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import pg from 'pg';

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
export function relayOutput(server: ChildProcess, output: string[], label = 'server') {
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
      if (level === undefined) (stream === server.stderr ? process.stderr : process.stdout).write(`${label}: ${line}\n`);
      else if (level >= 40) process.stderr.write(`${label}: ${line}\n`);
    });
  }
}

/** Waits until `url` answers 2xx, failing early with the server's output when it exits. */
export async function waitUntilAnswering(url: string, server: ChildProcess, output: string[], timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
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

/** SIGTERM, then SIGKILL when the process has not exited after `timeoutMs`. */
export async function stopProcess(child: ChildProcess, timeoutMs = 15_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await exited;
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
