import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Runs a worker script of tests/api in a process of its own against a PostgreSQL server: the job
 * goes in on stdin as JSON, the summary comes back on stdout as JSON. Its pool holds as many
 * connections as the job keeps in flight.
 */
export function runWorkerProcess<Summary>(script: string, url: string, job: { concurrency: number }): Promise<Summary> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'tests/api', script)], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: url, DATABASE_POOL_SIZE: String(job.concurrency) },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`worker exited with ${code}: ${stderr.slice(-2000)}`));
      try {
        resolve(JSON.parse(stdout) as Summary);
      } catch {
        reject(new Error(`worker answered no summary: ${stdout.slice(-500)} ${stderr.slice(-2000)}`));
      }
    });
    child.stdin.end(JSON.stringify(job));
  });
}
