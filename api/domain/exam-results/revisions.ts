import { inArray } from 'drizzle-orm';
import {
  examResultMessages,
  type ResultsHistory,
  type ResultsHistoryEntry,
  type RevisedResult,
} from '../../../common/contracts/exam-results';
import { outcomeOf, type MarkValue } from '../../../common/exam-results';
import type { Executor } from '../../db/client';
import { readStream } from '../../db/event-store';
import { records, users } from '../../db/schema';
import { branchScope } from '../auth/branch-scope';
import { runCommand, type CommandContext } from '../command';
import { newVerificationCode } from '../documents/codes';
import { currentDocument } from '../documents/queries';
import { invalid } from '../errors';
import { sittingScale } from '../marksheet-templates/queries';
import { marksDecider, sittingDecider } from './commands';
import { examMarksStream, examSittingStream, type RevisedMark } from './events';
import { lockSitting, resultsExam, sittingBranchOf, sittingMarks, sittingState, type Caller } from './queries';
import { rosterBranch } from './roster';

export interface Revision {
  studentId: string;
  marks: ReadonlyArray<{ subject: string; value: MarkValue }>;
  reason: string;
}

const values = (cells: Record<string, { value: MarkValue }>) =>
  Object.fromEntries(Object.entries(cells).map(([subject, cell]) => [subject, cell.value]));

/**
 * Revises a published student's marks with a reason: their marks, their outcome and a new
 * marksheet code in one transaction, the old code superseded. The sitting is held against every
 * other writer meanwhile; the marksheet keeps the template the results were published with.
 */
export async function reviseResult(
  ctx: CommandContext,
  caller: Caller,
  examId: string,
  revision: Revision,
  expectedVersion?: number,
): Promise<RevisedResult> {
  const exam = await resultsExam(ctx.tx, examId, caller);
  const { studentId } = revision;
  const document = await currentDocument(ctx.tx, 'marksheet', exam.id, studentId);
  const branchId = document?.branchId ?? (await sittingBranchOf(ctx.tx, exam, [studentId], caller)).get(studentId);
  const scope = branchScope(caller);
  if (branchId === undefined || (scope !== null && branchId !== scope)) throw invalid(examResultMessages.notSitting);
  await lockSitting(ctx.tx, exam.id, branchId, 'exclusive');
  const state = await sittingState(ctx.tx, exam.id, branchId);
  const before = values((await sittingMarks(ctx.tx, exam.id, branchId, [studentId])).get(studentId) ?? {});
  const after = values(
    (
      await runCommand(ctx, examMarksStream(exam.id, studentId), marksDecider, {
        type: 'ReviseMarks',
        data: { ...revision, examId: exam.id, branchId, subjects: exam.subjects, published: state.state === 'published' },
      })
    ).cells,
  );
  const changes: RevisedMark[] = exam.subjects
    .filter(({ key }) => (before[key] ?? null) !== (after[key] ?? null))
    .map(({ key }) => ({ subject: key, from: before[key] ?? null, value: after[key] ?? null }));
  const outcome = outcomeOf(exam.subjects, after, await sittingScale(ctx.tx, state));
  const marksheetCode = newVerificationCode();
  const supersedes = document?.code ?? null;
  await runCommand(
    ctx,
    examSittingStream(exam.id, branchId),
    sittingDecider,
    {
      type: 'ReviseResults',
      data: {
        examId: exam.id,
        branchId,
        studentId,
        reason: revision.reason,
        changes,
        outcome: { total: outcome.total, percentage: outcome.percentage, standing: outcome.standing, grade: outcome.grade },
        marksheetCode,
        supersedes,
        template: state.templateId && state.templateRevision !== null ? { id: state.templateId, revision: state.templateRevision } : null,
      },
    },
    { ifMatch: expectedVersion === undefined ? undefined : { version: expectedVersion, staleMessage: examResultMessages.stale } },
  );
  return { studentId, outcome, marksheetCode, supersedes };
}

/** A sitting's history from its stream, oldest first, with people and subjects by name. */
export async function resultsHistory(db: Executor, caller: Caller, examId: string, branchId?: string): Promise<ResultsHistory> {
  const exam = await resultsExam(db, examId, caller);
  // The roster's branch: a sitting whose every student was excused still has its history.
  const { branch } = await rosterBranch(db, exam, caller, branchId);
  if (!branch) return { entries: [] };
  const stream = await readStream(db, examSittingStream(exam.id, branch._id));
  const studentIds = [...new Set(stream.flatMap((event) => ('studentId' in event.data ? [event.data.studentId] : [])))];
  const actorIds = [...new Set(stream.flatMap((event) => (event.actorId ? [event.actorId] : [])))];
  const [students, actors] = await Promise.all([
    studentIds.length === 0 ? [] : db.select({ id: records.id, name: records.title }).from(records).where(inArray(records.id, studentIds)),
    actorIds.length === 0 ? [] : db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, actorIds)),
  ]);
  const studentName = new Map(students.map((row) => [row.id, row.name]));
  const actorName = new Map(actors.map((row) => [row.id, row.name]));
  const subjectName = new Map(exam.subjects.map((subject) => [subject.key, subject.name]));
  const entries = stream.map((event): ResultsHistoryEntry => {
    const common = { at: event.occurredAt.toISOString(), by: (event.actorId && actorName.get(event.actorId)) ?? null };
    const student = (id: string) => ({ studentId: id, name: studentName.get(id) ?? '' });
    switch (event.type) {
      case 'ExamResultsPublished':
        return { ...common, kind: 'published', student: null, reason: null, changes: [] };
      case 'ResultsRevised':
        return {
          ...common,
          kind: 'revised',
          student: student(event.data.studentId),
          reason: event.data.reason,
          changes: event.data.changes.map((change) => ({
            subject: subjectName.get(change.subject) ?? change.subject,
            from: change.from,
            to: change.value,
          })),
        };
      case 'StudentAddedToSitting':
      case 'StudentExcusedFromSitting':
        return {
          ...common,
          kind: event.type === 'StudentAddedToSitting' ? 'added' : 'excused',
          student: student(event.data.studentId),
          reason: event.data.reason,
          changes: [],
        };
    }
  });
  return { entries };
}
