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

export type ExamMarksEvent = MarksEntered;

/** A sitting's results published, as they stood: the outcome of each of its students, and the verification code of their marksheet. */
export type ExamResultsPublished = DomainEvent<
  'ExamResultsPublished',
  {
    examId: string;
    branchId: string;
    students: Array<{
      studentId: string;
      total: number;
      percentage: number | null;
      standing: string;
      grade: string | null;
      marksheetCode: string;
    }>;
    /** The default marksheet template as it stood, which grades these results and prints their marksheets; null: none yet. */
    template: { id: string; revision: number } | null;
  }
>;

export type ExamSittingEvent = ExamResultsPublished;
