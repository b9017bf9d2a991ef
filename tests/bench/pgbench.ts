import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createScratchDatabase } from '../support/server-process';

const run = promisify(execFile);

/**
 * pgbench's TPC-B-like transaction (five statements: three updates, a select, an insert) on a
 * scratch database of the same server: what the server alone commits per second with `clients`
 * connections. The scale factor equals the client count, so clients do not all queue on one
 * branch row (the usual rule for this workload).
 */
export async function pgbenchTpcB(serverUrl: string, clients: number, seconds: number) {
  const database = await createScratchDatabase(serverUrl, 'bench_pgbench');
  try {
    await run('pgbench', ['-i', '-q', '-s', String(clients), database.url]);
    const { stdout } = await run('pgbench', ['-n', '-c', String(clients), '-j', '2', '-T', String(seconds), database.url]);
    const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1]);
    const latency = Number(/latency average = ([\d.]+) ms/.exec(stdout)?.[1]);
    if (!Number.isFinite(tps)) throw new Error(`pgbench printed no tps:\n${stdout}`);
    return { tps, latencyAverage: latency };
  } finally {
    await database.drop();
  }
}
