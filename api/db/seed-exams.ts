import type { MarkCell } from '../../common/contracts/exam-results';
import { ABSENT, type ExamSubject, type MarkValue } from '../../common/exam-results';
import type { CommandContext } from '../domain/command';
import { issueAdmitCards } from '../domain/documents/admit-cards';
import { currentDocument } from '../domain/documents/queries';
import { enterMarks, publishResults } from '../domain/exam-results/commands';
import { resultsExam, sittingBranches, sittingStudents, type Caller } from '../domain/exam-results/queries';

/**
 * The demo's exams at work, through the commands of the result-entry, publishing and admit-card
 * screens: marks typed a subject at a time, results published sitting by sitting, admit cards
 * issued. Who sits an exam is read as the screens read it, so the seed never marks a student the
 * grid would not show.
 */

/** Everyone sitting an exam: its sittings by branch name, and their students by roll number, sitting after sitting. */
async function sittings(ctx: CommandContext, caller: Caller, examId: string) {
  const exam = await resultsExam(ctx.tx, examId, caller);
  const branches = await sittingBranches(ctx.tx, exam, caller);
  const students = [];
  for (const branch of branches) students.push(...(await sittingStudents(ctx.tx, exam, branch._id, caller)));
  return { exam, branches, students };
}

// Where the demo's exceptions fall among an exam's students: one fails a paper, two are absent from one.
const FAILS = 2;
const ABSENT_FROM = new Map([
  [5, 1],
  [9, -1],
]);

/**
 * What the `student`-th of an exam's students scored in its `paper`-th subject: a share of the
 * paper steady for the student (48% to 93%) and a few points up or down from paper to paper, so
 * every grade turns up and every mark passes, but for the one student who fails the first paper
 * and the two who missed one. Exams of another `exam` number are scored otherwise.
 */
function demoMark(student: number, paper: number, subjects: readonly ExamSubject[], exam = 0): MarkValue {
  const subject = subjects[paper]!;
  const absentFrom = ABSENT_FROM.get(student);
  if (absentFrom !== undefined && (absentFrom + subjects.length) % subjects.length === paper) return ABSENT;
  if (student === FAILS && paper === 0) return Math.max(0, subject.passingMarks - 7);
  const steady = ((student + exam * 11) * 37) % 46;
  const swing = ((student * 31 + paper * 17 + ((student * paper) % 7) * 5 + exam) % 13) - 6;
  return Math.round(((48 + steady + swing) * subject.questionPaperMarks) / 100);
}

/**
 * Enters one subject's marks for an exam's students, as its examiner would type the column, scored
 * as exam number `scoring`; with `share` below 1, only for that share of them, the rest still to come.
 */
export async function enterDemoMarks(
  ctx: CommandContext,
  caller: Caller,
  examId: string,
  { paper, scoring, share = 1 }: { paper: number; scoring: number; share?: number },
) {
  const { exam, students } = await sittings(ctx, caller, examId);
  const subject = exam.subjects[paper];
  if (!subject) return;
  const cells: MarkCell[] = students.slice(0, Math.floor(students.length * share)).map(({ studentId }, index) => ({
    studentId,
    subject: subject.key,
    value: demoMark(index, paper, exam.subjects, scoring),
    baseVersion: 0,
  }));
  if (cells.length > 0) await enterMarks(ctx, caller, examId, cells);
}

/** Publishes every sitting of an exam; answers the marksheet code of its first student, to try on the verification page. */
export async function publishDemoResults(ctx: CommandContext, caller: Caller, examId: string): Promise<string | null> {
  const { branches, students } = await sittings(ctx, caller, examId);
  for (const branch of branches) await publishResults(ctx, caller, examId, branch._id);
  const first = students[0];
  return first ? ((await currentDocument(ctx.tx, 'marksheet', examId, first.studentId))?.code ?? null) : null;
}

/** Issues the admit cards of every sitting of an exam. */
export async function issueDemoAdmitCards(ctx: CommandContext, caller: Caller, examId: string) {
  const { branches } = await sittings(ctx, caller, examId);
  for (const branch of branches) await issueAdmitCards(ctx, caller, examId, branch._id);
}
