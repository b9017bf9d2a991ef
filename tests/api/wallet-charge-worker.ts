import { pathToFileURL } from 'node:url';
import { openDatabase, type Db } from '../../api/db/client';
import { chargeOperation } from '../../api/domain/wallet/charge-operation';
import { InsufficientBalanceError } from '../../api/domain/wallet/errors';

/**
 * Fires wallet charges the way concurrent admissions would: each in its own transaction, several
 * in flight at once. Imported by the concurrency test, and run as a process of its own
 * (`node --import tsx tests/api/wallet-charge-worker.ts`, job on stdin, summary on stdout)
 * when the test runs against a PostgreSQL server.
 */

export interface ChargeJob {
  branchId: string;
  operationKey: string;
  referenceIds: string[];
  /** Charges in flight at once. */
  concurrency: number;
}

export interface ChargeSummary {
  /** References this caller charged (money taken by its own call). */
  charged: string[];
  alreadyCharged: number;
  insufficient: number;
  /** Anything else: a conflict, a deadlock, a broken invariant. Must stay empty. */
  errors: string[];
}

export async function fireCharges(db: Db, job: ChargeJob): Promise<ChargeSummary> {
  const summary: ChargeSummary = { charged: [], alreadyCharged: 0, insufficient: 0, errors: [] };
  let next = 0;
  const lane = async () => {
    while (next < job.referenceIds.length) {
      const referenceId = job.referenceIds[next++]!;
      try {
        const result = await db.transaction((tx) =>
          chargeOperation(
            { tx, meta: { occurredAt: new Date(), actorId: null, requestId: `worker-${process.pid}` } },
            { branchId: job.branchId, operationKey: job.operationKey, referenceId },
          ),
        );
        if (result.charged) summary.charged.push(referenceId);
        else if (result.outcome === 'already-charged') summary.alreadyCharged++;
        else summary.errors.push(`${referenceId}: unexpected outcome ${result.outcome}`);
      } catch (error) {
        if (error instanceof InsufficientBalanceError) summary.insufficient++;
        else summary.errors.push(`${referenceId}: ${(error as Error).name}: ${(error as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: job.concurrency }, lane));
  return summary;
}

async function readStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set');
  const job = JSON.parse(await readStdin()) as ChargeJob;
  const database = await openDatabase({ url });
  try {
    process.stdout.write(JSON.stringify(await fireCharges(database.db, job)));
  } finally {
    await database.close();
  }
}
