import { and, eq, inArray, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DocumentKind, ExamDocumentVerification, VerificationState } from '../../../common/contracts/documents';
import type { Executor } from '../../db/client';
import { examSittingChanges, issuedDocuments, records } from '../../db/schema';

/** The codes of the documents of a kind that stand for a sitting's students, by student. */
export async function sittingCodes(db: Executor, kind: DocumentKind, examId: string, branchId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ studentId: issuedDocuments.studentId, code: issuedDocuments.code })
    .from(issuedDocuments)
    .where(
      and(
        eq(issuedDocuments.examId, examId),
        eq(issuedDocuments.branchId, branchId),
        eq(issuedDocuments.kind, kind),
        isNull(issuedDocuments.supersededAt),
      ),
    );
  return new Map(rows.map((row) => [row.studentId, row.code]));
}

/** The documents of a kind that stand for these students in an exam, by student; one never issued is left out. */
export async function currentDocuments(db: Executor, kind: DocumentKind, examId: string, studentIds: readonly string[]) {
  if (studentIds.length === 0) return new Map<string, typeof issuedDocuments.$inferSelect>();
  const rows = await db
    .select()
    .from(issuedDocuments)
    .where(
      and(
        eq(issuedDocuments.kind, kind),
        eq(issuedDocuments.examId, examId),
        inArray(issuedDocuments.studentId, [...studentIds]),
        isNull(issuedDocuments.supersededAt),
      ),
    );
  return new Map(rows.map((row) => [row.studentId, row]));
}

/** The document of a kind that stands for a student in an exam, if one was issued. */
export async function currentDocument(db: Executor, kind: DocumentKind, examId: string, studentId: string) {
  return (await currentDocuments(db, kind, examId, [studentId])).get(studentId) ?? null;
}

/** A student as documents name them. */
export interface DocumentHolder {
  studentId: string;
  name: string;
  fatherName: string | null;
  registrationNo: string | null;
  rollNo: string | null;
  /** The upload key of their photo, if they have one. */
  photoKey: string | null;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

export async function documentHolders(db: Executor, studentIds: readonly string[]): Promise<Map<string, DocumentHolder>> {
  if (studentIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: records.id,
      title: records.title,
      registrationNo: records.registrationNo,
      rollNo: records.rollNo,
      fields: records.fields,
    })
    .from(records)
    .where(inArray(records.id, [...studentIds]));
  return new Map(
    rows.map((row) => {
      const fields = row.fields as Record<string, unknown>;
      return [
        row.id,
        {
          studentId: row.id,
          name: row.title,
          fatherName: text(fields.fatherName),
          registrationNo: row.registrationNo,
          rollNo: row.rollNo,
          photoKey: text(fields.studentPhoto),
        },
      ];
    }),
  );
}

/** A branch as a document names it: the centre that issues it. */
export async function centreOf(db: Executor, branchId: string): Promise<{ name: string; address: string | null }> {
  const [row] = await db.select({ title: records.title, fields: records.fields }).from(records).where(eq(records.id, branchId));
  return { name: row?.title ?? '', address: text((row?.fields as Record<string, unknown> | undefined)?.branchAddress) };
}

const student = alias(records, 'student');
const exam = alias(records, 'exam');
const course = alias(records, 'course');
const branch = alias(records, 'branch');

/**
 * What a code says to anyone who holds the paper. A document stands until a later one replaces
 * it; an admit card is withdrawn once its holder no longer sits the exam (no longer registered
 * and active in its branch, in its course or added to it, or excused), and any document once its
 * student or exam is deleted.
 */
export async function verification(db: Executor, code: string): Promise<ExamDocumentVerification | null> {
  const [row] = await db
    .select({
      document: issuedDocuments,
      student: { name: student.title, registrationNo: student.registrationNo, sits: student.isActive, registered: student.isRegistered },
      studentCourse: student.courseId,
      studentBranch: student.branchId,
      exam: { name: exam.title, courseId: exam.courseId },
      course: course.title,
      branch: branch.title,
      sittingChange: examSittingChanges.change,
    })
    .from(issuedDocuments)
    .leftJoin(student, eq(student.id, issuedDocuments.studentId))
    .leftJoin(exam, eq(exam.id, issuedDocuments.examId))
    .leftJoin(course, eq(course.id, exam.courseId))
    .leftJoin(branch, eq(branch.id, issuedDocuments.branchId))
    .leftJoin(
      examSittingChanges,
      and(eq(examSittingChanges.examId, issuedDocuments.examId), eq(examSittingChanges.studentId, issuedDocuments.studentId)),
    )
    .where(eq(issuedDocuments.code, code));
  if (!row) return null;
  const { document } = row;
  const kind = document.kind as DocumentKind;
  const sitsStill =
    row.student !== null &&
    row.student.sits &&
    row.student.registered &&
    row.exam !== null &&
    (row.sittingChange === 'added' || (row.sittingChange !== 'excused' && row.studentCourse === row.exam.courseId)) &&
    row.studentBranch === document.branchId;
  const state: VerificationState = document.supersededAt
    ? 'superseded'
    : row.student === null || row.exam === null || (kind === 'admit-card' && !sitsStill)
      ? 'withdrawn'
      : 'valid';
  return {
    code: document.code,
    kind,
    state,
    issuedAt: document.issuedAt.toISOString(),
    issuedBy: row.branch ?? '',
    holder: { name: row.student?.name ?? '', registrationNo: row.student?.registrationNo ?? null },
    exam: { name: row.exam?.name ?? '', course: row.course },
  };
}
