import type { MarkValue } from '../../../common/exam-results';
import type { DomainEvent, StreamRef } from '../../db/event-store';

export const EXAM_MARKS_STREAM = 'exam-marks';
export const EXAM_SITTING_STREAM = 'exam-sitting';

/** One student's marks in one exam: a stream each, so people entering one exam rarely meet. */
export const examMarksStream = (examId: string, studentId: string): StreamRef<ExamMarksEvent> => ({
  type: EXAM_MARKS_STREAM,
  id: `marks:${examId}:${studentId}`,
});

/** An exam's sitting in one branch: where its results are published. */
export const examSittingStream = (examId: string, branchId: string): StreamRef<ExamSittingEvent> => ({
  type: EXAM_SITTING_STREAM,
  id: `sitting:${examId}:${branchId}`,
});

/** Marks entered or changed (null clears a cell); carries who and where, so the read table needs no other source. */
export type MarksEntered = DomainEvent<
  'MarksEntered',
  { examId: string; studentId: string; branchId: string; marks: Array<{ subject: string; value: MarkValue }> }
>;

/** A cell a revision changed: what it held and what it holds. */
export interface RevisedMark {
  subject: string;
  from: MarkValue;
  value: MarkValue;
}

/** Marks of published results changed: a revision, with its reason; each cell with what it held before. */
export type MarksRevised = DomainEvent<
  'MarksRevised',
  {
    examId: string;
    studentId: string;
    branchId: string;
    marks: RevisedMark[];
    reason: string;
  }
>;

export type ExamMarksEvent = MarksEntered | MarksRevised;

/** A student's outcome as results are published or revised. */
export interface PublishedOutcome {
  total: number;
  percentage: number | null;
  standing: string;
  grade: string | null;
}

/** A sitting's results published, as they stood: the outcome of each of its students, and the verification code of their marksheet. */
export type ExamResultsPublished = DomainEvent<
  'ExamResultsPublished',
  {
    examId: string;
    branchId: string;
    students: Array<{ studentId: string } & PublishedOutcome & { marksheetCode: string }>;
    /** The default marksheet template as it stood, which grades these results and prints their marksheets; null: none yet. */
    template: { id: string; revision: number } | null;
  }
>;

/** A student's published result revised: their outcome now, a new marksheet code, and the code it replaces. */
export type ResultsRevised = DomainEvent<
  'ResultsRevised',
  {
    examId: string;
    branchId: string;
    studentId: string;
    reason: string;
    changes: RevisedMark[];
    outcome: PublishedOutcome;
    marksheetCode: string;
    supersedes: string | null;
    template: { id: string; revision: number } | null;
  }
>;

interface SittingChange {
  examId: string;
  branchId: string;
  studentId: string;
  reason: string | null;
}

/** A student sits the exam though its course does not bring them (a repeater, a transfer), or again after being excused. */
export type StudentAddedToSitting = DomainEvent<'StudentAddedToSitting', SittingChange>;

/** A student the course brings to the exam does not sit it. */
export type StudentExcusedFromSitting = DomainEvent<'StudentExcusedFromSitting', SittingChange>;

export type ExamSittingEvent = ExamResultsPublished | ResultsRevised | StudentAddedToSitting | StudentExcusedFromSitting;
