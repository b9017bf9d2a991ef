import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'startup-test-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** Starts the server the way `npm run dev` does and waits for it to end. */
function startServer(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['tsx', 'server.ts'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 50_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** What the server wrote, without the warnings npm itself prints about the machine's npm config. */
function serverLines(stderr: string): string[] {
  return stderr.split('\n').filter((line) => line.trim() && !/^npm (warn|notice)\b/i.test(line));
}

describe('server start', () => {
  it.concurrent(
    'ends with exit code 1 and one line when the database cannot be reached',
    async () => {
      const { code, stderr } = await startServer({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere' });
      expect(code).toBe(1);
      const lines = serverLines(stderr);
      expect(lines, stderr).toHaveLength(1);
      expect(lines[0]).toMatch(/^Cannot reach the database/);
      expect(lines[0]).toContain('127.0.0.1:1');
    },
    60_000,
  );

  it.concurrent(
    'ends with exit code 1 and one line naming a bad setting',
    async () => {
      const { code, stderr } = await startServer({ DATABASE_URL: 'mysql://root@localhost/app' });
      expect(code).toBe(1);
      const lines = serverLines(stderr);
      expect(lines, stderr).toHaveLength(1);
      expect(lines[0]).toMatch(/^Invalid setting DATABASE_URL/);
    },
    60_000,
  );

  it.concurrent(
    'ends with exit code 1 and one line when the data folder cannot be written',
    async () => {
      // A file where the folder should be: even a privileged user cannot create folders below it.
      const blocker = path.join(dataDir, 'not-a-folder');
      await writeFile(blocker, '');
      // The embedded database, even in a run whose tests use a PostgreSQL server.
      const { code, stderr } = await startServer({ DATA_DIR: path.join(blocker, 'data'), DATABASE_URL: '' });
      expect(code).toBe(1);
      const lines = serverLines(stderr);
      expect(lines, stderr).toHaveLength(1);
      expect(lines[0]).toMatch(/^Cannot open the embedded database in .*not-a-folder/);
    },
    60_000,
  );
});
