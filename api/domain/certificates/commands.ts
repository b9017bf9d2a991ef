import { and, eq, sql } from 'drizzle-orm';
import { certificateMessages, type IssueBody, type IssuedKind } from '../../../common/contracts/certificates';
import { financialYear, seriesNumber } from '../../../common/fees';
import { indianDay } from '../../../common/india-time';
import type { Executor } from '../../db/client';
import { certificateCounters, certificateFormats, records } from '../../db/schema';
import type { Actor } from '../auth/actor';
import { branchScope } from '../auth/branch-scope';
import { formatRevision } from '../certificate-formats/queries';
import { findStudent, sampleOf, type StudentRecord, type TitledRecord } from '../certificate-formats/sample';
import { runCommand, type CommandContext, type Decider } from '../command';
import { newVerificationCode } from '../documents/codes';
import { forbidden, missing } from '../errors';
import { newId } from '../ids';
import { takeNumber } from '../invoices/numbering';
import { decide, evolve, initialIssuedCertificate, type IssuedCertificateCommand, type IssuedCertificateState } from './decide';
import { issuedCertificateStream, type DocumentRef, type IssuedCertificateEvent, type IssuedData } from './events';
import { currentDocument, readableDocument } from './queries';

const issuedCertificates: Decider<IssuedCertificateCommand, IssuedCertificateState, IssuedCertificateEvent> = {
  initialState: initialIssuedCertificate,
  evolve,
  decide,
  exists: (state) => state.stage !== 'none',
};

/** Each kind's series prefix: the number says what it numbers. */
const seriesPrefix: Record<IssuedKind, string> = { certificate: 'CERT', idcard: 'ID' };

const ifMatchOf = (version: number | undefined) =>
  version === undefined ? undefined : { version, staleMessage: certificateMessages.stale };

/** Who issues: the branch they are confined to, or null for the institute's staff; a bulk job issues as whoever started it. */
export interface Issuer {
  scope: string | null;
}
export const issuerOf = (actor: Actor): Issuer => ({ scope: branchScope(actor) });

/**
 * Two issues for one student, course and kind wait for each other here, so the second finds the
 * first's document rather than making another (or tripping over the unique index).
 */
async function lockHolder(ctx: CommandContext, { kind, studentId, courseId }: Pick<IssueBody, 'kind' | 'studentId' | 'courseId'>) {
  await ctx.tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`issued-certificate:${kind}:${studentId}:${courseId}`}))`);
}

/** The student, refused to a branch's staff when another branch's: every issue and reissue asks it first. */
async function requireStudent(ctx: CommandContext, issuer: Issuer, studentId: string): Promise<StudentRecord> {
  const student = await findStudent(ctx.tx, studentId);
  if (!student) throw missing(certificateMessages.studentMissing);
  if (issuer.scope !== null && student.branchId !== issuer.scope) throw forbidden(certificateMessages.otherBranchStudent);
  return student;
}

/** The format and course a document is asked of, each refused when there is none. */
export async function formatAndCourse(db: Executor, { formatId, courseId }: Pick<IssueBody, 'formatId' | 'courseId'>) {
  const [[format], [course]] = await Promise.all([
    db
      .select({ kind: certificateFormats.kind, archived: certificateFormats.archived })
      .from(certificateFormats)
      .where(eq(certificateFormats.id, formatId)),
    db
      .select({ id: records.id, title: records.title, fields: records.fields })
      .from(records)
      .where(and(eq(records.id, courseId), eq(records.formType, 'course'))),
  ]);
  if (!format) throw missing(certificateMessages.formatMissing);
  if (!course) throw missing(certificateMessages.courseMissing);
  return {
    format: { kind: format.kind as IssuedKind, archived: format.archived },
    course: { ...course, fields: course.fields as Record<string, unknown> } satisfies TitledRecord,
  };
}

/**
 * What every document of one format and course shares: the format, the course and the format's
 * latest revision. Read once for a document, and once a chunk for a bulk issue's students.
 */
export type IssueBasis = Awaited<ReturnType<typeof formatAndCourse>> & { revision: Awaited<ReturnType<typeof formatRevision>> };

export async function issueBasis(db: Executor, input: Pick<IssueBody, 'formatId' | 'courseId'>): Promise<IssueBasis> {
  const found = await formatAndCourse(db, input);
  return { ...found, revision: await formatRevision(db, input.formatId) };
}

/**
 * Everything a new document records, its number taken from its series in this transaction (a
 * refusal after it rolls the number back, so the series has no gap), and the facts its rules read.
 */
async function prepareIssue(
  ctx: CommandContext,
  input: IssueBody,
  student: StudentRecord,
  basis: IssueBasis,
  { supersedes = null, jobId = null }: { supersedes?: DocumentRef | null; jobId?: string | null } = {},
) {
  const sample = await sampleOf(ctx.tx, student, ctx.meta.occurredAt, basis.course);
  const year = financialYear(indianDay(ctx.meta.occurredAt));
  const series = `${input.kind}|${year}`;
  const sequence = await takeNumber(ctx.tx, series, certificateCounters);
  const number = seriesNumber(seriesPrefix[input.kind], year, sequence);
  const values = { ...sample.values, course: basis.course.title, documentNumber: number };
  const data: IssuedData = {
    kind: input.kind,
    number,
    series,
    sequence,
    code: newVerificationCode(),
    studentId: input.studentId,
    studentName: student.title,
    registrationNo: student.registrationNo,
    courseId: input.courseId,
    courseName: basis.course.title,
    branchId: student.branchId,
    branchName: values.branch ?? null,
    formatId: input.formatId,
    formatName: basis.revision.content.name,
    formatRevision: basis.revision.revision,
    values,
    photo: sample.photo,
    supersedes,
    jobId,
  };
  const facts = { format: basis.format, inCourse: student.courseId === input.courseId, completedCourse: student.completedCourse };
  return { id: newId(ctx.meta.occurredAt.getTime()), command: { type: 'Issue' as const, data, facts } };
}

const uniqueConflicts = (kind: IssuedKind) => ({ issued_certificates_current_key: certificateMessages.alreadyHeld(kind) });

/**
 * Issues a document to a student for a course, or answers the one they hold of its kind for that
 * course: issuing again makes no second document (a reissue does). A bulk issue passes the basis
 * it read for its chunk and its job.
 */
export async function issueDocument(
  ctx: CommandContext,
  issuer: Issuer,
  input: IssueBody,
  { basis, jobId = null }: { basis?: IssueBasis; jobId?: string | null } = {},
): Promise<{ id: string; created: boolean }> {
  const student = await requireStudent(ctx, issuer, input.studentId);
  await lockHolder(ctx, input);
  const held = await currentDocument(ctx.tx, input);
  if (held) return { id: held._id, created: false };
  const { id, command } = await prepareIssue(ctx, input, student, basis ?? (await issueBasis(ctx.tx, input)), { jobId });
  await runCommand(ctx, issuedCertificateStream(id), issuedCertificates, command, { uniqueConflicts: uniqueConflicts(input.kind) });
  return { id, created: true };
}

export async function revokeDocument(ctx: CommandContext, actor: Actor, id: string, reason: string, expectedVersion?: number) {
  await readableDocument(ctx.tx, id, branchScope(actor));
  await runCommand(
    ctx,
    issuedCertificateStream(id),
    issuedCertificates,
    { type: 'Revoke', data: { reason } },
    { ifMatch: ifMatchOf(expectedVersion) },
  );
}

/**
 * A new document with a new number in place of one that stands, from its format (or another of
 * its kind) at the latest revision and the student's details as they are now; the old one is
 * superseded by it in the same transaction. Answers the new document's id.
 */
export async function reissueDocument(
  ctx: CommandContext,
  actor: Actor,
  id: string,
  formatId: string | undefined,
  expectedVersion?: number,
): Promise<string> {
  const old = await readableDocument(ctx.tx, id, branchScope(actor));
  const input: IssueBody = { kind: old.kind, formatId: formatId ?? old.formatId, studentId: old.studentId, courseId: old.courseId };
  await lockHolder(ctx, input);
  const student = await requireStudent(ctx, issuerOf(actor), old.studentId);
  const fresh = await prepareIssue(ctx, input, student, await issueBasis(ctx.tx, input), {
    supersedes: { _id: old._id, number: old.number },
  });
  await runCommand(
    ctx,
    issuedCertificateStream(id),
    issuedCertificates,
    { type: 'Supersede', data: { by: { _id: fresh.id, number: fresh.command.data.number } } },
    { ifMatch: ifMatchOf(expectedVersion) },
  );
  await runCommand(ctx, issuedCertificateStream(fresh.id), issuedCertificates, fresh.command, {
    uniqueConflicts: uniqueConflicts(old.kind),
  });
  return fresh.id;
}
