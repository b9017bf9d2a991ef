import type { JobKindName, JobListItem } from '../../common/contracts/jobs';
import { certificatePaths } from './certificates';
import { listQueryParser, type QueryDefaults } from './list-query';

/** The Jobs panel's address: a page of jobs, newest first. */
export const jobDefaults: QueryDefaults<'createdAt'> = { sort: 'createdAt', order: 'desc' };
export const parseJobQuery = listQueryParser({ sorts: ['createdAt'], filters: {} });

/** The screen that watches a job of each kind as it goes, its `?job=` page; a kind not here has none yet. */
const watchers: Partial<Record<JobKindName, (job: JobListItem) => string | null>> = {
  'sitting-marksheets': (job) =>
    job.about
      ? `/admin/exam/student-marksheet/${encodeURIComponent(job.about)}?${new URLSearchParams({ branch: job.branchId ?? '', job: job._id })}`
      : null,
  'certificates-bulk-issue': (job) => `${certificatePaths.generated}?${new URLSearchParams({ job: job._id })}`,
  'records-import': (job) =>
    job.about ? `/admin/imports/${encodeURIComponent(job.about)}?${new URLSearchParams({ run: job._id })}` : null,
};

export const jobWatchPath = (job: JobListItem): string | null => watchers[job.kind as JobKindName]?.(job) ?? null;
