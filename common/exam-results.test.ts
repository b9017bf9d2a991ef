import { describe, expect, it } from 'vitest';
import { examSubjectsOf, gradeOf, outcomeOf, readMark, type ExamSubject } from './exam-results';

const subjects: ExamSubject[] = [
  { key: 'acc', name: 'Accounting', code: 'ACC', questionPaperMarks: 100, passingMarks: 40 },
  { key: 'gst', name: 'GST', code: 'GST', questionPaperMarks: 50, passingMarks: 20 },
];

describe('readMark', () => {
  it('reads a mark, AB in any case, and an empty cell', () => {
    expect(readMark(' 42.5 ', subjects[0]!)).toEqual({ value: 42.5 });
    expect(readMark('ab', subjects[0]!)).toEqual({ value: 'AB' });
    expect(readMark('', subjects[0]!)).toEqual({ value: null });
    expect(readMark('0', subjects[0]!)).toEqual({ value: 0 });
  });

  it('refuses what is no mark of the subject, in its name', () => {
    expect(readMark('4x', subjects[0]!)).toEqual({ error: 'Accounting must be a number' });
    expect(readMark('-3', subjects[0]!)).toEqual({ error: 'Accounting must be a number' });
    expect(readMark('51', subjects[1]!)).toEqual({ error: 'GST must be between 0 and 50' });
    expect(readMark('10.125', subjects[1]!)).toEqual({ error: 'GST takes at most 2 decimal places' });
  });
});

describe('outcomeOf', () => {
  it('adds marks exactly and grades a pass by percentage', () => {
    expect(outcomeOf(subjects, { acc: 80.1, gst: 40.2 })).toEqual({
      total: 120.3,
      maximum: 150,
      percentage: 80.2,
      standing: 'pass',
      grade: 'A',
      failedSubjects: [],
    });
  });

  it('fails a student below a subject’s passing marks, or absent from it, whatever the percentage', () => {
    expect(outcomeOf(subjects, { acc: 100, gst: 19 })).toMatchObject({ standing: 'fail', grade: 'F', failedSubjects: ['gst'] });
    expect(outcomeOf(subjects, { acc: 100, gst: 'AB' })).toMatchObject({ standing: 'fail', total: 100, failedSubjects: ['gst'] });
    expect(outcomeOf(subjects, { acc: 'AB', gst: 'AB' })).toMatchObject({ standing: 'absent', grade: 'F', percentage: 0 });
  });

  it('leaves percentage and grade open while a mark is missing', () => {
    expect(outcomeOf(subjects, { acc: 70 })).toEqual({
      total: 70,
      maximum: 150,
      percentage: null,
      standing: 'incomplete',
      grade: null,
      failedSubjects: [],
    });
  });

  it('grades on the scale’s steps, each from its lower bound', () => {
    expect([90, 89.99, 80, 70, 60, 50, 40, 39.99].map((percentage) => gradeOf(percentage))).toEqual([
      'A+',
      'A',
      'A',
      'B+',
      'B',
      'C',
      'D',
      'F',
    ]);
  });
});

describe('examSubjectsOf', () => {
  it('keys subjects by code, else name, in lower case, one key each, and leaves out rows with no name', () => {
    expect(
      examSubjectsOf([
        { subjectName: 'Accounting', subjectCode: 'ACC', questionPaperMarks: '80', passingMarks: 32 },
        { subjectName: 'Practical' },
        { subjectName: 'practical' },
        { subjectName: '  ' },
      ]),
    ).toEqual([
      { key: 'acc', name: 'Accounting', code: 'ACC', questionPaperMarks: 80, passingMarks: 32 },
      { key: 'practical', name: 'Practical', code: null, questionPaperMarks: 100, passingMarks: 0 },
      { key: 'practical#2', name: 'practical', code: null, questionPaperMarks: 100, passingMarks: 0 },
    ]);
  });
});
