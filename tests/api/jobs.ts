import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { BULK_ISSUE } from '../../api/domain/certificates/bulk-issue';
import { jobKinds } from '../../api/jobs/kinds';
import { enqueueJob } from '../../api/jobs/queue';
import { createJobRunner, type JobKind } from '../../api/jobs/runner';
import { systemClock, type Clock } from '../../api/domain/clock';
import type { Db } from '../../api/db/client';
import { asSystem, type AccountsApi } from './accounts';

/** A runner beside the test's API, on its database and storage, as the host starts one. */
export function jobRunnerOf(accounts: AccountsApi, clock: Clock = systemClock, kinds?: JobKind<unknown>[]) {
  const { database, storage } = accounts;
  return createJobRunner({ database, clock, logger: pino({ level: 'silent' }), kinds: kinds ?? jobKinds({ database, storage }) });
}

/** Does every queued job, one after another, as the host's runner would; answers how many. */
export async function runQueuedJobs(accounts: AccountsApi, clock?: Clock): Promise<number> {
  const runner = jobRunnerOf(accounts, clock);
  let ran = 0;
  while (await runner.runOnce()) ran++;
  return ran;
}

/** A job waiting in the queue, for a test of what is done to a job rather than of its work, which would fail. */
export async function waitingJob(db: Db) {
  const { job } = await asSystem(db, (ctx) =>
    enqueueJob(ctx.tx, {
      kind: BULK_ISSUE,
      subject: randomUUID(),
      payload: {},
      total: 1,
      requestedBy: null,
      branchId: null,
      now: ctx.meta.occurredAt,
    }),
  );
  return job.id;
}
