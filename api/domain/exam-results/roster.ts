import { and, asc, eq, ilike, not, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  examResultMessages,
  SITTING_CANDIDATES_MAX,
  type SittingCandidates,
  type SittingRoster,
} from '../../../common/contracts/exam-results';
import type { Executor } from '../../db/client';
import { containing } from '../../db/like';
import { examSittingChanges, records } from '../../db/schema';
import { branchScope } from '../auth/branch-scope';
import { runCommand, type CommandContext } from '../command';
import { invalid, missing } from '../errors';
import { findRecord } from '../record-queries';
import { sittingDecider } from './commands';
import { examSittingStream } from './events';
import {
  lockSitting,
  type SittingStudent,
  resultsExam,
  sitting,
  sittingBranchOf,
  sittingBranches,
  sittingState,
  type Caller,
  type ResultsExam,
} from './queries';

const course = alias(records, 'course');

/**
 * The branch whose students the caller changes: their own; else the one they name, which may
 * have nobody sitting yet; else the first with a student sitting the exam, or the exam's own.
 */
export async function rosterBranch(db: Executor, exam: ResultsExam, caller: Caller, named: string | undefined) {
  const branches = await sittingBranches(db, exam, caller);
  const wanted = branchScope(caller) ?? named ?? branches[0]?._id ?? exam.branchId;
  if (wanted === null || wanted === undefined) return { branch: null, branches };
  if (exam.branchId !== null && wanted !== exam.branchId) throw missing(examResultMessages.nobodySitting);
  const known = branches.find((one) => one._id === wanted);
  if (known) return { branch: known, branches };
  const [row] = await db
    .select({ _id: records.id, name: records.title })
    .from(records)
    .where(and(eq(records.id, wanted), eq(records.formType, 'branch')));
  if (!row) throw missing(examResultMessages.branchMissing);
  return { branch: row, branches: [...branches, row].sort((a, b) => a.name.localeCompare(b.name)) };
}

const studentColumns = {
  studentId: records.id,
  name: records.title,
  rollNo: records.rollNo,
  registrationNo: records.registrationNo,
};

/** Who sits an exam in a branch, and who was excused from it there. */
export async function sittingRoster(db: Executor, caller: Caller, examId: string, branchId?: string): Promise<SittingRoster> {
  const exam = await resultsExam(db, examId, caller);
  const { branch, branches } = await rosterBranch(db, exam, caller, branchId);
  const change = and(eq(examSittingChanges.examId, exam.id), eq(examSittingChanges.studentId, records.id));
  if (!branch) return rosterView(exam, branch, branches, null, [], []);
  // One after another: the caller's transaction is one connection, which runs one statement at a time.
  const state = await sittingState(db, exam.id, branch._id);
  const students = await db
    .select({ ...studentColumns, change: examSittingChanges.change, reason: examSittingChanges.reason })
    .from(records)
    .leftJoin(examSittingChanges, change)
    .where(and(sitting(exam, caller), eq(records.branchId, branch._id)))
    .orderBy(sql`${records.rollNo} asc nulls last`, asc(records.title), asc(records.id));
  const excused = await db
    .select({ ...studentColumns, reason: examSittingChanges.reason, excusedAt: examSittingChanges.changedAt })
    .from(examSittingChanges)
    .innerJoin(records, eq(records.id, examSittingChanges.studentId))
    .where(
      and(eq(examSittingChanges.examId, exam.id), eq(examSittingChanges.branchId, branch._id), eq(examSittingChanges.change, 'excused')),
    )
    .orderBy(asc(records.title), asc(records.id));
  return rosterView(exam, branch, branches, state, students, excused);
}

function rosterView(
  exam: ResultsExam,
  branch: SittingRoster['branch'],
  branches: SittingRoster['branches'],
  state: Awaited<ReturnType<typeof sittingState>> | null,
  students: Array<SittingStudent & { change: string | null; reason: string | null }>,
  excused: Array<SittingStudent & { reason: string | null; excusedAt: Date }>,
): SittingRoster {
  return {
    exam: { _id: exam.id, examId: exam.examId, examName: exam.examName, courseId: exam.courseId, courseName: exam.courseName },
    branch,
    branches,
    sitting: {
      state: state?.state === 'published' ? 'published' : 'draft',
      version: state?.version ?? 0,
      publishedAt: state?.publishedAt?.toISOString() ?? null,
    },
    students: students.map(({ change: kind, reason, ...student }) => ({
      ...student,
      added: kind === 'added',
      reason: kind === 'added' ? reason : null,
    })),
    excused: excused.map(({ excusedAt, ...student }) => ({ ...student, excusedAt: excusedAt.toISOString() })),
  };
}

/** Registered, active students of the branch who do not sit the exam, found by name, registration or roll number. */
export async function sittingCandidates(
  db: Executor,
  caller: Caller,
  examId: string,
  query: { branchId?: string; q: string },
): Promise<SittingCandidates> {
  const exam = await resultsExam(db, examId, caller);
  const { branch } = await rosterBranch(db, exam, caller, query.branchId);
  if (!branch || exam.courseId === null) return { students: [] };
  const students = await db
    .select({ ...studentColumns, courseName: course.title })
    .from(records)
    .leftJoin(course, eq(course.id, records.courseId))
    .where(
      and(
        eq(records.formType, 'student'),
        eq(records.isRegistered, true),
        eq(records.isActive, true),
        eq(records.branchId, branch._id),
        not(sitting(exam, caller)),
        query.q ? or(ilike(records.searchText, containing(query.q)), ilike(records.rollNo, containing(query.q))) : undefined,
      ),
    )
    .orderBy(asc(records.title), asc(records.id))
    .limit(SITTING_CANDIDATES_MAX);
  return { students };
}

/**
 * Adds a student to the sitting of their branch, or excuses one from it, while its results are
 * a draft. The sitting is held against publishing and other changes until the change commits.
 */
export async function changeSitting(
  ctx: CommandContext,
  caller: Caller,
  examId: string,
  change: { type: 'AddToSitting' | 'ExcuseFromSitting'; studentId: string; branchId?: string; reason: string | null },
): Promise<SittingRoster> {
  const exam = await resultsExam(ctx.tx, examId, caller);
  if (exam.courseId === null) throw invalid(examResultMessages.noCourse);
  const student = await findRecord(ctx.tx, change.studentId, branchScope(caller));
  if (!student || student.formType !== 'student') throw missing(examResultMessages.studentMissing);
  if (!student.isRegistered || !student.isActive || student.branchId === null) throw invalid(examResultMessages.notAStudent);
  const elsewhere = [exam.branchId, change.branchId].some((branchId) => branchId != null && branchId !== student.branchId);
  if (elsewhere) throw invalid(examResultMessages.otherBranch);
  await lockSitting(ctx.tx, exam.id, student.branchId, 'exclusive');
  const sits = (await sittingBranchOf(ctx.tx, exam, [student._id], caller)).has(student._id);
  await runCommand(ctx, examSittingStream(exam.id, student.branchId), sittingDecider, {
    type: change.type,
    data: { examId: exam.id, branchId: student.branchId, studentId: student._id, reason: change.reason, sits },
  });
  return sittingRoster(ctx.tx, caller, exam.id, student.branchId);
}
