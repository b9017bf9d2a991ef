import { MARK_CELLS_MAX, type ExamSheet } from '../../common/contracts/exam-results';
import { asFieldsData, examFields } from './institute';
import type { MarkTarget } from './load-worker';

/**
 * The exams the results scenarios work on, made afresh by each run through the running server's
 * API, as an office would: one whose cells are saved one at a time, every cell empty at the start;
 * one whose largest sitting is marked and published, whose marksheets are printed; and one whose
 * sitting is grown to `jobSize` students (the branch's others added to it) and published, whose
 * marksheets a job makes at once.
 */
export async function prepareExams(baseUrl: string, token: string, courseId: string, jobSize: number) {
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

  /** Marks every cell of a sitting, a spread of passes and fails, and publishes it. */
  async function publish(examId: string, sheet: ExamSheet) {
    const marks = cellsOf([sheet]).map(({ studentId, subject }, index) => {
      const { questionPaperMarks } = sheet.subjects.find((one) => one.key === subject)!;
      return { studentId, subject, value: Math.round(questionPaperMarks * (0.45 + ((index * 7) % 50) / 100)), baseVersion: 0 };
    });
    for (let start = 0; start < marks.length; start += MARK_CELLS_MAX) {
      await call('PUT', `/exams/${examId}/results/marks`, { cells: marks.slice(start, start + MARK_CELLS_MAX) });
    }
    await call('POST', `/exams/${examId}/results/publish`, { branchId: sheet.branch!._id });
  }
  const largest = (sheets: ExamSheet[]) => sheets.reduce((most, sheet) => (sheet.students.length > most.students.length ? sheet : most));

  const printed = await exam('PRINT');
  const sitting = largest(await sittings(printed));
  await publish(printed, sitting);

  const jobExam = await exam('JOB');
  const jobSitting = largest(await sittings(jobExam));
  const branchId = jobSitting.branch!._id;
  const sitters = new Set(jobSitting.students.map(({ studentId }) => studentId));
  for (let page = 1; sitters.size < jobSize; page++) {
    const found = await call<{ records: Array<{ _id: string }> }>(
      'GET',
      `/dynamic-data/branch?formType=student&branchId=${branchId}&registered=true&active=true&limit=100&page=${page}`,
    );
    if (found.records.length === 0) break;
    for (const { _id } of found.records) {
      if (sitters.size >= jobSize || sitters.has(_id)) continue;
      await call('POST', `/exams/${jobExam}/sitting/students`, { studentId: _id, branchId });
      sitters.add(_id);
    }
  }
  const grown = await call<ExamSheet>('GET', `/exams/${jobExam}/results?branchId=${branchId}`);
  await publish(jobExam, grown);

  return {
    entry: { examId: entered, students, cells: cellsOf(entrySittings) },
    marksheetPaths: sitting.students.map(({ studentId }) => `/api/v1/exams/${printed}/results/marksheets/${studentId}`),
    job: { examId: jobExam, branchId, students: grown.students.length },
  };
}
