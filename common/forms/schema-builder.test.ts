import type { Submission } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { defaultFormConfigs } from './defaults';
import { activeFields, customFormType, fieldsDataToValues, isValidFormType, valuesToFieldsData } from './fields';
import { buildRecordSchema, fieldErrors } from './schema-builder';
import type { FieldType, FormFieldConfig } from './types';

const options = ['Single', { value: 'married', label: 'Married' }];

function field(type: FieldType, required: boolean, extra: Partial<FormFieldConfig> = {}): FormFieldConfig {
  return { name: 'value', label: 'Answer', type, required, isActive: true, order: 1, ...extra };
}

type Row = [type: FieldType, required: boolean, input: unknown, outcome: { value: unknown } | { error: string }];

const ok = (value: unknown) => ({ value });
const error = (message: string) => ({ error: message });

/** Every rule of every type, as a JSON body or a browser form would send it. */
const rows: Row[] = [
  ['text', true, 'Asha', ok('Asha')],
  ['text', true, '  Asha  ', ok('Asha')],
  ['text', true, undefined, error('Answer is required')],
  ['text', true, '', error('Answer is required')],
  ['text', true, '   ', error('Answer is required')],
  ['text', true, null, error('Answer is required')],
  ['text', false, '', ok(undefined)],
  ['text', false, undefined, ok(undefined)],
  ['text', false, 42, ok('42')],
  ['text', false, { nested: true }, error('Answer must be text')],
  ['text', false, 'x'.repeat(1001), error('Answer must be at most 1000 characters')],
  ['textarea', true, 'Line one\nLine two', ok('Line one\nLine two')],
  ['textarea', true, '', error('Answer is required')],
  ['textarea', false, '', ok(undefined)],
  ['email', true, 'asha@example.com', ok('asha@example.com')],
  ['email', true, ' asha@example.com ', ok('asha@example.com')],
  ['email', true, 'not-an-email', error('Answer must be a valid email')],
  ['email', true, '', error('Answer is required')],
  ['email', false, '', ok(undefined)],
  ['email', false, 'asha@', error('Answer must be a valid email')],
  ['email', false, 12, error('Answer must be a valid email')],
  ['number', true, 12, ok(12)],
  ['number', true, '12', ok(12)],
  ['number', true, ' 12.5 ', ok(12.5)],
  ['number', true, '-3', ok(-3)],
  ['number', true, 'twelve', error('Answer must be a number')],
  ['number', true, '12abc', error('Answer must be a number')],
  ['number', true, Number.NaN, error('Answer must be a number')],
  ['number', true, '', error('Answer is required')],
  ['number', true, undefined, error('Answer is required')],
  ['number', false, '', ok(undefined)],
  ['number', false, 'abc', error('Answer must be a number')],
  ['tel', true, '9810000001', ok('9810000001')],
  ['tel', true, 9810000001, ok('9810000001')],
  ['tel', true, '981000000', error('Answer must be a valid 10-digit number')],
  ['tel', true, '98100000011', error('Answer must be a valid 10-digit number')],
  ['tel', true, '98100-0000', error('Answer must be a valid 10-digit number')],
  ['tel', true, '', error('Answer is required')],
  ['tel', false, '', ok(undefined)],
  ['tel', false, 'phone', error('Answer must be a valid 10-digit number')],
  ['checkbox', false, true, ok(true)],
  ['checkbox', false, false, ok(false)],
  ['checkbox', false, 'true', ok(true)],
  ['checkbox', false, 'on', ok(true)],
  ['checkbox', false, '1', ok(true)],
  ['checkbox', false, 1, ok(true)],
  ['checkbox', false, 'false', ok(false)],
  ['checkbox', false, 'off', ok(false)],
  ['checkbox', false, '0', ok(false)],
  ['checkbox', false, '', ok(false)],
  ['checkbox', false, undefined, ok(false)],
  ['checkbox', true, undefined, ok(false)],
  ['select', true, 'Single', ok('Single')],
  ['select', true, 'married', ok('married')],
  ['select', true, 'Married', error('Answer selection is invalid')],
  ['select', true, 'Engaged', error('Answer selection is invalid')],
  ['select', true, '', error('Answer is required')],
  ['select', true, undefined, error('Answer is required')],
  ['select', false, '', ok(undefined)],
  ['select', false, ['Single'], error('Answer selection is invalid')],
  ['radio', true, 'Single', ok('Single')],
  ['radio', true, 'Engaged', error('Answer selection is invalid')],
  ['radio', true, '', error('Answer is required')],
  ['date', true, '2026-03-01', ok('2026-03-01')],
  ['date', true, '2026-03-01T00:00:00.000Z', ok('2026-03-01')],
  ['date', true, '', error('Answer is required')],
  ['date', true, undefined, error('Answer is required')],
  ['date', false, '', ok(undefined)],
  ['date', false, '2026-02-30', error('Answer must be a valid date')],
  ['date', false, 'yesterday', error('Answer must be a valid date')],
  ['file', true, 'uploads/student/photo.png', ok('uploads/student/photo.png')],
  ['file', true, '["uploads/a.pdf","uploads/b.pdf"]', ok(['uploads/a.pdf', 'uploads/b.pdf'])],
  ['file', true, { key: 'uploads/a.pdf' }, ok({ key: 'uploads/a.pdf' })],
  ['file', true, '', error('Answer is required')],
  ['file', true, [], error('Answer is required')],
  ['file', false, undefined, ok(undefined)],
  ['subCourseList', false, ['Basics', 'Advanced'], ok(['Basics', 'Advanced'])],
  ['subCourseList', false, '["Basics"]', ok(['Basics'])],
  ['subCourseList', false, 'Basics', ok('Basics')],
  ['examSubjectsTable', true, [{ subjectName: 'Maths' }], ok([{ subjectName: 'Maths' }])],
  ['examSubjectsTable', true, '[{"subjectName":"Maths"}]', ok([{ subjectName: 'Maths' }])],
  ['examSubjectsTable', true, '[]', error('Answer is required')],
  ['examSubjectsTable', true, undefined, error('Answer is required')],
];

describe('buildRecordSchema: one rule per type, with the product’s messages', () => {
  it.each(rows)('%s (required: %s) given %j', (type, required, input, outcome) => {
    const schema = buildRecordSchema([field(type, required, { options })]);
    const result = schema.safeParse(input === undefined ? {} : { value: input });
    if ('error' in outcome) {
      expect(result.success).toBe(false);
      if (!result.success) expect(fieldErrors(result.error)).toEqual({ value: [outcome.error] });
    } else {
      expect(result.success, JSON.stringify(!result.success && result.error.issues)).toBe(true);
      if (result.success) expect(result.data.value).toEqual(outcome.value);
    }
  });

  it('uses the field’s label in every message, and its name when it has no label', () => {
    const schema = buildRecordSchema([
      field('text', true, { name: 'studentName', label: 'Student Name' }),
      field('email', true, { name: 'studentEmail', label: 'Student Email' }),
      field('tel', true, { name: 'phone', label: '' }),
    ]);
    const result = schema.safeParse({ studentEmail: 'nope', phone: '123' });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error)).toEqual({
      studentName: ['Student Name is required'],
      studentEmail: ['Student Email must be a valid email'],
      phone: ['phone must be a valid 10-digit number'],
    });
  });

  it('accepts any choice of a select whose options come from other records', () => {
    const schema = buildRecordSchema([field('select', true, { options: [], optionsSource: 'branches' })]);
    expect(schema.parse({ value: '0192f1c2-branch' })).toEqual({ value: '0192f1c2-branch' });
    expect(schema.safeParse({ value: '' }).success).toBe(false);
  });

  it('covers active fields only: isActive false or enabled false leave a field out', () => {
    const schema = buildRecordSchema([
      field('text', true, { name: 'kept' }),
      field('text', true, { name: 'switchedOff', isActive: false }),
      field('text', true, { name: 'disabled', enabled: false }),
    ]);
    expect(Object.keys(schema.shape)).toEqual(['kept']);
    expect(schema.parse({ kept: 'a', switchedOff: 'b', disabled: 'c', unknown: 'd' })).toEqual({ kept: 'a' });
  });

  it('keeps the first field of a name and drops the duplicates', () => {
    const schema = buildRecordSchema([
      field('number', true, { name: 'fees', label: 'Fees' }),
      field('text', false, { name: 'fees', label: 'Fees again' }),
    ]);
    const result = schema.safeParse({ fees: 'abc' });
    expect(!result.success && fieldErrors(result.error)).toEqual({ fees: ['Fees must be a number'] });
  });
});

describe('buildRecordSchema with conform’s parseWithZod on FormData', () => {
  const errorsOf = (submission: Submission<Record<string, unknown>, string[]>) =>
    submission.status === 'error' ? submission.error : undefined;
  const schema = buildRecordSchema(defaultFormConfigs.student.fields);

  function formData(entries: Record<string, string>) {
    const data = new FormData();
    for (const [name, value] of Object.entries(entries)) data.append(name, value);
    return data;
  }

  it('reads a complete student form: numbers from text, checkboxes from "on", blanks left out', () => {
    const submission = parseWithZod(
      formData({
        centerName: 'branch-1',
        studentName: 'Asha Rao',
        selectedCourse: 'course-1',
        state: 'Kerala',
        studentEmail: 'asha@example.com',
        phoneNumber: '9810000001',
        fatherName: '',
        admissionDate: '2026-02-01',
        maritalStatus: 'Single',
        isActive: 'on',
        studentPhoto: 'uploads/student/asha.png',
      }),
      { schema },
    );
    expect(submission.status).toBe('success');
    if (submission.status !== 'success') return;
    expect(submission.value).toMatchObject({
      centerName: 'branch-1',
      studentName: 'Asha Rao',
      state: 'Kerala',
      admissionDate: '2026-02-01',
      isActive: true,
      isRegistered: false,
      completedCourse: false,
      studentPhoto: 'uploads/student/asha.png',
    });
    expect(submission.value.fatherName).toBeUndefined();
  });

  it('answers every failing field with its message', () => {
    const submission = parseWithZod(formData({ studentEmail: 'asha', phoneNumber: '12345', state: 'Atlantis', maritalStatus: '' }), {
      schema,
    });
    expect(submission.status).toBe('error');
    expect(errorsOf(submission)).toEqual({
      centerName: ['Center Name is required'],
      studentName: ['Student Name is required'],
      selectedCourse: ['Selected Course is required'],
      state: ['State selection is invalid'],
      studentEmail: ['Student Email must be a valid email'],
      phoneNumber: ['Phone Number must be a valid 10-digit number'],
    });
  });

  it('reads numbers of a course form and rejects text in them', () => {
    const courseSchema = buildRecordSchema(defaultFormConfigs.course.fields);
    const good = parseWithZod(formData({ courseName: 'DCA', category: 'c1', duration: '12', fees: '' }), { schema: courseSchema });
    expect(good.status === 'success' && good.value).toMatchObject({ duration: 12, fees: undefined, isActive: false });
    const bad = parseWithZod(formData({ courseName: 'DCA', category: 'c1', duration: 'a year' }), { schema: courseSchema });
    expect(errorsOf(bad)).toEqual({ duration: ['Duration (Months) must be a number'] });
  });

  it('reads an exam’s subject rows from indexed names and from JSON text', () => {
    const examSchema = buildRecordSchema(defaultFormConfigs.examResult.fields);
    const indexed = parseWithZod(
      formData({
        examId: 'E1',
        examName: 'Finals',
        selectedCourse: 'course-1',
        'examSubjectsTable[0].subjectName': 'Maths',
        'examSubjectsTable[0].passingMarks': '33',
      }),
      { schema: examSchema },
    );
    expect(indexed.status === 'success' && indexed.value.examSubjectsTable).toEqual([{ subjectName: 'Maths', passingMarks: '33' }]);
    const json = parseWithZod(
      formData({ examId: 'E1', examName: 'Finals', selectedCourse: 'c', examSubjectsTable: '[{"subjectName":"Maths"}]' }),
      { schema: examSchema },
    );
    expect(json.status === 'success' && json.value.examSubjectsTable).toEqual([{ subjectName: 'Maths' }]);
    const none = parseWithZod(formData({ examId: 'E1', examName: 'Finals', selectedCourse: 'c' }), { schema: examSchema });
    expect(errorsOf(none)).toEqual({ examSubjectsTable: ['Exam Subjects is required'] });
  });
});

describe('form helpers', () => {
  it('orders active fields by order, then position, then as listed', () => {
    const fields = activeFields([
      field('text', false, { name: 'c', order: 3 }),
      field('text', false, { name: 'a', order: undefined, position: 1 }),
      field('text', false, { name: 'b', order: 2 }),
      field('text', false, { name: 'off', order: 0, isActive: false }),
    ]);
    expect(fields.map((f) => f.name)).toEqual(['a', 'b', 'c']);
  });

  it('turns a form name into its form type', () => {
    expect(customFormType('Alumni Survey')).toBe('alumni-survey');
    expect(customFormType('  Hostel   Admission 2026 ')).toBe('hostel-admission-2026');
    expect(isValidFormType('alumni-survey')).toBe(true);
    expect(isValidFormType('examResult')).toBe(true);
    expect(isValidFormType('Alumni Survey')).toBe(false);
    expect(isValidFormType('-x')).toBe(false);
    expect(isValidFormType('a'.repeat(51))).toBe(false);
  });

  it('converts between name/value lists and objects, leaving empty values out', () => {
    expect(valuesToFieldsData({ a: 'x', b: '', c: null, d: [], e: 0, f: false })).toEqual([
      { name: 'a', value: 'x' },
      { name: 'e', value: 0 },
      { name: 'f', value: false },
    ]);
    expect(
      fieldsDataToValues([
        { name: 'a', value: 1 },
        { name: 'fieldsData', value: [{ name: 'b', value: 2 }] },
      ]),
    ).toEqual({ a: 1, b: 2 });
  });
});
