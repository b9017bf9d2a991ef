import { z } from 'zod';
import { defineContract } from './endpoint';
import { pageFields, pagingQuery } from './paging';

/**
 * Work done outside a request and watched as it goes: a whole sitting's marksheets, a bulk issue
 * of certificates, imports. Each area starts its own jobs and reads them under its own paths and
 * permissions; the view of a job is this one. The Jobs panel lists them all and cancels them.
 */

export const jobStates = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type JobState = (typeof jobStates)[number];

export const jobStateLabels: Record<JobState, string> = {
  queued: 'Waiting',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** Every kind of job, by the name the queue keeps, in the words the Jobs panel says it: a new kind adds its own. */
export const jobKindLabels = {
  'sitting-marksheets': 'Marksheets of a sitting',
  'certificates-bulk-issue': 'Certificates issued to a course',
  'records-import': 'Import from a file, or its dry run',
} as const;
export type JobKindName = keyof typeof jobKindLabels;

/** A kind in words; one this version does not know (a newer process queued it) by its name. */
export const jobKindLabel = (kind: string): string => (jobKindLabels as Record<string, string>)[kind] ?? kind;

export const jobView = z.object({
  _id: z.string(),
  kind: z.string(),
  state: z
    .enum(jobStates)
    .describe(
      'queued: waiting for a runner; running: being done; done: its file is ready; failed: it stopped, see error; cancelled: someone stopped it, and what it finished before stays',
    ),
  progress: z.object({
    done: z.number().int().describe('Items finished so far'),
    total: z.number().int().describe('Items in all'),
  }),
  error: z.string().nullable().describe('Why it failed; null unless it did'),
  createdAt: z.string().datetime(),
  finishedAt: z.string().datetime().nullable(),
});
export type JobView = z.infer<typeof jobView>;

export const jobParams = z.object({ jobId: z.string().min(1).max(100).describe('The job’s id, as starting it answered') });

export const jobMessages = {
  started: 'Started',
  alreadyRunning: 'Already under way',
  progress: 'Progress',
  list: 'Jobs',
  missing: 'No such job',
  unfinished: 'This job has not finished yet: its file is made once every item is done',
  failed: 'This job failed: start it again',
  cancelled: 'Job cancelled',
  wasCancelled: 'This job was cancelled before it finished: start it again',
  notCancellable: (state: JobState) =>
    state === 'cancelled' ? 'This job is cancelled already' : 'This job has already finished: there is nothing left to cancel',
  interrupted: (attempts: number) => `The work stopped ${attempts} times before it finished: start it again`,
  crashed: 'Something went wrong while doing this work: start it again',
};

export const isFinished = (state: JobState) => state !== 'queued' && state !== 'running';

export const jobListQuery = z.object(pagingQuery);
export type JobListQuery = z.input<typeof jobListQuery>;

export const jobListItem = jobView.extend({
  kindLabel: z.string().describe('The kind in words: “Marksheets of a sitting”, “Certificates issued to a course”…'),
  requestedBy: z
    .object({ _id: z.string(), name: z.string() })
    .nullable()
    .describe('Who started it; null for the system, or an account deleted since'),
  branchId: z.string().nullable().describe('The branch it works for; null for every branch'),
  branchName: z.string().nullable(),
  about: z
    .string()
    .nullable()
    .describe('The record its own screen is found by: the exam of a sitting’s marksheets; null when that screen needs none'),
});
export type JobListItem = z.infer<typeof jobListItem>;

const jobList = z.object({ jobs: z.array(jobListItem), ...pageFields('Jobs the caller sees') });
export type JobList = z.infer<typeof jobList>;

const tag = 'jobs';

export const jobContract = {
  list: defineContract({
    method: 'get',
    path: '/jobs',
    summary:
      'The jobs the caller started, newest first; an institute administrator sees everyone’s, and whoever belongs to a branch only that branch’s',
    tag,
    query: jobListQuery,
    response: jobList,
    example: { query: { page: '1', limit: '20' } },
  }),
  cancel: defineContract({
    method: 'post',
    path: '/jobs/:jobId/cancel',
    summary:
      'Cancels a job that has not finished: a waiting one at once, a running one at its next progress; what it finished before stays',
    tag,
    params: jobParams,
    response: jobView,
    refuses: [404, 409],
  }),
};
