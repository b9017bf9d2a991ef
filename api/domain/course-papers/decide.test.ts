import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import type { RecordReach } from '../record-queries';
import { otherBranchMessage } from '../record-reach';
import { coursePaperMessages, decide, evolve, initialCoursePaper, type CoursePaper, type CoursePaperCommand } from './decide';
import type { CoursePaperDetails, CoursePaperEvent } from './events';

const details: CoursePaperDetails = {
  code: 'CS-101',
  name: 'Computer Fundamentals',
  kind: 'theory',
  questionPaperMarks: 100,
  passingMarks: 40,
  questionPaper: null,
};
const facts: { course: RecordReach; codeHeldBy: string | null; questionPaperRefusal: string | null } = {
  course: 'write',
  codeHeldBy: null,
  questionPaperRefusal: null,
};
const added: CoursePaperEvent = { type: 'CoursePaperAdded', data: { courseId: 'course1', position: 1, ...details } };
const fold = (events: CoursePaperEvent[]): CoursePaper => events.reduce(evolve, initialCoursePaper);
const live = fold([added]);
const removed = fold([added, { type: 'CoursePaperRemoved', data: { courseId: 'course1', code: 'CS-101', name: details.name } }]);

const add = (more: Partial<CoursePaperDetails & typeof facts> = {}): CoursePaperCommand => ({
  type: 'AddCoursePaper',
  data: { ...details, ...facts, courseId: 'course1', position: 1, ...more },
});
const change = (more: Partial<CoursePaperDetails & typeof facts> = {}): CoursePaperCommand => ({
  type: 'ChangeCoursePaper',
  data: { ...details, ...facts, id: 'p1', ...more },
});

const remove = (course: RecordReach): CoursePaperCommand => ({ type: 'RemoveCoursePaper', data: { course } });

function refusal(command: CoursePaperCommand, state: CoursePaper) {
  try {
    decide(command, state);
  } catch (error) {
    if (error instanceof DomainError) return { kind: error.kind, message: error.message, errors: error.errors };
    throw error;
  }
  throw new Error(`${command.type} was not refused`);
}

describe('evolve', () => {
  it('folds a paper through its life', () => {
    expect(live).toEqual({ status: 'live', courseId: 'course1', ...details });
    expect(fold([added, { type: 'CoursePaperChanged', data: { ...details, passingMarks: 50 } }])).toMatchObject({ passingMarks: 50 });
    expect(removed).toEqual({ status: 'removed' });
  });
});

describe('adding', () => {
  it('adds the trimmed paper at the position given', () => {
    expect(decide(add({ code: ' CS-101 ', name: ' Computer Fundamentals ' }), initialCoursePaper)).toEqual([added]);
  });

  it('refuses a missing course, a code the course holds, and a stream that holds a paper', () => {
    expect(refusal(add({ course: 'none' }), initialCoursePaper)).toMatchObject({ kind: 'not-found', message: 'Course not found' });
    expect(refusal(add({ codeHeldBy: 'p2' }), initialCoursePaper)).toMatchObject({
      kind: 'conflict',
      message: coursePaperMessages.codeTaken,
    });
    expect(refusal(add(), live).kind).toBe('conflict');
  });

  it('holds marks to whole numbers with passing marks at most the marks, each under its field', () => {
    expect(refusal(add({ questionPaperMarks: 10.5 }), initialCoursePaper).errors).toEqual({
      questionPaperMarks: ['Question paper marks must be a whole number'],
    });
    expect(refusal(add({ passingMarks: 101 }), initialCoursePaper).errors).toEqual({
      passingMarks: [coursePaperMessages.passingAboveMarks],
    });
    expect(refusal(add({ code: ' ', name: '', questionPaperRefusal: 'No such file' }), initialCoursePaper)).toEqual({
      kind: 'invalid',
      message: 'Paper code is required',
      errors: { code: ['Paper code is required'], name: ['Paper name is required'], questionPaper: ['No such file'] },
    });
    expect(decide(add({ passingMarks: 100 }), initialCoursePaper)).toHaveLength(1);
  });

  it('says only its own rule of marks that break one, not that passing marks exceed them', () => {
    expect(refusal(add({ passingMarks: 10_001 }), initialCoursePaper).errors).toEqual({
      passingMarks: [coursePaperMessages.passingRange],
    });
    expect(refusal(add({ questionPaperMarks: 0, passingMarks: 1 }), initialCoursePaper).errors).toEqual({
      questionPaperMarks: ['Question paper marks must be between 1 and 10000'],
    });
  });
});

describe('changing', () => {
  it('changes any part, keeping its own code, and makes nothing of the same values', () => {
    expect(decide(change({ code: 'cs-101', codeHeldBy: 'p1' }), live)).toEqual([
      { type: 'CoursePaperChanged', data: { ...details, code: 'cs-101' } },
    ]);
    expect(decide(change({ codeHeldBy: 'p1' }), live)).toEqual([]);
  });

  it('refuses another paper’s code, and a course that is gone', () => {
    expect(refusal(change({ codeHeldBy: 'p2' }), live).kind).toBe('conflict');
    expect(refusal(change({ course: 'none' }), live).message).toBe('Course not found');
  });
});

describe('a course the caller may only read', () => {
  it('takes no paper added, changed or removed, as the course itself would not be changed', () => {
    const otherBranch = { kind: 'forbidden', message: otherBranchMessage };
    expect(refusal(add({ course: 'read' }), initialCoursePaper)).toMatchObject(otherBranch);
    expect(refusal(change({ course: 'read' }), live)).toMatchObject(otherBranch);
    expect(refusal(remove('read'), live)).toMatchObject(otherBranch);
    // Whatever the paper holds: a course the caller may not change is refused before its paper is read.
    expect(refusal(add({ course: 'read', passingMarks: 500 }), initialCoursePaper)).toMatchObject(otherBranch);
    expect(refusal(change({ course: 'read', code: '' }), live)).toMatchObject(otherBranch);
  });

  it('is no bar to removing a paper whose course is gone', () => {
    expect(decide(remove('none'), live)).toEqual([
      { type: 'CoursePaperRemoved', data: { courseId: 'course1', code: 'CS-101', name: details.name } },
    ]);
  });
});

describe('a paper that does not exist, or no longer does', () => {
  it.each([
    ['change', change()],
    ['remove', remove('write')],
  ])('answers %s with not found', (_, command) => {
    for (const state of [initialCoursePaper, removed]) {
      expect(refusal(command, state)).toMatchObject({ kind: 'not-found', message: 'Course paper not found' });
    }
  });
});
