import { and, eq, sql } from 'drizzle-orm';
import { certificateMessages, type IssueBody, type IssuedKind } from '../../../common/contracts/certificates';
import { financialYear, seriesNumber } from '../../../common/fees';
import { indianDay } from '../../../common/india-time';
import type { Executor } from '../../db/client';
import { certificateCounters, certificateFormats, records } from '../../db/schema';
import type { Actor } from '../auth/actor';
import { branchScope } from '../auth/branch-scope';
import { formatRevision, studentSample } from '../certificate-formats/sample';
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

/** The facts of the student sample's reach: the issuer's branch, already checked against the student's. */
const sampler = (issuer: Issuer): Actor => ({
  id: '',
  role: issuer.scope === null ? 'superadmin' : 'admin',
  branchId: issuer.scope,
  sessionId: '',
  permissions: new Set(),
});

/**
 * Two issues for one student, course and kind wait for each other here, so the second finds the
 * first's document rather than making another (or tripping over the unique index).
 */
async function lockHolder(ctx: CommandContext, { kind, studentId, courseId }: Pick<IssueBody, 'kind' | 'studentId' | 'courseId'>) {
  await ctx.tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`issued-certificate:${kind}:${studentId}:${courseId}`}))`);
}

async function studentOf(ctx: CommandContext, id: string) {
  const [row] = await ctx.tx
    .select({ branchId: records.branchId, courseId: records.courseId, completedCourse: records.completedCourse, title: records.title })
    .from(records)
    .where(and(eq(records.id, id), eq(records.formType, 'student')));
  return row ?? null;
}

/** The student, refused to a branch's staff when another branch's: every issue and reissue asks it first. */
async function requireStudent(ctx: CommandContext, issuer: Issuer, studentId: string) {
  const student = await studentOf(ctx, studentId);
  if (!student) throw missing(certificateMessages.studentMissing);
  if (issuer.scope !== null && student.branchId !== issuer.scope) throw forbidden(certificateMessages.otherBranchStudent);
  return student;
}

/**
 * Everything a new document records, its number taken from its series in this transaction (a
 * refusal after it rolls the number back, so the series has no gap), and the facts its rules read.
 */
async function prepareIssue(
  ctx: CommandContext,
  issuer: Issuer,
  input: IssueBody,
  { supersedes = null, jobId = null }: { supersedes?: DocumentRef | null; jobId?: string | null } = {},
) {
  const student = await requireStudent(ctx, issuer, input.studentId);
  const { format, course } = await formatAndCourse(ctx.tx, input);
  const [{ content, revision }, sample] = await Promise.all([
    formatRevision(ctx.tx, input.formatId),
    studentSample(ctx.tx, sampler(issuer), input.studentId, ctx.meta.occurredAt),
  ]);
  const year = financialYear(indianDay(ctx.meta.occurredAt));
  const series = `${input.kind}|${year}`;
  const sequence = await takeNumber(ctx.tx, series, certificateCounters);
  const number = seriesNumber(seriesPrefix[input.kind], year, sequence);
  const values = { ...sample.values, course: course.title, documentNumber: number };
  const data: IssuedData = {
    kind: input.kind,
    number,
    series,
    sequence,
    code: newVerificationCode(),
    studentId: input.studentId,
    studentName: student.title,
    registrationNo: values.registrationNo ?? null,
    courseId: input.courseId,
    courseName: course.title,
    branchId: student.branchId,
    branchName: values.branch ?? null,
    formatId: input.formatId,
    formatName: content.name,
    formatRevision: revision,
    values,
    photo: sample.photo,
    supersedes,
    jobId,
  };
  const facts = {
    format,
    inCourse: student.courseId === input.courseId,
    completedCourse: student.completedCourse,
  };
  return { id: newId(ctx.meta.occurredAt.getTime()), command: { type: 'Issue' as const, data, facts } };
}

/** The format and course a document is asked of, each refused when there is none. */
export async function formatAndCourse(db: Executor, { formatId, courseId }: Pick<IssueBody, 'formatId' | 'courseId'>) {
  const [[format], [course]] = await Promise.all([
    db
      .select({ kind: certificateFormats.kind, archived: certificateFormats.archived })
      .from(certificateFormats)
      .where(eq(certificateFormats.id, formatId)),
    db
      .select({ title: records.title })
      .from(records)
      .where(and(eq(records.id, courseId), eq(records.formType, 'course'))),
  ]);
  if (!format) throw missing(certificateMessages.formatMissing);
  if (!course) throw missing(certificateMessages.courseMissing);
  return { format: { kind: format.kind as IssuedKind, archived: format.archived }, course };
}

const uniqueConflicts = (kind: IssuedKind) => ({ issued_certificates_current_key: certificateMessages.alreadyHeld(kind) });

/**
 * Issues a document to a student for a course, or answers the one they hold of its kind for that
 * course: issuing again makes no second document (a reissue does).
 */
export async function issueDocument(
  ctx: CommandContext,
  issuer: Issuer,
  input: IssueBody,
  jobId: string | null = null,
): Promise<{ id: string; created: boolean }> {
  await requireStudent(ctx, issuer, input.studentId);
  await lockHolder(ctx, input);
  const held = await currentDocument(ctx.tx, input);
  if (held) return { id: held._id, created: false };
  const { id, command } = await prepareIssue(ctx, issuer, input, { jobId });
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
  const fresh = await prepareIssue(ctx, issuerOf(actor), input, { supersedes: { _id: old._id, number: old.number } });
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
