import { describe, expect, it } from 'vitest';
import { examResultMessages } from '../../../common/contracts/exam-results';
import type { ExamSubject } from '../../../common/exam-results';
import { DomainError } from '../errors';
import {
  conflictsAfter,
  decideMarks,
  decideSitting,
  evolveMarks,
  evolveSitting,
  initialSitting,
  initialStudentMarks,
  type ChangeSitting,
  type EnterMarks,
  type ReviseMarks,
} from './decide';

const subjects: ExamSubject[] = [{ key: 'acc', name: 'Accounting', code: 'ACC', questionPaperMarks: 100, passingMarks: 40 }];

const enter = (cells: EnterMarks['data']['cells'], more: Partial<EnterMarks['data']> = {}): EnterMarks => ({
  type: 'EnterMarks',
  data: { examId: 'e', studentId: 's', branchId: 'b', subjects, published: false, cells, ...more },
});

const fold = (...commands: EnterMarks[]) =>
  commands.reduce((state, command) => decideMarks(command, state).reduce(evolveMarks, state), initialStudentMarks);

function refusal(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return [error.kind, error.message];
  }
  return null;
}

describe('marks', () => {
  it('sets a cell at the version of the event that set it, and clears it with null', () => {
    const once = fold(enter([{ subject: 'acc', value: 55, baseVersion: 0 }]));
    expect(once).toEqual({ version: 1, cells: { acc: { value: 55, version: 1 } } });
    const cleared = decideMarks(enter([{ subject: 'acc', value: null, baseVersion: 1 }]), once).reduce(evolveMarks, once);
    expect(cleared).toEqual({ version: 2, cells: {} });
  });

  it('leaves out a cell changed since its base version, and one that already holds the value', () => {
    const state = fold(enter([{ subject: 'acc', value: 55, baseVersion: 0 }]));
    expect(decideMarks(enter([{ subject: 'acc', value: 60, baseVersion: 0 }]), state)).toEqual([]);
    expect(conflictsAfter(state, [{ subject: 'acc', value: 60, baseVersion: 0 }])).toHaveLength(1);
    // The same value sent on an old version is what the sender wanted: no conflict, nothing to write.
    expect(decideMarks(enter([{ subject: 'acc', value: 55, baseVersion: 0 }]), state)).toEqual([]);
    expect(conflictsAfter(state, [{ subject: 'acc', value: 55, baseVersion: 0 }])).toEqual([]);
    expect(decideMarks(enter([{ subject: 'acc', value: 55, baseVersion: 1 }]), state)).toEqual([]);
  });

  it('refuses a student not sitting, a published sitting, an unknown subject and a mark out of range', () => {
    const cell = { subject: 'acc', value: 10, baseVersion: 0 };
    expect(refusal(() => decideMarks(enter([cell], { branchId: null }), initialStudentMarks))).toEqual([
      'invalid',
      examResultMessages.notSitting,
    ]);
    expect(refusal(() => decideMarks(enter([cell], { published: true }), initialStudentMarks))).toEqual([
      'conflict',
      examResultMessages.locked,
    ]);
    expect(refusal(() => decideMarks(enter([{ ...cell, subject: 'art' }]), initialStudentMarks))).toEqual([
      'invalid',
      examResultMessages.unknownSubject,
    ]);
    expect(refusal(() => decideMarks(enter([{ ...cell, value: 101 }]), initialStudentMarks))).toEqual([
      'invalid',
      'Accounting must be between 0 and 100',
    ]);
  });
});

describe('publishing', () => {
  const students = [{ studentId: 's', total: 55, percentage: 55, standing: 'pass', grade: 'C', marksheetCode: '7K2QM-XH4DA-P9R3T-WQ8NB' }];

  it('publishes once, with every mark in and somebody sitting', () => {
    const events = decideSitting(
      { type: 'PublishResults', data: { examId: 'e', branchId: 'b', students, template: null, missingMarks: 0 } },
      initialSitting,
    );
    expect(events).toEqual([{ type: 'ExamResultsPublished', data: { examId: 'e', branchId: 'b', students, template: null } }]);
    const published = events.reduce(evolveSitting, initialSitting);
    expect(published).toEqual({ version: 1, published: true });
    expect(
      refusal(() =>
        decideSitting(
          { type: 'PublishResults', data: { examId: 'e', branchId: 'b', students, template: null, missingMarks: 0 } },
          published,
        ),
      ),
    ).toEqual(['conflict', examResultMessages.alreadyPublished]);
  });

  it('refuses missing marks, and a sitting with nobody in it', () => {
    const publish = (more: { students?: typeof students; missingMarks: number }) =>
      refusal(() =>
        decideSitting({ type: 'PublishResults', data: { examId: 'e', branchId: 'b', students, template: null, ...more } }, initialSitting),
      );
    expect(publish({ missingMarks: 2 })).toEqual(['invalid', examResultMessages.marksMissing(2)]);
    expect(publish({ students: [], missingMarks: 0 })).toEqual(['invalid', examResultMessages.nobodySitting]);
  });
});

describe('revisions', () => {
  const revise = (marks: ReviseMarks['data']['marks'], published = true): ReviseMarks => ({
    type: 'ReviseMarks',
    data: { examId: 'e', studentId: 's', branchId: 'b', subjects, published, marks, reason: 'Re-totalled' },
  });

  it('changes a published mark, keeping what it held, and bumps its version', () => {
    const entered = fold(enter([{ subject: 'acc', value: 35, baseVersion: 0 }]));
    const events = decideMarks(revise([{ subject: 'acc', value: 45 }]), entered);
    expect(events).toEqual([
      {
        type: 'MarksRevised',
        data: { examId: 'e', studentId: 's', branchId: 'b', marks: [{ subject: 'acc', from: 35, value: 45 }], reason: 'Re-totalled' },
      },
    ]);
    expect(events.reduce(evolveMarks, entered).cells.acc).toEqual({ value: 45, version: 2 });
  });

  it('refuses a draft, a cleared mark, no change and a mark out of range', () => {
    const entered = fold(enter([{ subject: 'acc', value: 35, baseVersion: 0 }]));
    expect(refusal(() => decideMarks(revise([{ subject: 'acc', value: 45 }], false), entered))).toEqual([
      'conflict',
      examResultMessages.notPublished,
    ]);
    expect(refusal(() => decideMarks(revise([{ subject: 'acc', value: null }]), entered))).toEqual([
      'invalid',
      examResultMessages.revisionClears,
    ]);
    expect(refusal(() => decideMarks(revise([{ subject: 'acc', value: 35 }]), entered))).toEqual([
      'invalid',
      examResultMessages.nothingRevised,
    ]);
    expect(refusal(() => decideMarks(revise([{ subject: 'acc', value: 101 }]), entered))?.[0]).toBe('invalid');
  });
});

describe('who sits', () => {
  const change = (type: ChangeSitting['type'], sits: boolean, reason: string | null = 'Medical leave'): ChangeSitting => ({
    type,
    data: { examId: 'e', branchId: 'b', studentId: 's', reason, sits },
  });
  const published = { version: 1, published: true };

  it('adds one who does not sit and excuses one who does, with a reason, while a draft', () => {
    expect(decideSitting(change('AddToSitting', false, null), initialSitting)).toEqual([
      { type: 'StudentAddedToSitting', data: { examId: 'e', branchId: 'b', studentId: 's', reason: null } },
    ]);
    expect(decideSitting(change('ExcuseFromSitting', true), initialSitting)[0]?.type).toBe('StudentExcusedFromSitting');
    expect(refusal(() => decideSitting(change('AddToSitting', true), initialSitting))).toEqual([
      'conflict',
      examResultMessages.alreadySitting,
    ]);
    expect(refusal(() => decideSitting(change('ExcuseFromSitting', false), initialSitting))).toEqual([
      'invalid',
      examResultMessages.notSitting,
    ]);
    expect(refusal(() => decideSitting(change('ExcuseFromSitting', true, null), initialSitting))).toEqual([
      'invalid',
      examResultMessages.reasonNeeded,
    ]);
    expect(refusal(() => decideSitting(change('AddToSitting', false), published))).toEqual(['conflict', examResultMessages.sittingLocked]);
  });

  it('keeps a sitting a draft through its changes, and counts them in its version', () => {
    const after = decideSitting(change('AddToSitting', false), initialSitting).reduce(evolveSitting, initialSitting);
    expect(after).toEqual({ version: 1, published: false });
  });
});
