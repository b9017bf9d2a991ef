import { createRecord } from '../../api/domain/records';
import type { ExamSheet } from '../../common/contracts/exam-results';
import type { Clock } from '../../api/domain/clock';
import { addBranch, addUser, asSystem, createAccountsApi, syncCatalogue, tokenFor, type AccountsApi } from './accounts';

export type ExamCaller = 'admin' | 'marker' | 'northStaff' | 'examViewer';

export interface ExamSittingsWorld {
  accounts: AccountsApi;
  north: string;
  south: string;
  tokens: Record<ExamCaller, string>;
}

/** Two subjects, as most tests' exams have them. */
export const examSubjects = [
  { subjectName: 'Accounting Basics', subjectCode: 'ACC', questionPaperMarks: 100, passingMarks: 40 },
  { subjectName: 'GST Returns', questionPaperMarks: 50, passingMarks: 20 },
];

/**
 * What the exam results tests stand on: the API with North and South Campus and four callers
 * (results managed, marks entered, North's staff entering marks, exams only seen), and records
 * made as the system makes them. Each exam has a course of its own, and students are added to the
 * course of the exam made last, so that an exam's sittings hold that test's students only.
 */
export function examSittings(clock: Clock) {
  let world: ExamSittingsWorld | undefined;
  const made = () => {
    if (!world) throw new Error('examSittings: call setup() in beforeAll first');
    return world;
  };
  let serial = 0;
  let course = '';

  async function setup(): Promise<ExamSittingsWorld> {
    const accounts = await createAccountsApi(clock);
    const { db, auth } = accounts;
    await syncCatalogue(db);
    const [north, south] = [await addBranch(db, 'North Campus', 'NC'), await addBranch(db, 'South Campus', 'SC')];
    const token = async (permissions: string[], role = 'admin', branchId: string | null = null) =>
      tokenFor(db, auth, await addUser(db, { role, permissions, branchId }), clock.now());
    const tokens = {
      admin: await token(['RESULT_MANAGE']),
      marker: await token(['EXAM_MARKS_ENTRY']),
      northStaff: await token(['EXAM_MARKS_ENTRY'], 'branch_admin', north),
      examViewer: await token(['EXAM_VIEW_ALL', 'EXAM_LIST']),
    };
    world = { accounts, north, south, tokens };
    return world;
  }

  async function record(formType: string, branchId: string | null, fields: Record<string, unknown>) {
    const { id } = await asSystem(made().accounts.db, (ctx) => createRecord(ctx, { formType, branchId, fields }));
    return id;
  }

  /** A number no other record of the run has, for codes and names. */
  const nextNumber = () => ++serial;

  /** An exam of a course of its own. */
  async function exam(branchId: string | null = null, subjects: Record<string, unknown>[] = examSubjects) {
    course = await record('course', null, { courseName: `Tally with GST ${nextNumber()}` });
    return record('examResult', branchId, {
      examId: `EX-${nextNumber()}`,
      examName: 'Half Yearly',
      selectedCourse: course,
      examSubjectsTable: subjects,
    });
  }

  /** A student of the branch in the last exam's course, registered and active unless told otherwise. */
  function student(branchId: string, more: Record<string, unknown> = {}) {
    return record('student', branchId, {
      centerName: branchId,
      studentName: `Student ${String(nextNumber()).padStart(3, '0')}`,
      selectedCourse: course,
      isRegistered: true,
      isActive: true,
      ...more,
    });
  }

  const call = (method: string, path: string, body?: unknown, token = made().tokens.admin, headers: Record<string, string> = {}) =>
    made().accounts.call(method, path, { token, body, headers });

  /** The sitting's sheet, as the grid reads it. */
  async function sheet(examId: string, branchId?: string, token = made().tokens.admin) {
    const response = await call('GET', `/exams/${examId}/results${branchId ? `?branchId=${branchId}` : ''}`, undefined, token);
    if (response.status !== 200) throw new Error(`the sheet answered ${response.status}: ${JSON.stringify(response.body)}`);
    return response.body.data as ExamSheet;
  }

  return { setup, record, nextNumber, exam, student, call, sheet, lastCourse: () => course };
}
