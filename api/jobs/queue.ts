import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import { jobMessages, type JobView } from '../../common/contracts/jobs';
import type { Executor } from '../db/client';
import { jobs } from '../db/schema';
import { newId } from '../domain/ids';

/** Where a job's enqueuing is announced, once its transaction commits: runners wake at once instead of at their next look. */
export const JOBS_CHANNEL = 'jobs_queued';

/** A job claimed this many times without finishing (its process died each time) is given up as failed. */
export const MAX_ATTEMPTS = 3;

export type JobRow = typeof jobs.$inferSelect;

/** A runner's hold on a job: every write it makes to the job names the lease, so one that lost it writes nothing. */
export interface Lease {
  jobId: string;
  leaseId: string;
}

export interface NewJob {
  kind: string;
  /** What the job is about: a second request for the same kind and subject while one is unfinished finds that one. */
  subject: string;
  payload: unknown;
  total: number;
  requestedBy: string | null;
  branchId: string | null;
  now: Date;
}

const unfinished = inArray(jobs.state, ['queued', 'running']);

/**
 * Queues a job in the caller's transaction, or finds the unfinished one of its kind and subject.
 * The unique index on unfinished jobs settles two requests at once: the second finds the first.
 */
export async function enqueueJob(tx: Executor, job: NewJob): Promise<{ job: JobRow; created: boolean }> {
  for (;;) {
    const [created] = await tx
      .insert(jobs)
      .values({
        id: newId(job.now.getTime()),
        kind: job.kind,
        subject: job.subject,
        payload: job.payload,
        state: 'queued',
        done: 0,
        total: job.total,
        attempts: 0,
        requestedBy: job.requestedBy,
        branchId: job.branchId,
        createdAt: job.now,
        updatedAt: job.now,
      })
      .onConflictDoNothing({ target: [jobs.kind, jobs.subject], where: sql`${jobs.state} in ('queued', 'running')` })
      .returning();
    if (created) {
      await tx.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${job.kind})`);
      return { job: created, created: true };
    }
    const [found] = await tx
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, job.kind), eq(jobs.subject, job.subject), unfinished));
    // The one in the way finished between the two statements: queue anew.
    if (found) return { job: found, created: false };
  }
}

export async function findJob(db: Executor, id: string): Promise<JobRow | null> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row ?? null;
}

const expired = (now: Date) => and(eq(jobs.state, 'running'), lt(jobs.leaseExpiresAt, now));

/**
 * Takes the oldest job of these kinds that is waiting, or whose runner's lease ran out, and holds
 * it for `leaseMs`. SKIP LOCKED lets runners of several processes claim at once, each a different
 * job. A job taken again starts its work from the beginning.
 */
export async function claimNextJob(
  db: Executor,
  { kinds, now, leaseMs }: { kinds: readonly string[]; now: Date; leaseMs: number },
): Promise<(JobRow & { leaseId: string }) | null> {
  if (kinds.length === 0) return null;
  const next = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(inArray(jobs.kind, [...kinds]), or(eq(jobs.state, 'queued'), expired(now)), lt(jobs.attempts, MAX_ATTEMPTS)))
    .orderBy(asc(jobs.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [claimed] = await db
    .update(jobs)
    .set({
      state: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      leaseId: randomUUID(),
      leaseExpiresAt: new Date(now.getTime() + leaseMs),
      done: 0,
      startedAt: sql`coalesce(${jobs.startedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(inArray(jobs.id, next))
    .returning();
  return claimed ? { ...claimed, leaseId: claimed.leaseId! } : null;
}

/** Fails the jobs whose runners died holding them as often as a job may be tried. */
export async function giveUpAbandonedJobs(db: Executor, now: Date): Promise<number> {
  const given = await db
    .update(jobs)
    .set({
      state: 'failed',
      error: jobMessages.interrupted(MAX_ATTEMPTS),
      leaseId: null,
      leaseExpiresAt: null,
      finishedAt: now,
      updatedAt: now,
    })
    .where(and(expired(now), gte(jobs.attempts, MAX_ATTEMPTS)))
    .returning({ id: jobs.id });
  return given.length;
}

const held = (lease: Lease) => and(eq(jobs.id, lease.jobId), eq(jobs.leaseId, lease.leaseId), eq(jobs.state, 'running'));

/** Extends the lease, with the progress made when there is some; false when the lease is no longer this runner's. */
export async function renewLease(
  db: Executor,
  lease: Lease,
  { now, leaseMs, progress }: { now: Date; leaseMs: number; progress?: { done: number; total: number } },
): Promise<boolean> {
  const renewed = await db
    .update(jobs)
    .set({ leaseExpiresAt: new Date(now.getTime() + leaseMs), updatedAt: now, ...progress })
    .where(held(lease))
    .returning({ id: jobs.id });
  return renewed.length > 0;
}

/** Ends a job the lease holds: done with its result, or failed with why. */
export async function endJob(db: Executor, lease: Lease, now: Date, end: { result: string | null } | { error: string }): Promise<boolean> {
  const ended = await db
    .update(jobs)
    .set({
      ...('error' in end ? { state: 'failed', error: end.error } : { state: 'done', result: end.result, done: sql`${jobs.total}` }),
      leaseId: null,
      leaseExpiresAt: null,
      finishedAt: now,
      updatedAt: now,
    })
    .where(held(lease))
    .returning({ id: jobs.id });
  return ended.length > 0;
}

/**
 * Cancels a job that has not finished, in one statement, so it cannot cross the job's end: a
 * waiting job is never claimed, and the runner doing a running one no longer holds it, which it
 * finds at its next progress. Null when the job had finished already.
 */
export async function cancelJob(db: Executor, id: string, now: Date): Promise<JobRow | null> {
  const [cancelled] = await db
    .update(jobs)
    .set({ state: 'cancelled', leaseId: null, leaseExpiresAt: null, finishedAt: now, updatedAt: now })
    .where(and(eq(jobs.id, id), unfinished))
    .returning();
  return cancelled ?? null;
}

/** Hands a job back to the queue (its process is stopping); the try it was does not count. False when the lease is no longer this runner's. */
export async function releaseJob(db: Executor, lease: Lease, now: Date): Promise<boolean> {
  const released = await db
    .update(jobs)
    .set({ state: 'queued', attempts: sql`${jobs.attempts} - 1`, leaseId: null, leaseExpiresAt: null, updatedAt: now })
    .where(held(lease))
    .returning({ id: jobs.id });
  return released.length > 0;
}

export function jobViewOf(row: JobRow): JobView {
  return {
    _id: row.id,
    kind: row.kind,
    state: row.state as JobView['state'],
    progress: { done: row.done, total: row.total },
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
