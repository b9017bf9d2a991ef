import { examResultMessages, type MarkCell } from '../../../common/contracts/exam-results';
import { checkMark, type ExamSubject, type MarkValue } from '../../../common/exam-results';
import { conflict, invalid } from '../errors';
import type { ExamMarksEvent, ExamResultsPublished, ExamSittingEvent, MarksEntered, MarksRevised, ResultsRevised } from './events';

/** A cell of a student's marks: its value and the version of the stream that set it. */
export interface Cell {
  value: MarkValue;
  version: number;
}

/** A student's marks in an exam, folded: each cell, and the stream's version. */
export interface StudentMarks {
  version: number;
  cells: Record<string, Cell>;
}

export const initialStudentMarks: StudentMarks = { version: 0, cells: {} };

export function evolveMarks(state: StudentMarks, event: ExamMarksEvent): StudentMarks {
  const version = state.version + 1;
  const cells = { ...state.cells };
  for (const { subject, value } of event.data.marks) {
    if (value === null) delete cells[subject];
    else cells[subject] = { value, version };
  }
  return { version, cells };
}

/** A cell's version: 0 while it holds no mark (a cleared cell starts again, as it was when it was empty). */
export const cellVersion = (state: StudentMarks, subject: string) => state.cells[subject]?.version ?? 0;

/**
 * Marks typed into a sitting's grid for one student, with the facts around them read by the
 * caller: the exam's subjects, the branch in which the student sits it (null: they do not), and
 * whether that sitting is published.
 */
export type EnterMarks = {
  type: 'EnterMarks';
  data: {
    examId: string;
    studentId: string;
    branchId: string | null;
    subjects: readonly ExamSubject[];
    published: boolean;
    cells: ReadonlyArray<Pick<MarkCell, 'subject' | 'value' | 'baseVersion'>>;
  };
};

const valueOf = (state: StudentMarks, subject: string): MarkValue => state.cells[subject]?.value ?? null;

/**
 * Whether someone else changed a cell since the change was made on it; a cell that already holds
 * the value sent is no conflict. After the change, the conflicting cells are exactly those that
 * do not hold the value sent.
 */
const conflicting = (state: StudentMarks, cell: Pick<MarkCell, 'subject' | 'value' | 'baseVersion'>) =>
  cellVersion(state, cell.subject) !== cell.baseVersion && valueOf(state, cell.subject) !== cell.value;

/** The cells of a change that, after it, hold another value than the one sent: someone else's, met as a conflict. */
export function conflictsAfter<T extends Pick<MarkCell, 'subject' | 'value'>>(after: StudentMarks, cells: readonly T[]): T[] {
  return cells.filter((cell) => valueOf(after, cell.subject) !== cell.value);
}

/** Refuses the whole change at a subject the exam lacks or a mark out of its subject's range. */
function checkCells(studentId: string, subjects: readonly ExamSubject[], cells: ReadonlyArray<{ subject: string; value: MarkValue }>) {
  const errors: Record<string, string[]> = {};
  for (const cell of cells) {
    const subject = subjects.find((one) => one.key === cell.subject);
    if (!subject) throw invalid(examResultMessages.unknownSubject);
    if (typeof cell.value === 'number') {
      const checked = checkMark(cell.value, subject);
      if ('error' in checked) (errors[`${studentId}.${cell.subject}`] ??= []).push(checked.error);
    }
  }
  const first = Object.values(errors)[0];
  if (first) throw invalid(first[0]!, errors);
}

/**
 * Marks entered: each held to its subject's range; a cell changed by someone else since its
 * base version is left out (the caller answers it as a conflict), as is one that already holds
 * the value.
 */
function decideEntered(command: EnterMarks, state: StudentMarks): ExamMarksEvent[] {
  const { examId, studentId, branchId, subjects, cells } = command.data;
  if (branchId === null) throw invalid(examResultMessages.notSitting);
  if (command.data.published) throw conflict(examResultMessages.locked);
  checkCells(studentId, subjects, cells);
  const marks = cells
    .filter((cell) => !conflicting(state, cell) && valueOf(state, cell.subject) !== cell.value)
    .map(({ subject, value }) => ({ subject, value }));
  const entered: MarksEntered = { type: 'MarksEntered', data: { examId, studentId, branchId, marks } };
  return marks.length === 0 ? [] : [entered];
}

/** A published student's marks changed, with the reason; read by the caller under the sitting's lock, so no base versions. */
export type ReviseMarks = {
  type: 'ReviseMarks';
  data: {
    examId: string;
    studentId: string;
    branchId: string;
    subjects: readonly ExamSubject[];
    published: boolean;
    marks: ReadonlyArray<{ subject: string; value: MarkValue }>;
    reason: string;
  };
};

/** A revision keeps every mark in: a cell is changed to a mark or AB, never cleared. */
function decideRevised(command: ReviseMarks, state: StudentMarks): ExamMarksEvent[] {
  const { examId, studentId, branchId, subjects, reason } = command.data;
  if (!command.data.published) throw conflict(examResultMessages.notPublished);
  if (command.data.marks.some((cell) => cell.value === null)) throw invalid(examResultMessages.revisionClears);
  checkCells(studentId, subjects, command.data.marks);
  const marks = command.data.marks
    .filter((cell) => valueOf(state, cell.subject) !== cell.value)
    .map(({ subject, value }) => ({ subject, value, from: valueOf(state, subject) }));
  if (marks.length === 0) throw invalid(examResultMessages.nothingRevised);
  const revised: MarksRevised = { type: 'MarksRevised', data: { examId, studentId, branchId, marks, reason } };
  return [revised];
}

export function decideMarks(command: EnterMarks | ReviseMarks, state: StudentMarks): ExamMarksEvent[] {
  switch (command.type) {
    case 'EnterMarks':
      return decideEntered(command, state);
    case 'ReviseMarks':
      return decideRevised(command, state);
  }
}

/** A sitting folded: a draft until its results are published. */
export interface Sitting {
  version: number;
  published: boolean;
}

export const initialSitting: Sitting = { version: 0, published: false };

export function evolveSitting(state: Sitting, event: ExamSittingEvent): Sitting {
  return { version: state.version + 1, published: state.published || event.type === 'ExamResultsPublished' };
}

/** A sitting's results to publish, with what the caller read: each student's outcome and how many marks are missing. */
export type PublishResults = {
  type: 'PublishResults';
  data: ExamResultsPublished['data'] & { missingMarks: number };
};

/** A published student's outcome after their marks were revised. */
export type ReviseResults = { type: 'ReviseResults'; data: ResultsRevised['data'] };

/** A student added to a sitting or excused from it, with whether the caller found them sitting it. */
export type ChangeSitting = {
  type: 'AddToSitting' | 'ExcuseFromSitting';
  data: { examId: string; branchId: string; studentId: string; reason: string | null; sits: boolean };
};

export type SittingCommand = PublishResults | ReviseResults | ChangeSitting;

export function decideSitting(command: SittingCommand, state: Sitting): ExamSittingEvent[] {
  switch (command.type) {
    case 'PublishResults': {
      const { missingMarks, ...published } = command.data;
      if (state.published) throw conflict(examResultMessages.alreadyPublished);
      if (published.students.length === 0) throw invalid(examResultMessages.nobodySitting);
      if (missingMarks > 0) throw invalid(examResultMessages.marksMissing(missingMarks));
      return [{ type: 'ExamResultsPublished', data: published }];
    }
    case 'ReviseResults':
      if (!state.published) throw conflict(examResultMessages.notPublished);
      return [{ type: 'ResultsRevised', data: command.data }];
    case 'AddToSitting':
    case 'ExcuseFromSitting': {
      const { sits, ...change } = command.data;
      if (state.published) throw conflict(examResultMessages.sittingLocked);
      if (command.type === 'AddToSitting') {
        if (sits) throw conflict(examResultMessages.alreadySitting);
        return [{ type: 'StudentAddedToSitting', data: change }];
      }
      if (!sits) throw invalid(examResultMessages.notSitting);
      if (!change.reason) throw invalid(examResultMessages.reasonNeeded, { reason: [examResultMessages.reasonNeeded] });
      return [{ type: 'StudentExcusedFromSitting', data: change }];
    }
  }
}
