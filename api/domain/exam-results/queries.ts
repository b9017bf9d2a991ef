import { and, asc, eq, inArray, isNotNull, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { examResultMessages, type StudentExam } from '../../../common/contracts/exam-results';
import type { ResultState } from '../../../common/contracts/results';
import { examSubjectsOf, fromHundredths, outcomeOf, ABSENT, type ExamSubject, type MarkValue } from '../../../common/exam-results';
import { fieldsDataToValues } from '../../../common/forms/fields';
import type { Executor } from '../../db/client';
import { examMarks, examSittingChanges, examSittings, records } from '../../db/schema';
import type { Actor } from '../auth/actor';
import { branchScope } from '../auth/branch-scope';
import { DomainError, missing } from '../errors';
import { findRecord, readableBy } from '../record-queries';
import type { Cell } from './decide';
import { currentDocument } from '../documents/queries';
import { sittingScale } from '../marksheet-templates/queries';

/** Who enters and reads results: their branch confines them to its sitting. */
export type Caller = Pick<Actor, 'role' | 'branchId'>;

/** An exam as results are entered for it. */
export interface ResultsExam {
  id: string;
  examId: string | null;
  examName: string;
  courseId: string | null;
  courseName: string | null;
  /** Set when the exam is a branch's own: only that branch sits it. */
  branchId: string | null;
  subjects: ExamSubject[];
  /** The subject rows as the exam form holds them, with their dates and times. */
  subjectRows: Record<string, unknown>[];
}

/** An exam's record as results read it: its columns and its form's values. */
interface ExamRecord {
  id: string;
  code: string | null;
  title: string;
  courseId: string | null;
  courseName: string | null;
  branchId: string | null;
  values: Record<string, unknown>;
}

function examOf(exam: ExamRecord): ResultsExam {
  const table = exam.values.examSubjectsTable;
  const rows = Array.isArray(table) ? (table as Record<string, unknown>[]) : [];
  return {
    id: exam.id,
    examId: exam.code,
    examName: exam.title,
    courseId: exam.courseId,
    courseName: exam.courseName,
    branchId: exam.branchId,
    subjects: examSubjectsOf(rows),
    subjectRows: rows,
  };
}

/** The exam, as the caller reaches it; another branch's exam, or none, is not found. */
export async function resultsExam(db: Executor, id: string, caller: Caller): Promise<ResultsExam> {
  const exam = await findRecord(db, id, branchScope(caller));
  if (!exam || exam.formType !== 'examResult') throw missing(examResultMessages.examMissing);
  return examOf({ ...exam, id: exam._id, values: fieldsDataToValues(exam.fieldsData) });
}

/** Students, when the exam's row is `records`. */
const student = alias(records, 'student');

/** Whether a student's latest change in an exam's sitting is of this kind. */
const changed = (exam: string | AnyPgColumn, studentId: AnyPgColumn, change: 'added' | 'excused') =>
  sql`EXISTS (SELECT 1 FROM ${examSittingChanges} WHERE ${examSittingChanges.examId} = ${exam} AND ${examSittingChanges.studentId} = ${studentId} AND ${examSittingChanges.change} = ${change})`;

/**
 * The students who sit an exam: registered and active, brought by its course unless excused, or
 * added; in the exam's branch when it is a branch's own, and in the caller's branch when they
 * belong to one. The exam, its course and its branch are values, or the columns of an exam's row
 * joined in; an exam without a course is sat by nobody. The students are `records`, or `student`
 * when the exam's row is `records`.
 */
function sitters(
  exam: { id: string | AnyPgColumn; courseId: string | AnyPgColumn; branchId: string | AnyPgColumn | null },
  caller: Caller,
  students: typeof records | typeof student = records,
) {
  const scope = branchScope(caller);
  const examBranch = exam.branchId;
  return and(
    eq(students.formType, 'student'),
    eq(students.isRegistered, true),
    eq(students.isActive, true),
    or(and(eq(students.courseId, exam.courseId), not(changed(exam.id, students.id, 'excused'))), changed(exam.id, students.id, 'added')),
    examBranch === null
      ? undefined
      : typeof examBranch === 'string'
        ? eq(students.branchId, examBranch)
        : or(isNull(examBranch), eq(students.branchId, examBranch)),
    scope === null ? undefined : eq(students.branchId, scope),
  );
}

/** The students who sit this exam, as the caller reaches them. */
export const sitting = (exam: ResultsExam, caller: Caller): SQL =>
  (exam.courseId !== null && sitters({ id: exam.id, courseId: exam.courseId, branchId: exam.branchId }, caller)) || sql`false`;

const branch = alias(records, 'branch');

/** The branches in which the caller may open the exam's sitting: those with a student sitting it, by name. */
export async function sittingBranches(db: Executor, exam: ResultsExam, caller: Caller) {
  return db
    .selectDistinct({ _id: branch.id, name: branch.title })
    .from(records)
    .innerJoin(branch, and(eq(branch.id, records.branchId), eq(branch.formType, 'branch')))
    .where(sitting(exam, caller))
    .orderBy(asc(branch.title), asc(branch.id));
}

/** The branch whose sitting the caller opens: their own, the one they name, else the first with a student sitting the exam. */
export async function sittingBranch(db: Executor, exam: ResultsExam, caller: Caller, named: string | undefined) {
  const branches = await sittingBranches(db, exam, caller);
  if (named === undefined) return { branch: branches[0] ?? null, branches };
  const branch = branches.find((one) => one._id === named);
  if (!branch) throw missing(examResultMessages.nobodySitting);
  return { branch, branches };
}

export interface SittingStudent {
  studentId: string;
  name: string;
  rollNo: string | null;
  registrationNo: string | null;
}

/** The students sitting the exam in a branch, by roll number, then name. */
export async function sittingStudents(db: Executor, exam: ResultsExam, branchId: string, caller: Caller): Promise<SittingStudent[]> {
  return db
    .select({ studentId: records.id, name: records.title, rollNo: records.rollNo, registrationNo: records.registrationNo })
    .from(records)
    .where(and(sitting(exam, caller), eq(records.branchId, branchId)))
    .orderBy(sql`${records.rollNo} asc nulls last`, asc(records.title), asc(records.id));
}

/** The branch of each of these students that sits the exam; one who does not (or whom the caller may not reach) is left out. */
export async function sittingBranchOf(db: Executor, exam: ResultsExam, studentIds: string[], caller: Caller): Promise<Map<string, string>> {
  if (studentIds.length === 0) return new Map();
  const rows = await db
    .select({ id: records.id, branchId: records.branchId })
    .from(records)
    .where(and(sitting(exam, caller), inArray(records.id, studentIds)));
  return new Map(rows.flatMap((row) => (row.branchId ? [[row.id, row.branchId] as const] : [])));
}

/** The marks of a sitting (or of some of its students), by student, then subject. */
export async function sittingMarks(
  db: Executor,
  examId: string,
  branchId: string,
  studentIds?: readonly string[],
): Promise<Map<string, Record<string, Cell>>> {
  const rows = await db
    .select()
    .from(examMarks)
    .where(
      and(
        eq(examMarks.examId, examId),
        eq(examMarks.branchId, branchId),
        studentIds === undefined ? undefined : inArray(examMarks.studentId, [...studentIds]),
      ),
    );
  const marks = new Map<string, Record<string, Cell>>();
  for (const row of rows) {
    const value: MarkValue = row.absent ? ABSENT : fromHundredths(row.hundredths ?? 0);
    marks.set(row.studentId, { ...marks.get(row.studentId), [row.subject]: { value, version: row.version } });
  }
  return marks;
}

/** A sitting's state as published, or a draft. */
export async function sittingState(db: Executor, examId: string, branchId: string) {
  const [row] = await db
    .select()
    .from(examSittings)
    .where(and(eq(examSittings.examId, examId), eq(examSittings.branchId, branchId)));
  return (
    row ?? {
      examId,
      branchId,
      state: 'draft' as const,
      publishedAt: null,
      publishedBy: null,
      version: 0,
      templateId: null,
      templateRevision: null,
    }
  );
}

/**
 * Holds a sitting against publishing while marks are written to it (shared), or against any
 * writer while it is published (exclusive), until the transaction ends: a mark is never written
 * to a sitting after its results were published.
 */
export async function lockSitting(db: Executor, examId: string, branchId: string, mode: 'shared' | 'exclusive') {
  const key = sittingLockKey(examId, branchId);
  await db.execute(mode === 'shared' ? sql`SELECT pg_advisory_xact_lock_shared(${key})` : sql`SELECT pg_advisory_xact_lock(${key})`);
}

/** The advisory lock of an exam's sitting in a branch; the exam and the branch may be columns. */
const sittingLockKey = (examId: string | AnyPgColumn, branchId: string | AnyPgColumn) =>
  sql`hashtext(${'sitting:'}::text || ${examId}::text || ${':'}::text || ${branchId}::text)`;

const course = alias(records, 'course');

/**
 * The exam as `resultsExam` reads it and the branch of each of these students that sits it (as
 * `sittingBranchOf`), holding each sitting found against publishing, in one statement: a writer
 * of marks then reads the sitting's state after it, and a publish waits for its commit.
 */
export async function sittingBranchOfHeld(
  db: Executor,
  examId: string,
  studentIds: string[],
  caller: Caller,
): Promise<{ exam: ResultsExam; branchOf: Map<string, string> }> {
  const rows = await db
    .select({
      id: records.id,
      code: records.code,
      title: records.title,
      courseId: records.courseId,
      courseName: course.title,
      branchId: records.branchId,
      fields: records.fields,
      studentId: student.id,
      studentBranchId: student.branchId,
      held: sql`CASE WHEN ${student.id} IS NOT NULL THEN pg_advisory_xact_lock_shared(${sittingLockKey(records.id, student.branchId)}) END`,
    })
    .from(records)
    .leftJoin(course, and(eq(course.id, records.courseId), eq(course.formType, 'course')))
    .leftJoin(
      student,
      and(
        isNotNull(records.courseId),
        sitters({ id: records.id, courseId: records.courseId, branchId: records.branchId }, caller, student),
        inArray(student.id, studentIds),
        isNotNull(student.branchId),
      ),
    )
    .where(and(eq(records.id, examId), eq(records.formType, 'examResult'), readableBy(branchScope(caller))));
  const [first] = rows;
  if (!first) throw missing(examResultMessages.examMissing);
  return {
    exam: examOf({ ...first, values: first.fields as Record<string, unknown> }),
    branchOf: new Map(rows.flatMap((row) => (row.studentId && row.studentBranchId ? [[row.studentId, row.studentBranchId] as const] : []))),
  };
}

/** Whether an exam's sitting in a branch is published, as SQL to read beside a stream. */
export const sittingPublished = (examId: string, branchId: string) =>
  sql<boolean>`EXISTS (SELECT 1 FROM ${examSittings} WHERE ${examSittings.examId} = ${examId} AND ${examSittings.branchId} = ${branchId} AND ${examSittings.state} = 'published')`;

/**
 * Where each exam's results stand in the sittings the caller reaches (the branches with a
 * student sitting it): published once every sitting is, in progress once any holds a mark,
 * else awaiting entry.
 */
export async function resultsStates(db: Executor, examIds: string[], caller: Caller): Promise<Map<string, ResultState>> {
  const states = new Map<string, ResultState>(examIds.map((id) => [id, 'awaiting entry']));
  if (examIds.length === 0) return states;
  const scope = branchScope(caller);
  const exam = alias(records, 'exam');
  const [sat, marked, published] = await Promise.all([
    db
      .selectDistinct({ examId: exam.id, branchId: records.branchId })
      .from(exam)
      .innerJoin(records, sitters(exam, caller))
      .where(inArray(exam.id, examIds)),
    db
      .selectDistinct({ examId: examMarks.examId })
      .from(examMarks)
      .where(and(inArray(examMarks.examId, examIds), scope === null ? undefined : eq(examMarks.branchId, scope))),
    db
      .select({ examId: examSittings.examId, branchId: examSittings.branchId })
      .from(examSittings)
      .where(and(inArray(examSittings.examId, examIds), eq(examSittings.state, 'published'))),
  ]);
  const isPublished = new Set(published.map((row) => `${row.examId} ${row.branchId}`));
  for (const { examId } of marked) states.set(examId, 'in progress');
  const unpublished = new Set(sat.filter((row) => !isPublished.has(`${row.examId} ${row.branchId}`)).map((row) => row.examId));
  for (const { examId } of sat) if (!unpublished.has(examId)) states.set(examId, 'published');
  return states;
}

/** Reads an exam whatever branch it belongs to: a student's details show every exam they sit. */
/** Who reaches every branch: for reads a caller's own access was checked for already. */
export const anyBranch: Caller = { role: 'admin', branchId: null };

/**
 * A student's exams, for their details: the exams of their course (their branch's and the
 * institute's) and any exam they hold marks in, newest first, each with their marks and outcome.
 * A student the caller may not reach is not found.
 */
export async function studentResults(db: Executor, caller: Caller, studentId: string): Promise<StudentExam[]> {
  const student = await findRecord(db, studentId, branchScope(caller));
  if (!student || student.formType !== 'student') throw missing(examResultMessages.studentMissing);
  const [ofCourse, marked] = await Promise.all([
    student.courseId === null
      ? Promise.resolve([])
      : db
          .select({ id: records.id })
          .from(records)
          .where(
            and(
              eq(records.formType, 'examResult'),
              eq(records.courseId, student.courseId),
              student.branchId === null ? isNull(records.branchId) : or(isNull(records.branchId), eq(records.branchId, student.branchId)),
            ),
          ),
    db.selectDistinct({ id: examMarks.examId, branchId: examMarks.branchId }).from(examMarks).where(eq(examMarks.studentId, studentId)),
  ]);
  const markedIn = new Map(marked.map((row) => [row.id, row.branchId]));
  const found: Array<{ id: string; result: StudentExam }> = [];
  for (const id of new Set([...ofCourse.map((row) => row.id), ...markedIn.keys()])) {
    // An exam deleted since its marks were entered is gone from the student's details too.
    const exam = await resultsExam(db, id, anyBranch).catch((error: unknown) => {
      if (error instanceof DomainError && error.kind === 'not-found') return null;
      throw error;
    });
    if (!exam) continue;
    const document = await currentDocument(db, 'marksheet', id, studentId);
    const branchId = document?.branchId ?? markedIn.get(id) ?? student.branchId;
    const state = branchId ? await sittingState(db, id, branchId) : null;
    const cells = branchId ? ((await sittingMarks(db, id, branchId, [studentId])).get(studentId) ?? {}) : {};
    const marks = Object.fromEntries(Object.entries(cells).map(([key, cell]) => [key, cell.value]));
    const scale = await sittingScale(db, state);
    found.push({
      id,
      result: {
        exam: { _id: exam.id, examId: exam.examId, examName: exam.examName, courseName: exam.courseName },
        state: state?.state === 'published' ? 'published' : Object.keys(marks).length > 0 ? 'in progress' : 'awaiting entry',
        publishedAt: state?.publishedAt?.toISOString() ?? null,
        subjects: exam.subjects,
        marks,
        outcome: outcomeOf(exam.subjects, marks, scale),
        marksheetCode: document?.code ?? null,
      },
    });
  }
  // Record ids are time-ordered (UUIDv7): the newest exam first.
  return found.sort((a, b) => b.id.localeCompare(a.id)).map(({ result }) => result);
}
