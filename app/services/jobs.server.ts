import { jobContract, type JobListQuery } from '../../common/contracts/jobs';
import { callEndpoint } from './api.server';
import type { AuthedApi } from './auth.server';

/** Calls to /api/v1/jobs: the Jobs panel. */

export function listJobs(api: AuthedApi, query: JobListQuery) {
  return callEndpoint(api, jobContract.list, { query });
}

export function cancelJob(api: AuthedApi, jobId: string) {
  return callEndpoint(api, jobContract.cancel, { params: { jobId } });
}
