import { describe, expect, it } from 'vitest';
import { normalizeFields } from './config-schema';
import { defaultFormConfigs, examTypes, indianStates, maritalStatuses } from './defaults';
import { defaultFormTypes, optionValue } from './fields';
import type { FormFieldConfig } from './types';

type Expected = [name: string, type: string, required: boolean];

/** The default configurations as the product lists them: name, type and required, in order. */
const expected: Record<(typeof defaultFormTypes)[number], Expected[]> = {
  student: [
    ['centerName', 'select', true],
    ['studentName', 'text', true],
    ['selectedCourse', 'select', true],
    ['state', 'select', false],
    ['studentEmail', 'email', true],
    ['phoneNumber', 'tel', true],
    ['aadhaarNumber', 'text', false],
    ['fatherName', 'text', false],
    ['motherName', 'text', false],
    ['registrationNumber', 'text', false],
    ['city', 'text', false],
    ['dateOfBirth', 'date', false],
    ['admissionDate', 'date', false],
    ['maritalStatus', 'select', false],
    ['address', 'textarea', false],
    ['pinCode', 'text', false],
    ['isActive', 'checkbox', false],
    ['isRegistered', 'checkbox', false],
    ['completedCourse', 'checkbox', false],
    ['studentPhoto', 'file', false],
    ['documents', 'file', false],
    ['signature', 'file', false],
  ],
  course: [
    ['courseName', 'text', true],
    ['courseCode', 'text', false],
    ['description', 'textarea', false],
    ['subCourses', 'subCourseList', false],
    ['duration', 'number', false],
    ['fees', 'number', false],
    ['category', 'select', true],
    ['courseImage', 'file', false],
    ['isActive', 'checkbox', false],
  ],
  branch: [
    ['addBranch', 'text', false],
    ['userName', 'text', false],
    ['password', 'text', false],
    ['courseName', 'text', true],
    ['branchCode', 'text', true],
    ['email', 'email', false],
    ['phoneNumber', 'tel', true],
    ['directorName', 'text', false],
    ['state', 'select', false],
    ['district', 'text', false],
    ['location', 'text', false],
    ['branchAddress', 'textarea', false],
    ['directorAddress', 'textarea', false],
    ['religion', 'text', false],
    ['branchDocument1', 'file', false],
    ['branchDocument2', 'file', false],
    ['fees1', 'number', false],
    ['isActive', 'checkbox', false],
    ['walletEnabled', 'checkbox', false],
  ],
  examResult: [
    ['examId', 'text', true],
    ['examName', 'text', true],
    ['examType', 'select', false],
    ['selectedCourse', 'select', true],
    ['examSubjectsTable', 'examSubjectsTable', true],
    ['examPaper', 'file', false],
    ['enableSubjectPaperUpload', 'checkbox', false],
  ],
};

const byName = (fields: FormFieldConfig[], name: string) => fields.find((f) => f.name === name)!;

describe('default form configurations', () => {
  it.each(defaultFormTypes)('%s: names, types and required in the product’s order, all active', (formType) => {
    const { fields } = defaultFormConfigs[formType];
    expect(fields.map((f) => [f.name, f.type, f.required])).toEqual(expected[formType]);
    expect(fields.map((f) => f.order)).toEqual(fields.map((_, i) => i + 1));
    expect(fields.every((f) => f.isActive === true && f.label.length > 0)).toBe(true);
  });

  it.each(defaultFormTypes)('%s is stored as it is: normalising changes nothing', (formType) => {
    expect(normalizeFields(defaultFormConfigs[formType].fields)).toEqual(defaultFormConfigs[formType].fields);
  });

  it('offers the 36 states and union territories of India, once each', () => {
    expect(indianStates).toHaveLength(36);
    expect(new Set(indianStates).size).toBe(36);
    for (const formType of ['student', 'branch'] as const) {
      expect(byName(defaultFormConfigs[formType].fields, 'state').options!.map(optionValue)).toEqual([...indianStates]);
    }
  });

  it('student: searchable center and course from other records, marital statuses', () => {
    const { fields } = defaultFormConfigs.student;
    expect(byName(fields, 'centerName')).toMatchObject({ isSearchable: true, optionsSource: 'branches' });
    expect(byName(fields, 'selectedCourse')).toMatchObject({ isSearchable: true, optionsSource: 'courses' });
    expect(byName(fields, 'maritalStatus').options!.map(optionValue)).toEqual(['Single', 'Married', 'Divorced', 'Widowed', 'Separated']);
    expect(maritalStatuses).toEqual(['Single', 'Married', 'Divorced', 'Widowed', 'Separated']);
  });

  it('course: subjects are the comma-separated description, months, categories, active by default', () => {
    const { fields } = defaultFormConfigs.course;
    expect(byName(fields, 'description').label).toBe('Subjects Name');
    expect(byName(fields, 'duration').label).toContain('Months');
    expect(byName(fields, 'category').optionsSource).toBe('courseCategories');
    expect(byName(fields, 'isActive').defaultValue).toBe(true);
  });

  it('branch: fees1 is the entry fee, the wallet is off by default', () => {
    const { fields } = defaultFormConfigs.branch;
    expect(byName(fields, 'fees1').label).toBe('Entry Fees');
    expect(byName(fields, 'walletEnabled').defaultValue).toBe(false);
  });

  it('examResult: the seven exam types', () => {
    const options = byName(defaultFormConfigs.examResult.fields, 'examType').options!.map(optionValue);
    expect(options).toEqual([
      'Internal Assessment',
      'Final Examination',
      'Mid-term Exam',
      'Written Exam',
      'Unit Test',
      'Practical Exam',
      'Viva Voce',
    ]);
    expect(examTypes).toEqual(options);
  });
});
