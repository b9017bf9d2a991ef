import { z } from 'zod';
import { certificateMessages, issuedKinds, type BulkIssueBody, type BulkJobView } from '../../../common/contracts/certificates';
import { jobMessages, type JobKindName } from '../../../common/contracts/jobs';
import type { Database, Executor } from '../../db/client';
import type { EventMetadata } from '../../db/event-store';
import { enqueueJob, findJob, jobViewOf, type JobRow } from '../../jobs/queue';
import type { JobKind } from '../../jobs/runner';
import { systemClock, type Clock } from '../clock';
import { forbidden, missing } from '../errors';
import { formatAndCourse, issueBasis, issueDocument, type Issuer } from './commands';
import { requireUsableFormat } from './decide';
import { eligibleStudentIds, issuedByJob } from './queries';

/*
 * Issuing to a whole course is a job (decision 030): a chunk of students a transaction, progress
 * after each. Students who hold a document of the kind are skipped, so a job taken again after a
 * restart, or started again, issues only what is still missing.
 */

export const BULK_ISSUE = 'certificates-bulk-issue' satisfies JobKindName;

/** Students issued to in one transaction: a chunk's numbers are taken and given back together. */
export const ISSUES_PER_CHUNK = 50;

const payload = z.object({
  kind: z.enum(issuedKinds),
  formatId: z.string(),
  courseId: z.string(),
  /** The branch asked for, if any. */
  branchId: z.string().nullable(),
  /** The branch the issuer is confined to, or null for the institute's staff: the job issues as they would. */
  scope: z.string().nullable(),
});
type BulkIssuePayload = z.infer<typeof payload>;

/**
 * Queues a bulk issue, or finds the one already doing the same (kind, format, course, branch).
 * A branch's staff issue for their own branch whatever they name.
 */
export async function startBulkIssue(ctx: { tx: Executor; meta: EventMetadata }, issuer: Issuer, body: BulkIssueBody) {
  if (issuer.scope !== null && body.branchId !== undefined && body.branchId !== issuer.scope)
    throw forbidden(certificateMessages.otherBranch);
  const branchId = issuer.scope ?? body.branchId ?? null;
  const { format } = await formatAndCourse(ctx.tx, body);
  requireUsableFormat(body.kind, format);
  const students = await eligibleStudentIds(ctx.tx, body.kind, issuer.scope, body.courseId, branchId ?? undefined);
  const job: BulkIssuePayload = { kind: body.kind, formatId: body.formatId, courseId: body.courseId, branchId, scope: issuer.scope };
  return enqueueJob(ctx.tx, {
    kind: BULK_ISSUE,
    subject: `${job.kind}:${job.formatId}:${job.courseId}:${branchId ?? '*'}`,
    payload: job,
    total: students.length,
    requestedBy: ctx.meta.actorId ?? null,
    branchId,
    now: ctx.meta.occurredAt,
  });
}

/** A bulk issue's job to a caller who reaches its branch, with what it issued; any other job is none. */
export async function bulkJobView(db: Executor, scope: string | null, jobId: string): Promise<BulkJobView> {
  const job: JobRow | null = await findJob(db, jobId);
  if (!job || job.kind !== BULK_ISSUE || (scope !== null && job.branchId !== scope)) throw missing(jobMessages.missing);
  return { ...jobViewOf(job), issued: await issuedByJob(db, job.id) };
}

/** The work: the course's eligible students read once, issued a chunk a transaction, as whoever asked for it. */
export function bulkIssueKind({
  database,
  clock = systemClock,
  chunkSize = ISSUES_PER_CHUNK,
}: {
  database: Database;
  clock?: Clock;
  chunkSize?: number;
}): JobKind<BulkIssuePayload> {
  return {
    kind: BULK_ISSUE,
    payload,
    async run(job) {
      const { db } = database;
      const { kind, formatId, courseId, branchId, scope } = job.payload;
      const requestedBy = (await findJob(db, job.id))?.requestedBy ?? null;
      const students = await eligibleStudentIds(db, kind, scope, courseId, branchId ?? undefined);
      for (let start = 0; start < students.length; start += chunkSize) {
        const chunk = students.slice(start, start + chunkSize);
        await db.transaction(async (tx) => {
          const ctx = { tx, meta: { actorId: requestedBy, branchId: scope, occurredAt: clock.now() } };
          const basis = await issueBasis(tx, { formatId, courseId });
          for (const studentId of chunk) {
            await issueDocument(ctx, { scope }, { kind, formatId, studentId, courseId }, { basis, jobId: job.id });
          }
        });
        await job.progress(start + chunk.length, students.length);
      }
      return null;
    },
  };
}
