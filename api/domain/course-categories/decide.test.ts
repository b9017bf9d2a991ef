import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { courseCategoryMessages, decide, evolve, initialCourseCategory, type CourseCategory, type CourseCategoryCommand } from './decide';
import type { CourseCategoryEvent } from './events';

const fold = (events: CourseCategoryEvent[]): CourseCategory => events.reduce(evolve, initialCourseCategory);
const created = (name: string): CourseCategoryEvent => ({ type: 'CourseCategoryCreated', data: { name, status: 'active' } });
const languages = fold([created('Languages')]);
const deleted = fold([created('Languages'), { type: 'CourseCategoryDeleted', data: { name: 'Languages' } }]);

/** The refusal a command meets: its status and message. */
function refusal(command: CourseCategoryCommand, state: CourseCategory) {
  try {
    decide(command, state);
  } catch (error) {
    if (error instanceof DomainError) return { kind: error.kind, message: error.message, errors: error.errors };
    throw error;
  }
  throw new Error(`${command.type} was not refused`);
}

const rename = (name: string, nameHeldBy: string | null = null): CourseCategoryCommand => ({
  type: 'RenameCourseCategory',
  data: { id: 'c1', name, nameHeldBy },
});
const setStatus = (status?: 'active' | 'inactive'): CourseCategoryCommand => ({ type: 'ChangeCourseCategoryStatus', data: { status } });

describe('evolve', () => {
  it('folds a category through its life', () => {
    expect(fold([])).toEqual({ kind: 'none' });
    expect(languages).toEqual({ kind: 'live', name: 'Languages', status: 'active' });
    expect(
      fold([
        created('Languages'),
        { type: 'CourseCategoryRenamed', data: { name: 'Foreign Languages', previousName: 'Languages' } },
        { type: 'CourseCategoryDeactivated', data: {} },
      ]),
    ).toEqual({ kind: 'live', name: 'Foreign Languages', status: 'inactive' });
    expect(deleted).toEqual({ kind: 'deleted' });
  });
});

describe('creating', () => {
  it('makes an active category of the trimmed name', () => {
    expect(decide({ type: 'CreateCourseCategory', data: { name: '  Languages ', nameHeldBy: null } }, initialCourseCategory)).toEqual([
      created('Languages'),
    ]);
  });

  it('refuses a blank name, a name too long and a name another category holds', () => {
    expect(refusal({ type: 'CreateCourseCategory', data: { name: '   ', nameHeldBy: null } }, initialCourseCategory)).toEqual({
      kind: 'invalid',
      message: courseCategoryMessages.required,
      errors: { name: [courseCategoryMessages.required] },
    });
    expect(
      refusal({ type: 'CreateCourseCategory', data: { name: 'x'.repeat(101), nameHeldBy: null } }, initialCourseCategory),
    ).toMatchObject({
      kind: 'invalid',
      message: courseCategoryMessages.tooLong,
    });
    expect(refusal({ type: 'CreateCourseCategory', data: { name: 'LANGUAGES', nameHeldBy: 'c2' } }, initialCourseCategory)).toMatchObject({
      kind: 'conflict',
      message: courseCategoryMessages.taken,
    });
  });

  it('refuses a stream that already holds a category', () => {
    expect(refusal({ type: 'CreateCourseCategory', data: { name: 'Other', nameHeldBy: null } }, languages).kind).toBe('conflict');
  });
});

describe('renaming', () => {
  it('renames, keeping the name it had', () => {
    expect(decide(rename(' Foreign Languages '), languages)).toEqual([
      { type: 'CourseCategoryRenamed', data: { name: 'Foreign Languages', previousName: 'Languages' } },
    ]);
  });

  it('changes only the case of its own name, and makes nothing of the same name', () => {
    expect(decide(rename('LANGUAGES', 'c1'), languages)).toEqual([
      { type: 'CourseCategoryRenamed', data: { name: 'LANGUAGES', previousName: 'Languages' } },
    ]);
    expect(decide(rename('Languages', 'c1'), languages)).toEqual([]);
  });

  it('refuses a name another category holds, and a blank one', () => {
    expect(refusal(rename('accounting', 'c2'), languages)).toMatchObject({ kind: 'conflict', message: courseCategoryMessages.taken });
    expect(refusal(rename(''), languages)).toMatchObject({ kind: 'invalid', message: courseCategoryMessages.required });
  });
});

describe('changing the status', () => {
  it('toggles without a status, both ways', () => {
    expect(decide(setStatus(), languages)).toEqual([{ type: 'CourseCategoryDeactivated', data: {} }]);
    const inactive = fold([created('Languages'), { type: 'CourseCategoryDeactivated', data: {} }]);
    expect(decide(setStatus(), inactive)).toEqual([{ type: 'CourseCategoryActivated', data: {} }]);
  });

  it('sets a given status, and makes nothing when the category has it already', () => {
    expect(decide(setStatus('inactive'), languages)).toEqual([{ type: 'CourseCategoryDeactivated', data: {} }]);
    expect(decide(setStatus('active'), languages)).toEqual([]);
  });
});

describe('deleting', () => {
  it('deletes a category no course uses, naming it in the event', () => {
    expect(decide({ type: 'DeleteCourseCategory', data: { coursesUsing: 0 } }, languages)).toEqual([
      { type: 'CourseCategoryDeleted', data: { name: 'Languages' } },
    ]);
  });

  it('refuses while courses use it, saying how many', () => {
    expect(refusal({ type: 'DeleteCourseCategory', data: { coursesUsing: 1 } }, languages)).toMatchObject({
      kind: 'conflict',
      message: 'This category is used by 1 course; move it to another category before deleting it',
    });
    expect(refusal({ type: 'DeleteCourseCategory', data: { coursesUsing: 3 } }, languages).message).toBe(
      'This category is used by 3 courses; move them to another category before deleting it',
    );
  });
});

describe('a category that does not exist, or no longer does', () => {
  it.each([
    ['rename', rename('Other')],
    ['status', setStatus()],
    ['delete', { type: 'DeleteCourseCategory', data: { coursesUsing: 0 } } as CourseCategoryCommand],
  ])('answers %s with not found', (_, command) => {
    for (const state of [initialCourseCategory, deleted]) {
      expect(refusal(command, state)).toMatchObject({ kind: 'not-found', message: 'Course category not found' });
    }
  });
});
