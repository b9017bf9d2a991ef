import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { defaultFormConfigs } from '../../common/forms/defaults';
import { dynamicFormMessages, dynamicFormSchema, formTitle, sectionsOf, uploadFieldName } from './dynamic-form';
import { subjectsOf } from './record-values';

function form(entries: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
}

describe('dynamic form model', () => {
  it('titles each form as the product does', () => {
    expect(formTitle('student', false)).toBe('Add Student');
    expect(formTitle('student', true)).toBe('Edit Student');
    expect(formTitle('branch', false)).toBe('Add Branch');
    expect(formTitle('course', true)).toBe('Edit Course');
    expect(formTitle('examResult', false)).toBe('Create Exam');
    expect(formTitle('examResult', true)).toBe('Edit Exam');
  });

  it('says what SPEC.md says, word for word', () => {
    expect(dynamicFormMessages.created('course')).toBe('Course created successfully');
    expect(dynamicFormMessages.updated('branch')).toBe('Branch updated successfully');
    expect(dynamicFormMessages.created('examResult')).toBe('Exam created successfully!');
    expect(dynamicFormMessages.updated('examResult')).toBe('Exam updated successfully!');
    expect(dynamicFormMessages.editLoadFailed('student')).toBe('Failed to load student data for editing');
  });

  it('orders the sections: grid, table, checkboxes, files (none for the exam form)', () => {
    const student = sectionsOf(defaultFormConfigs.student.fields, 'student');
    expect(student.grid.map((field) => field.name)).toEqual([
      'centerName',
      'studentName',
      'selectedCourse',
      'state',
      'studentEmail',
      'phoneNumber',
      'aadhaarNumber',
      'fatherName',
      'motherName',
      'registrationNumber',
      'city',
      'dateOfBirth',
      'admissionDate',
      'maritalStatus',
      'address',
      'pinCode',
    ]);
    expect(student.checkboxes.map((field) => field.name)).toEqual(['isActive', 'isRegistered', 'completedCourse']);
    expect(student.files.map((field) => field.name)).toEqual(['studentPhoto', 'documents', 'signature']);
    expect(student.table).toBeNull();

    const exam = sectionsOf(defaultFormConfigs.examResult.fields, 'examResult');
    expect(exam.table?.name).toBe('examSubjectsTable');
    expect(exam.files).toEqual([]);
    expect(exam.checkboxes.map((field) => field.name)).toEqual(['enableSubjectPaperUpload']);
  });

  it('skips inactive fields and follows the configured order', () => {
    const fields = [
      { name: 'b', label: 'B', type: 'text' as const, order: 2 },
      { name: 'a', label: 'A', type: 'text' as const, order: 1 },
      { name: 'off', label: 'Off', type: 'text' as const, order: 0, isActive: false },
    ];
    expect(sectionsOf(fields, 'course').grid.map((field) => field.name)).toEqual(['a', 'b']);
  });

  it('validates a posted form with the shared messages', () => {
    const result = parseWithZod(form({ studentEmail: 'not-an-email', phoneNumber: '12345', state: 'Atlantis' }), {
      schema: dynamicFormSchema(defaultFormConfigs.student.fields),
    });
    expect(result.status).toBe('error');
    expect(result.reply().error).toMatchObject({
      centerName: ['Center Name is required'],
      studentName: ['Student Name is required'],
      selectedCourse: ['Selected Course is required'],
      studentEmail: ['Student Email must be a valid email'],
      phoneNumber: ['Phone Number must be a valid 10-digit number'],
      state: ['State selection is invalid'],
    });
  });

  it('reads the subject table from row inputs and drops blank rows', () => {
    const schema = dynamicFormSchema(defaultFormConfigs.examResult.fields);
    const base = { examId: 'E1', examName: 'Finals', selectedCourse: 'course-1' };
    const blank = parseWithZod(form({ ...base, 'examSubjectsTable[0].subjectName': '', 'examSubjectsTable[0].examDate': '' }), { schema });
    expect(blank.status).toBe('error');
    expect(blank.reply().error).toEqual({ examSubjectsTable: ['Exam Subjects is required'] });

    const filled = parseWithZod(
      form({
        ...base,
        'examSubjectsTable[0].subjectName': 'MS Office',
        'examSubjectsTable[0].passingMarks': '33',
        'examSubjectsTable[1].subjectName': '',
        enableSubjectPaperUpload: 'on',
      }),
      { schema },
    );
    expect(filled.status).toBe('success');
    expect(filled.status === 'success' && filled.value).toMatchObject({
      examSubjectsTable: [{ subjectName: 'MS Office', passingMarks: '33' }],
      enableSubjectPaperUpload: true,
    });
  });

  it('a required file field needs its stored key', () => {
    const fields = [{ name: 'studentPhoto', label: 'Student Photo', type: 'file' as const, required: true }];
    const missing = parseWithZod(form({ studentPhoto: '' }), { schema: dynamicFormSchema(fields) });
    expect(missing.reply().error).toEqual({ studentPhoto: ['Student Photo is required'] });
    const stored = parseWithZod(form({ studentPhoto: 'student/2026/01/x-photo.png' }), { schema: dynamicFormSchema(fields) });
    expect(stored.status).toBe('success');
  });

  it('names uploads and files as the API does', () => {
    expect(uploadFieldName('studentPhoto')).toBe('studentPhoto');
    expect(uploadFieldName('examSubjectsTable[2].subjectPaper')).toBe('examSubjectsTable_2_subjectPaper');
    expect(subjectsOf(' Tally Prime, GST Returns ,, ')).toEqual(['Tally Prime', 'GST Returns']);
  });
});
