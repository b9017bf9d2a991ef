import { MARK_CELLS_MAX, type ExamSheet } from '../../common/contracts/exam-results';
import { asFieldsData, examFields } from './institute';
import type { MarkTarget } from './load-worker';

/**
 * The exams the results scenarios work on, made afresh by each run through the running server's
 * API, as an office would: one whose cells are saved one at a time, every cell empty at the start;
 * and one whose largest sitting is marked and published, whose marksheets are printed.
 */
export async function prepareExams(baseUrl: string, token: string, courseId: string) {
  async function call<Data>(method: string, path: string, body?: unknown): Promise<Data> {
    const response = await fetch(`${baseUrl}/api/v1${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return ((await response.json()) as { data: Data }).data;
  }
  const tag = Date.now().toString(36).toUpperCase();
  const exam = async (suffix: string) =>
    (
      await call<{ _id: string }>('POST', '/dynamic-data', {
        formType: 'examResult',
        fieldsData: asFieldsData(examFields(courseId, `${tag}-${suffix}`)),
      })
    )._id;
  /** Every sitting of an exam, as the result-entry grid opens them. */
  async function sittings(examId: string): Promise<ExamSheet[]> {
    const first = await call<ExamSheet>('GET', `/exams/${examId}/results`);
    const rest = first.branches.slice(1).map((branch) => call<ExamSheet>('GET', `/exams/${examId}/results?branchId=${branch._id}`));
    return [first, ...(await Promise.all(rest))];
  }
  /** A sitting's cells a paper at a time, as its examiners enter them: saves one after the other are of different students. */
  const cellsOf = (sheets: ExamSheet[]): MarkTarget[] =>
    sheets[0]!.subjects.flatMap(({ key }) =>
      sheets.flatMap((sheet) => sheet.students.map(({ studentId }) => ({ studentId, branchId: sheet.branch!._id, subject: key }))),
    );

  const entered = await exam('ENTRY');
  const entrySittings = await sittings(entered);
  const students = entrySittings.reduce((sum, sheet) => sum + sheet.students.length, 0);

  const printed = await exam('PRINT');
  const sitting = (await sittings(printed)).reduce((largest, sheet) => (sheet.students.length > largest.students.length ? sheet : largest));
  const marks = cellsOf([sitting]).map(({ studentId, subject }, index) => {
    const { questionPaperMarks } = sitting.subjects.find((one) => one.key === subject)!;
    return { studentId, subject, value: Math.round(questionPaperMarks * (0.45 + ((index * 7) % 50) / 100)), baseVersion: 0 };
  });
  for (let start = 0; start < marks.length; start += MARK_CELLS_MAX) {
    await call('PUT', `/exams/${printed}/results/marks`, { cells: marks.slice(start, start + MARK_CELLS_MAX) });
  }
  await call('POST', `/exams/${printed}/results/publish`, { branchId: sitting.branch!._id });

  return {
    entry: { examId: entered, students, cells: cellsOf(entrySittings) },
    marksheetPaths: sitting.students.map(({ studentId }) => `/api/v1/exams/${printed}/results/marksheets/${studentId}`),
  };
}
