import pino from 'pino';
import { jobKinds } from '../../api/jobs/kinds';
import { createJobRunner, type JobKind } from '../../api/jobs/runner';
import { systemClock, type Clock } from '../../api/domain/clock';
import type { AccountsApi } from './accounts';

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
