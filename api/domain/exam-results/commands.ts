import { examResultMessages, type ExamSheet, type MarkCell, type SavedMarks } from '../../../common/contracts/exam-results';
import { missingMarks, outcomeOf } from '../../../common/exam-results';
import type { Executor } from '../../db/client';
import { runCommand, type CommandContext, type Decider } from '../command';
import { newVerificationCode } from '../documents/codes';
import { defaultTemplate, sittingScale } from '../marksheet-templates/queries';
import { invalid } from '../errors';
import {
  cellVersion,
  conflictsAfter,
  decideMarks,
  decideSitting,
  evolveMarks,
  evolveSitting,
  initialSitting,
  initialStudentMarks,
  type EnterMarks,
  type ReviseMarks,
  type Sitting,
  type SittingCommand,
  type Cell,
  type StudentMarks,
} from './decide';
import { readStreamBeside } from '../../db/event-store';
import { marksWritten } from '../../db/projections/exam-results';
import { examMarksStream, examSittingStream, type ExamMarksEvent, type ExamSittingEvent } from './events';
import {
  lockSitting,
  resultsExam,
  sittingBranchOfHeld,
  sittingPublished,
  sittingBranch,
  sittingMarks,
  sittingState,
  sittingStudents,
  type Caller,
  type ResultsExam,
} from './queries';

export const sittingDecider: Decider<SittingCommand, Sitting, ExamSittingEvent> = {
  initialState: initialSitting,
  evolve: evolveSitting,
  decide: decideSitting,
};

export const marksDecider: Decider<EnterMarks | ReviseMarks, StudentMarks, ExamMarksEvent> = {
  initialState: initialStudentMarks,
  evolve: evolveMarks,
  decide: decideMarks,
};

/**
 * Saves marks, one student's stream at a time, all in the caller's transaction: a cell someone
 * else changed since its base version is left as it is and answered as a conflict, with its value
 * now; a mark out of range, a subject the exam lacks or a student not sitting it refuses the
 * whole save. Each sitting written to is held against publishing until the save commits.
 */
export async function enterMarks(ctx: CommandContext, caller: Caller, examId: string, cells: readonly MarkCell[]): Promise<SavedMarks> {
  const byStudent = new Map<string, MarkCell[]>();
  for (const cell of cells) byStudent.set(cell.studentId, [...(byStudent.get(cell.studentId) ?? []), cell]);
  const { exam, branchOf } = await sittingBranchOfHeld(ctx.tx, examId, [...byStudent.keys()], caller);
  if (exam.courseId === null) throw invalid(examResultMessages.noCourse);
  const answer: SavedMarks = { saved: [], conflicts: [] };
  for (const [studentId, own] of byStudent) {
    const branchId = branchOf.get(studentId) ?? null;
    const stream = examMarksStream(exam.id, studentId);
    // Read after the sitting was held: a publish that committed first is seen.
    const read = branchId === null ? null : await readStreamBeside(ctx.tx, stream, sittingPublished(exam.id, branchId));
    const after = await runCommand(
      ctx,
      stream,
      marksDecider,
      {
        type: 'EnterMarks',
        data: { examId: exam.id, studentId, branchId, subjects: exam.subjects, published: read?.beside === true, cells: own },
      },
      { history: read?.events, inline: marksWritten },
    );
    const conflicts = conflictsAfter(after, own);
    const cellNow = (cell: MarkCell) => ({
      studentId,
      subject: cell.subject,
      value: after.cells[cell.subject]?.value ?? null,
      version: cellVersion(after, cell.subject),
    });
    answer.conflicts.push(...conflicts.map(cellNow));
    answer.saved.push(...own.filter((cell) => !conflicts.includes(cell)).map(cellNow));
  }
  return answer;
}

/** An exam's sitting in a branch as the grid shows it: subjects, students, their marks and outcomes. */
export async function examSheet(db: Executor, caller: Caller, examId: string, branchId?: string): Promise<ExamSheet> {
  const exam = await resultsExam(db, examId, caller);
  const { branch, branches } = await sittingBranch(db, exam, caller, branchId);
  return sheetIn(db, exam, caller, branch, branches);
}

async function sheetIn(
  db: Executor,
  exam: ResultsExam,
  caller: Caller,
  branch: ExamSheet['branch'],
  branches: ExamSheet['branches'],
): Promise<ExamSheet> {
  const state = branch ? await sittingState(db, exam.id, branch._id) : null;
  const students = branch ? await sittingStudents(db, exam, branch._id, caller) : [];
  const marks = branch ? await sittingMarks(db, exam.id, branch._id) : new Map<string, Record<string, Cell>>();
  const scale = await sittingScale(db, state);
  return {
    exam: { _id: exam.id, examId: exam.examId, examName: exam.examName, courseId: exam.courseId, courseName: exam.courseName },
    branch,
    branches,
    subjects: exam.subjects,
    gradingScale: scale,
    sitting: {
      state: state?.state === 'published' ? 'published' : 'draft',
      version: state?.version ?? 0,
      publishedAt: state?.publishedAt?.toISOString() ?? null,
    },
    students: students.map((student) => {
      const own = marks.get(student.studentId) ?? {};
      const values = Object.fromEntries(Object.entries(own).map(([key, cell]) => [key, cell.value]));
      return { ...student, marks: own, outcome: outcomeOf(exam.subjects, values, scale) };
    }),
  };
}

/**
 * Publishes a sitting's results as they stand, once every mark is in, and answers the sheet as
 * published. It holds the sitting against writers before it reads the marks, so the outcomes it
 * records are those of the marks it read.
 */
export async function publishResults(
  ctx: CommandContext,
  caller: Caller,
  examId: string,
  branchId: string | undefined,
  expectedVersion?: number,
): Promise<ExamSheet> {
  const exam = await resultsExam(ctx.tx, examId, caller);
  const { branch, branches } = await sittingBranch(ctx.tx, exam, caller, branchId);
  if (!branch) throw invalid(examResultMessages.nobodySitting);
  await lockSitting(ctx.tx, exam.id, branch._id, 'exclusive');
  // One after another: the transaction is one connection, which runs one statement at a time.
  const sheet = await sheetIn(ctx.tx, exam, caller, branch, branches);
  const template = await defaultTemplate(ctx.tx);
  const after = await runCommand(
    ctx,
    examSittingStream(exam.id, branch._id),
    sittingDecider,
    {
      type: 'PublishResults',
      data: {
        examId: exam.id,
        branchId: branch._id,
        missingMarks: missingMarks(exam.subjects, sheet.students),
        students: sheet.students.map(({ studentId, outcome }) => ({
          studentId,
          total: outcome.total,
          percentage: outcome.percentage,
          standing: outcome.standing,
          grade: outcome.grade,
          marksheetCode: newVerificationCode(),
        })),
        template: template && { id: template.id, revision: template.revision },
      },
    },
    { ifMatch: expectedVersion === undefined ? undefined : { version: expectedVersion, staleMessage: examResultMessages.stale } },
  );
  return { ...sheet, sitting: { state: 'published', version: after.version, publishedAt: ctx.meta.occurredAt.toISOString() } };
}
