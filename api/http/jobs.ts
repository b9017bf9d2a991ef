import { jobContract, jobMessages } from '../../common/contracts/jobs';
import { jobStarters } from '../../common/job-permissions';
import { cancelJobFor, listJobs } from '../jobs/panel';
import { jobViewOf } from '../jobs/queue';
import { defineEndpoint } from './endpoint';

/** Whoever may start a job of some kind has a Jobs panel; which jobs it shows is the panel's rule. */
const starters = { kind: 'permission', anyOf: jobStarters } as const;

const list = defineEndpoint({
  ...jobContract.list,
  access: starters,
  async handle({ db, actor, query }) {
    return { message: jobMessages.list, data: await listJobs(db, actor, query) };
  },
});

const cancel = defineEndpoint({
  ...jobContract.cancel,
  access: starters,
  async handle({ tx, actor, meta, params }) {
    return { message: jobMessages.cancelled, data: jobViewOf(await cancelJobFor(tx, actor, params.jobId, meta.occurredAt)) };
  },
});

export const jobEndpoints = [list, cancel];
