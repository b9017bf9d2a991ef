import { z } from 'zod';
import { documentMessages } from '../../../common/contracts/documents';
import { jobMessages, type JobKindName } from '../../../common/contracts/jobs';
import type { Database, Executor } from '../../db/client';
import type { EventMetadata } from '../../db/event-store';
import { enqueueJob, findJob, type JobRow } from '../../jobs/queue';
import type { JobKind } from '../../jobs/runner';
import { marksheetsPdf } from '../../pdf/exam-documents';
import { pdfJoiner } from '../../pdf/join';
import type { ObjectStorage } from '../../storage/object-storage';
import { branchScope } from '../auth/branch-scope';
import { conflict, missing } from '../errors';
import { resultsExam, type Caller } from '../exam-results/queries';
import { sittingMarksheetFacts } from './marksheets';
import { centreOf } from './queries';
import { sittingDocuments, sittingDocumentsOf } from './sittings';

/*
 * A whole sitting's marksheets as one PDF, made by a job: rendered a chunk at a time and joined,
 * so a sitting of a thousand students keeps to the heap a single marksheet needs (decision 030).
 */

export const SITTING_MARKSHEETS = 'sitting-marksheets' satisfies JobKindName;

/** Marksheets rendered at once: a chunk's layout is what the heap holds besides the joined file. */
export const MARKSHEETS_PER_CHUNK = 25;

const payload = z.object({
  examId: z.string(),
  branchId: z.string(),
  /** The address browsers reached the server at when the job was asked for: the verification links start with it. */
  origin: z.string(),
});
type SittingMarksheetsPayload = z.infer<typeof payload>;

/** The job reads the sitting it was asked for by whoever reached it: the check was made when it was asked. */
const runner: Caller = { role: 'admin', branchId: null };

/**
 * Queues the marksheets of a published sitting the caller opens (the branch named, else their
 * first), or finds the job already making them.
 */
export async function startSittingMarksheets(
  ctx: { tx: Executor; meta: EventMetadata },
  caller: Caller,
  examId: string,
  branchId: string | undefined,
  origin: string,
) {
  const list = await sittingDocuments(ctx.tx, caller, examId, 'marksheet', branchId);
  if (!list.branch || list.students.length === 0) throw missing(documentMessages.nobodySitting);
  if (!list.published) throw conflict(documentMessages.notPublished);
  const job: SittingMarksheetsPayload = { examId: list.exam._id, branchId: list.branch._id, origin };
  return enqueueJob(ctx.tx, {
    kind: SITTING_MARKSHEETS,
    subject: `${job.examId}:${job.branchId}`,
    payload: job,
    total: list.students.length,
    requestedBy: ctx.meta.actorId ?? null,
    branchId: job.branchId,
    now: ctx.meta.occurredAt,
  });
}

/** A sitting's marksheets job of this exam, to a caller who reaches its branch; any other job is none. */
export async function sittingMarksheetsJob(db: Executor, caller: Caller, examId: string, jobId: string): Promise<JobRow> {
  const job = await findJob(db, jobId);
  const scope = branchScope(caller);
  if (
    !job ||
    job.kind !== SITTING_MARKSHEETS ||
    (job.payload as SittingMarksheetsPayload).examId !== examId ||
    (scope !== null && job.branchId !== scope)
  ) {
    throw missing(jobMessages.missing);
  }
  return job;
}

/** The exam of a marksheets job, whose screen watches it; null for a payload this version cannot read. */
export const sittingMarksheetsExam = (job: Pick<JobRow, 'payload'>): string | null => payload.safeParse(job.payload).data?.examId ?? null;

/** The finished file of a sitting's marksheets job, with the name a browser saves it under. */
export async function sittingMarksheetsFile(db: Executor, storage: ObjectStorage, caller: Caller, examId: string, jobId: string) {
  const job = await sittingMarksheetsJob(db, caller, examId, jobId);
  if (job.state === 'failed') throw conflict(job.error ?? jobMessages.failed);
  if (job.state === 'cancelled') throw conflict(jobMessages.wasCancelled);
  if (job.state !== 'done' || !job.result) throw conflict(jobMessages.unfinished);
  const stored = await storage.head(job.result);
  if (!stored) throw missing(jobMessages.missing);
  const [exam, centre] = await Promise.all([resultsExam(db, examId, caller), centreOf(db, job.branchId ?? '')]);
  return { bytes: await storage.readStart(job.result, stored.size), exam: exam.examName, centre: centre.name };
}

/**
 * The work: the sitting's students as published, by roll number, rendered a chunk at a time and
 * joined, progress recorded after each chunk; the file goes to storage beside uploads. Taken
 * again after a restart, it starts from the first chunk: what was rendered before is not kept.
 */
export function sittingMarksheetsKind({
  database,
  storage,
  chunkSize = MARKSHEETS_PER_CHUNK,
}: {
  database: Database;
  storage: ObjectStorage;
  chunkSize?: number;
}): JobKind<SittingMarksheetsPayload> {
  return {
    kind: SITTING_MARKSHEETS,
    payload,
    async run(job) {
      const { db } = database;
      const { examId, branchId, origin } = job.payload;
      const exam = await resultsExam(db, examId, runner);
      const list = await sittingDocumentsOf(db, runner, exam, 'marksheet', branchId);
      if (!list.published) throw conflict(documentMessages.notPublished);
      const students = list.students.map((student) => student.studentId);
      const joined = await pdfJoiner();
      for (let start = 0; start < students.length; start += chunkSize) {
        const chunk = students.slice(start, start + chunkSize);
        await joined.add(await marksheetsPdf(await sittingMarksheetFacts(db, exam, branchId, chunk), storage, origin));
        await job.progress(start + chunk.length, students.length);
      }
      const key = `jobs/${job.id}/marksheets.pdf`;
      await storage.put({ key, contentType: 'application/pdf', body: await joined.bytes() });
      return key;
    },
  };
}
