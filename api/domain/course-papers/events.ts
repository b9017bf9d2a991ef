import type { CoursePaperKind } from '../../../common/contracts/course-papers';
import type { DomainEvent, StreamRef } from '../../db/event-store';

export const COURSE_PAPER_STREAM = 'course-paper';
export const coursePaperStream = (id: string): StreamRef<CoursePaperEvent> => ({ type: COURSE_PAPER_STREAM, id });

/** What a paper is, as added and as changed. */
export interface CoursePaperDetails {
  code: string;
  name: string;
  kind: CoursePaperKind;
  questionPaperMarks: number;
  passingMarks: number;
  questionPaper: string | null;
}

export type CoursePaperAdded = DomainEvent<'CoursePaperAdded', CoursePaperDetails & { courseId: string; position: number }>;
/** Carries the whole paper as it now is: a change to any part is one event. */
export type CoursePaperChanged = DomainEvent<'CoursePaperChanged', CoursePaperDetails>;
/** Carries the course, code and name so that the history still says which paper went. */
export type CoursePaperRemoved = DomainEvent<'CoursePaperRemoved', { courseId: string; code: string; name: string }>;

/** Everything that happens to a course paper's stream. */
export type CoursePaperEvent = CoursePaperAdded | CoursePaperChanged | CoursePaperRemoved;
