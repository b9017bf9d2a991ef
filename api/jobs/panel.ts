import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { jobKindLabel, jobMessages, type JobKindName, type JobList, type jobListQuery } from '../../common/contracts/jobs';
import { roleRank } from '../../common/roles';
import type { Executor } from '../db/client';
import { jobs, records, users } from '../db/schema';
import type { Actor } from '../domain/auth/actor';
import { branchScope } from '../domain/auth/branch-scope';
import { sittingMarksheetsExam, SITTING_MARKSHEETS } from '../domain/documents/sitting-marksheets';
import { IMPORT_RECORDS, importOfRun } from '../domain/imports/imports';
import { conflict, missing } from '../domain/errors';
import { cancelJob, findJob, jobViewOf, type JobRow } from './queue';

/*
 * The Jobs panel: the jobs a caller reaches, of every kind, and cancelling one. Each area reads
 * its own jobs under its own permissions; this is where a person finds all of theirs at once.
 */

type Caller = Pick<Actor, 'id' | 'role' | 'branchId'>;

/**
 * The jobs a caller reaches: an institute administrator everyone's, anyone else those they
 * started; and a caller who belongs to a branch, whatever their role, only that branch's.
 */
function reach(caller: Caller): SQL | undefined {
  const scope = branchScope(caller);
  return and(
    scope === null ? undefined : eq(jobs.branchId, scope),
    roleRank(caller.role) >= roleRank('admin') ? undefined : eq(jobs.requestedBy, caller.id),
  );
}

/** The record each kind's own screen is found by, where the job's id is not enough. */
const aboutOf: Partial<Record<JobKindName, (job: JobRow) => string | null>> = {
  [SITTING_MARKSHEETS]: sittingMarksheetsExam,
  [IMPORT_RECORDS]: importOfRun,
};

const branch = alias(records, 'branch');

export async function listJobs(db: Executor, caller: Caller, query: z.output<typeof jobListQuery>): Promise<JobList> {
  const where = reach(caller);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ job: jobs, requestedByName: users.name, branchName: branch.title })
      .from(jobs)
      .leftJoin(users, eq(users.id, jobs.requestedBy))
      .leftJoin(branch, eq(branch.id, jobs.branchId))
      .where(where)
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(jobs).where(where),
  ]);
  const total = counted?.total ?? 0;
  return {
    jobs: rows.map(({ job, requestedByName, branchName }) => ({
      ...jobViewOf(job),
      kindLabel: jobKindLabel(job.kind),
      requestedBy: job.requestedBy && requestedByName !== null ? { _id: job.requestedBy, name: requestedByName } : null,
      branchId: job.branchId,
      branchName,
      about: aboutOf[job.kind as JobKindName]?.(job) ?? null,
    })),
    total,
    page: query.page,
    limit: query.limit,
    totalPages: Math.max(1, Math.ceil(total / query.limit)),
  };
}

/**
 * Cancels a job the caller reaches (another's answers as missing). Work its finished parts
 * committed stays: each part of a job is a transaction of its own.
 */
export async function cancelJobFor(tx: Executor, caller: Caller, jobId: string, now: Date): Promise<JobRow> {
  const [reached] = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), reach(caller)));
  if (!reached) throw missing(jobMessages.missing);
  const cancelled = await cancelJob(tx, jobId, now);
  if (cancelled) return cancelled;
  // It had finished, or finished since it was read: jobs are never deleted.
  throw conflict(jobMessages.notCancellable(jobViewOf((await findJob(tx, jobId))!).state));
}
