import type { APIRequestContext } from '@playwright/test';
import { addRecord, apiHeaders, unique } from './fixtures';

export { unique };

/** An exam "Term End <tag>" of a course, with two subjects: Accounting Basics (ACC, of 100) and GST Returns (GST, of 50). */
export async function addExam(request: APIRequestContext, course: string, tag: string, headers: Record<string, string>) {
  const examId = unique('EX');
  const examName = `Term End ${tag}`;
  const exam = await addRecord(
    request,
    'examResult',
    {
      examId,
      examName,
      selectedCourse: course,
      examSubjectsTable: [
        {
          subjectName: 'Accounting Basics',
          subjectCode: 'ACC',
          questionPaperMarks: 100,
          passingMarks: 40,
          examDate: '2026-12-05',
          examTime: '10:00',
        },
        {
          subjectName: 'GST Returns',
          subjectCode: 'GST',
          questionPaperMarks: 50,
          passingMarks: 20,
          examDate: '2026-12-07',
          examTime: '14:00',
        },
      ],
    },
    headers,
  );
  return { exam, examId, examName };
}

/**
 * An exam of a course of its own, with two subjects, sat by three registered students of North
 * Campus (their names sort as listed), with their record ids: what the exam screens' tests work on.
 */
export async function examWithStudents(request: APIRequestContext) {
  const headers = await apiHeaders(request);
  const branches = await request.get('/api/v1/dynamic-data?formType=branch&search=North', { headers });
  const north = ((await branches.json()) as { data: { records: { _id: string }[] } }).data.records[0]!._id;
  const tag = unique('R');
  const categories = await request.get('/api/v1/course/categories', { headers, params: { limit: '1' } });
  const category = ((await categories.json()) as { data: { categories: { _id: string }[] } }).data.categories[0]!._id;
  const course = await addRecord(request, 'course', { courseName: `Results Course ${tag}`, category, isActive: true }, headers);
  const { exam, examId, examName } = await addExam(request, course, tag, headers);
  const names = ['Asha Rao', 'Bhavna Iyer', 'Chetan Das'].map((name) => `${name} ${tag}`);
  const students: string[] = [];
  for (const [index, name] of names.entries()) {
    const student = await addRecord(
      request,
      'student',
      {
        centerName: north,
        studentName: name,
        selectedCourse: course,
        studentEmail: `${tag.toLowerCase()}.${index}@students.example`,
        phoneNumber: `98${String(Date.now() + index).slice(-8)}`,
        isRegistered: true,
        isActive: true,
      },
      headers,
    );
    students.push(student);
  }
  return { exam, examId, examName, course, names, students, north, headers };
}
