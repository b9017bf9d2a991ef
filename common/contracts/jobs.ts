import { z } from 'zod';

/**
 * Work done outside a request and watched as it goes: a whole sitting's marksheets now, imports
 * later. Each area starts its own jobs and reads them under its own paths and permissions; the
 * view of a job is this one.
 */

export const jobStates = ['queued', 'running', 'done', 'failed'] as const;
export type JobState = (typeof jobStates)[number];

export const jobView = z.object({
  _id: z.string(),
  kind: z.string(),
  state: z
    .enum(jobStates)
    .describe('queued: waiting for a runner; running: being done; done: its file is ready; failed: it stopped, see error'),
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
  missing: 'No such job',
  unfinished: 'This job has not finished yet: its file is made once every item is done',
  failed: 'This job failed: start it again',
  interrupted: (attempts: number) => `The work stopped ${attempts} times before it finished: start it again`,
  crashed: 'Something went wrong while doing this work: start it again',
};

export const isFinished = (state: JobState) => state === 'done' || state === 'failed';
