import { changeCoursePaperBody, coursePaperFieldMessages } from '../../../common/contracts/course-papers';
import { fieldErrors } from '../../../common/forms/schema-builder';
import { conflict, invalid, missing, notFound } from '../errors';
import type { RecordReach } from '../record-queries';
import { refuseReadOnly } from '../record-reach';
import type { CoursePaperDetails, CoursePaperEvent } from './events';

export const coursePaperMessages = {
  list: 'Course papers',
  found: 'Course paper',
  added: 'Paper added successfully',
  changed: 'Paper updated successfully',
  removed: 'Paper deleted successfully',
  ...coursePaperFieldMessages,
  codeTaken: 'This course already has a paper with this code',
  exists: 'This course paper already exists',
  courseMissing: 'Course not found',
  stale: 'This paper was changed by someone else. Reload it and try again.',
};

/** A paper's stream folded: never added, live in its course, or removed (which answers as not found). */
export type CoursePaper = { status: 'none' } | ({ status: 'live'; courseId: string } & CoursePaperDetails) | { status: 'removed' };

export const initialCoursePaper: CoursePaper = { status: 'none' };

/**
 * The commands, each with the facts it needs from outside its own stream, read by the caller in
 * the same transaction: how far the caller reaches the course (none: it is gone, or not theirs to
 * read), which paper of the course holds a code (any case), where a new paper goes, and why an
 * attached question paper cannot be kept, if it cannot.
 */
interface PaperFacts {
  course: RecordReach;
  codeHeldBy: string | null;
  questionPaperRefusal: string | null;
}
export type AddCoursePaper = {
  type: 'AddCoursePaper';
  data: CoursePaperDetails & PaperFacts & { courseId: string; position: number };
};
export type ChangeCoursePaper = { type: 'ChangeCoursePaper'; data: CoursePaperDetails & PaperFacts & { id: string } };
export type RemoveCoursePaper = { type: 'RemoveCoursePaper'; data: { course: RecordReach } };

export type CoursePaperCommand = AddCoursePaper | ChangeCoursePaper | RemoveCoursePaper;

export function evolve(state: CoursePaper, event: CoursePaperEvent): CoursePaper {
  switch (event.type) {
    case 'CoursePaperAdded': {
      const { position: _position, ...paper } = event.data;
      return { status: 'live', ...paper };
    }
    case 'CoursePaperChanged':
      return state.status === 'live' ? { ...state, ...event.data } : state;
    case 'CoursePaperRemoved':
      return { status: 'removed' };
  }
}

/** The events a command makes of a paper, or the reason it is refused. */
export function decide(command: CoursePaperCommand, state: CoursePaper): CoursePaperEvent[] {
  if (command.type === 'AddCoursePaper') {
    if (state.status !== 'none') throw conflict(coursePaperMessages.exists);
    writableCourse(command.data.course);
    const details = validDetails(command.data);
    if (command.data.codeHeldBy !== null) throw codeTaken();
    return [{ type: 'CoursePaperAdded', data: { courseId: command.data.courseId, ...details, position: command.data.position } }];
  }
  if (state.status !== 'live') throw notFound(coursePaperMessages.found);
  switch (command.type) {
    case 'ChangeCoursePaper': {
      writableCourse(command.data.course);
      const details = validDetails(command.data);
      const { id, codeHeldBy } = command.data;
      if (codeHeldBy !== null && codeHeldBy !== id) throw codeTaken();
      const unchanged = (Object.keys(details) as (keyof CoursePaperDetails)[]).every((key) => details[key] === state[key]);
      return unchanged ? [] : [{ type: 'CoursePaperChanged', data: details }];
    }
    case 'RemoveCoursePaper':
      // A paper whose course is gone can still be removed (by the institute: no branch reaches it).
      refuseReadOnly(command.data.course);
      return [{ type: 'CoursePaperRemoved', data: { courseId: state.courseId, code: state.code, name: state.name } }];
  }
}

const codeTaken = () => conflict(coursePaperMessages.codeTaken);

/** A paper is added to or changed in a course the caller may change, as the course itself would be. */
function writableCourse(course: RecordReach) {
  if (course === 'none') throw missing(coursePaperMessages.courseMissing);
  refuseReadOnly(course);
}

/** The paper as stored, held to the contract's rules again: the domain trusts no caller. */
function validDetails(data: CoursePaperDetails & PaperFacts): CoursePaperDetails {
  const parsed = changeCoursePaperBody.safeParse(data);
  if (!parsed.success || data.questionPaperRefusal) {
    const errors = parsed.success ? {} : fieldErrors(parsed.error);
    if (data.questionPaperRefusal) (errors.questionPaper ??= []).push(data.questionPaperRefusal);
    throw invalid(Object.values(errors)[0]![0]!, errors);
  }
  return parsed.data;
}
