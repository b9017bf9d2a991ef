import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, tokenFor, type AccountsApi } from '../../tests/api/accounts';
import { examSittings, examSubjects, type ExamSittingsWorld } from '../../tests/api/exam-sittings';
import { testClock } from '../../tests/support/test-database';
import {
  examResultMessages,
  type ExamSheet,
  type SavedMarks,
  type SittingRoster,
  type StudentExam,
} from '../../common/contracts/exam-results';
import { markMessages } from '../../common/exam-results';
import { readStream } from '../db/event-store';
import { projectionSnapshot } from '../db/projection-snapshot';
import { rebuildProjections } from '../db/rebuild';
import { examMarksStream } from '../domain/exam-results/events';

const clock = testClock('2026-05-01T09:00:00.000Z');
const { setup, record, nextNumber, exam, student, call, sheet, lastCourse } = examSittings(clock);
let accounts: AccountsApi;
let north: string;
let south: string;
let tokens: ExamSittingsWorld['tokens'];

beforeAll(async () => ({ accounts, north, south, tokens } = await setup()));
afterAll(() => accounts?.cleanup());

/** North staff who list exams and enter results. */
async function tokenOfNorthResultsReader() {
  const { db, auth } = accounts;
  return tokenFor(
    db,
    auth,
    await addUser(db, { role: 'branch_admin', branchId: north, permissions: ['EXAM_VIEW_BRANCH', 'EXAM_MARKS_ENTRY'] }),
    clock.now(),
  );
}

async function save(examId: string, cells: unknown[], token = tokens.admin) {
  const response = await call('PUT', `/exams/${examId}/results/marks`, { cells }, token);
  return { status: response.status, body: response.body as { message: string; data: SavedMarks; errors?: Record<string, string[]> } };
}

describe('an exam’s sitting', () => {
  it('lists the branch’s registered, active students of the course, with the exam’s subjects', async () => {
    const examId = await exam();
    const [first, second] = [await student(north), await student(north)];
    await student(north, { isRegistered: false });
    await student(north, { isActive: false });
    const inSouth = await student(south);

    const northSheet = await sheet(examId, north);
    expect(northSheet.branch).toEqual({ _id: north, name: 'North Campus' });
    expect(northSheet.students.map((one) => one.studentId)).toEqual(expect.arrayContaining([first, second]));
    expect(northSheet.students.map((one) => one.studentId)).not.toContain(inSouth);
    expect(northSheet.subjects.map((one) => [one.key, one.questionPaperMarks, one.passingMarks])).toEqual([
      ['acc', 100, 40],
      ['gst returns', 50, 20],
    ]);
    expect(northSheet.sitting).toEqual({ state: 'draft', version: 0, publishedAt: null });
    expect(northSheet.branches.map((one) => one.name)).toEqual(['North Campus', 'South Campus']);
    expect((await sheet(examId, south)).students.map((one) => one.studentId)).toEqual([inSouth]);
  });

  it('opens only the caller’s own branch for branch staff, and another branch not at all', async () => {
    const examId = await exam();
    await student(north);
    await student(south);
    const own = await sheet(examId, undefined, tokens.northStaff);
    expect(own.branch?._id).toBe(north);
    expect(own.branches.map((one) => one._id)).toEqual([north]);
    const other = await call('GET', `/exams/${examId}/results?branchId=${south}`, undefined, tokens.northStaff);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe(examResultMessages.nobodySitting);
  });

  it('is refused without a results permission, and answers a record that is no exam as not found', async () => {
    const examId = await exam();
    expect((await call('GET', `/exams/${examId}/results`, undefined, tokens.examViewer)).status).toBe(403);
    const missing = await call('GET', `/exams/${lastCourse()}/results`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(examResultMessages.examMissing);
  });
});

describe('PUT /exams/{id}/results/marks', () => {
  it('saves marks and absences with a version each, and the outcome follows', async () => {
    const examId = await exam();
    const one = await student(north);
    const saved = await save(examId, [
      { studentId: one, subject: 'acc', value: 72.5, baseVersion: 0 },
      { studentId: one, subject: 'gst returns', value: 'AB', baseVersion: 0 },
    ]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.conflicts).toEqual([]);
    expect(saved.body.data.saved).toEqual([
      { studentId: one, subject: 'acc', value: 72.5, version: 1 },
      { studentId: one, subject: 'gst returns', value: 'AB', version: 1 },
    ]);
    const row = (await sheet(examId, north)).students.find((s) => s.studentId === one)!;
    expect(row.marks).toEqual({ acc: { value: 72.5, version: 1 }, 'gst returns': { value: 'AB', version: 1 } });
    expect(row.outcome).toMatchObject({
      total: 72.5,
      maximum: 150,
      percentage: 48.33,
      standing: 'fail',
      grade: 'F',
      failedSubjects: ['gst returns'],
    });

    const passed = await save(examId, [{ studentId: one, subject: 'gst returns', value: 45, baseVersion: 1 }], tokens.marker);
    expect(passed.body.data.saved).toEqual([{ studentId: one, subject: 'gst returns', value: 45, version: 2 }]);
    const after = (await sheet(examId, north)).students.find((s) => s.studentId === one)!;
    expect(after.outcome).toMatchObject({ total: 117.5, percentage: 78.33, standing: 'pass', grade: 'B+' });
  });

  it('leaves a cell someone else changed since it was read, and answers it as it now is', async () => {
    const examId = await exam();
    const one = await student(north);
    await save(examId, [{ studentId: one, subject: 'acc', value: 60, baseVersion: 0 }]);
    // A second person, who read the empty cell, types over it.
    const late = await save(
      examId,
      [
        { studentId: one, subject: 'acc', value: 65, baseVersion: 0 },
        { studentId: one, subject: 'gst returns', value: 30, baseVersion: 0 },
      ],
      tokens.marker,
    );
    expect(late.status).toBe(200);
    expect(late.body.data.conflicts).toEqual([{ studentId: one, subject: 'acc', value: 60, version: 1 }]);
    expect(late.body.data.saved).toEqual([{ studentId: one, subject: 'gst returns', value: 30, version: 2 }]);
    expect((await sheet(examId, north)).students[0]!.marks.acc).toEqual({ value: 60, version: 1 });
  });

  it('settles two saves of one cell at once as one save and one conflict, nothing lost unseen', async () => {
    const examId = await exam();
    const one = await student(north);
    const [a, b] = await Promise.all([
      save(examId, [{ studentId: one, subject: 'acc', value: 55, baseVersion: 0 }]),
      save(examId, [{ studentId: one, subject: 'acc', value: 66, baseVersion: 0 }], tokens.marker),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const answers = [a.body.data, b.body.data];
    expect(answers.map((answer) => answer.saved.length).sort()).toEqual([0, 1]);
    expect(answers.map((answer) => answer.conflicts.length).sort()).toEqual([0, 1]);
    const kept = answers.find((answer) => answer.saved.length === 1)!.saved[0]!.value;
    expect((await sheet(examId, north)).students[0]!.marks.acc?.value).toBe(kept);
  });

  it('refuses a mark out of range, a third decimal, a subject the exam lacks and a student not sitting it, saving nothing', async () => {
    const examId = await exam();
    const one = await student(north);
    const unregistered = await student(north, { isRegistered: false });
    const refusals = [
      [[{ studentId: one, subject: 'gst returns', value: 51, baseVersion: 0 }], 'GST Returns must be between 0 and 50'],
      [[{ studentId: one, subject: 'acc', value: -1, baseVersion: 0 }], 'Accounting Basics must be between 0 and 100'],
      [[{ studentId: one, subject: 'acc', value: 40.125, baseVersion: 0 }], 'Accounting Basics takes at most 2 decimal places'],
      [[{ studentId: one, subject: 'history', value: 10, baseVersion: 0 }], examResultMessages.unknownSubject],
      [[{ studentId: unregistered, subject: 'acc', value: 10, baseVersion: 0 }], examResultMessages.notSitting],
    ] as const;
    for (const [cells, message] of refusals) {
      // A good cell before the bad one is not kept either.
      const refused = await save(examId, [{ studentId: one, subject: 'acc', value: 10, baseVersion: 0 }, ...cells]);
      expect(refused.status, message).toBe(400);
      expect(refused.body.message).toBe(message);
    }
    expect((await sheet(examId, north)).students.find((s) => s.studentId === one)!.marks).toEqual({});
  });

  it('keeps branch staff to their own branch’s students', async () => {
    const examId = await exam();
    const southern = await student(south);
    const refused = await save(examId, [{ studentId: southern, subject: 'acc', value: 10, baseVersion: 0 }], tokens.northStaff);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(examResultMessages.notSitting);
  });

  it('answers a record that is no exam, or another branch’s exam, as not found, and an exam of no course as invalid', async () => {
    const southern = await exam(south);
    const one = await student(north);
    const cells = [{ studentId: one, subject: 'acc', value: 10, baseVersion: 0 }];
    const noExam = await save(lastCourse(), cells);
    expect([noExam.status, noExam.body.message]).toEqual([404, examResultMessages.examMissing]);
    const elsewhere = await save(southern, cells, tokens.northStaff);
    expect([elsewhere.status, elsewhere.body.message]).toEqual([404, examResultMessages.examMissing]);
    const noCourse = await record('examResult', null, {
      examId: `EX-${nextNumber()}`,
      examName: 'Unplanned',
      examSubjectsTable: examSubjects,
    });
    const refused = await save(noCourse, cells);
    expect([refused.status, refused.body.message]).toEqual([400, examResultMessages.noCourse]);
  });

  it('keeps the last of a cell sent twice in one save, and answers the first as a conflict', async () => {
    const examId = await exam();
    const one = await student(north);
    const saved = await save(examId, [
      { studentId: one, subject: 'acc', value: 10, baseVersion: 0 },
      { studentId: one, subject: 'acc', value: 20, baseVersion: 0 },
    ]);
    expect(saved.body.data).toEqual({
      saved: [{ studentId: one, subject: 'acc', value: 20, version: 1 }],
      conflicts: [{ studentId: one, subject: 'acc', value: 20, version: 1 }],
    });
    expect((await sheet(examId, north)).students[0]!.marks).toEqual({ acc: { value: 20, version: 1 } });
  });

  it('keeps nothing of a save refused at a later student: the marks written for the first go with it', async () => {
    const examId = await exam();
    const one = await student(north);
    const unregistered = await student(north, { isRegistered: false });
    const refused = await save(examId, [
      { studentId: one, subject: 'acc', value: 10, baseVersion: 0 },
      { studentId: unregistered, subject: 'acc', value: 10, baseVersion: 0 },
    ]);
    expect([refused.status, refused.body.message]).toEqual([400, examResultMessages.notSitting]);
    expect(await readStream(accounts.db, examMarksStream(examId, one))).toEqual([]);
    expect((await sheet(examId, north)).students.find((s) => s.studentId === one)!.marks).toEqual({});
  });

  it('clears a cell with null, which starts it again at version 0', async () => {
    const examId = await exam();
    const one = await student(north);
    await save(examId, [{ studentId: one, subject: 'acc', value: 30, baseVersion: 0 }]);
    const cleared = await save(examId, [{ studentId: one, subject: 'acc', value: null, baseVersion: 1 }]);
    expect(cleared.body.data.saved).toEqual([{ studentId: one, subject: 'acc', value: null, version: 0 }]);
    expect((await sheet(examId, north)).students[0]!.marks).toEqual({});
  });
});

describe('GET /exams/{id}/results/export', () => {
  it('gives the sitting as a sheet: a row a student, a column a subject, then the outcome; refused as the sheet is', async () => {
    const examId = await exam();
    const one = await student(north);
    const two = await student(north);
    await student(south);
    await save(examId, [
      { studentId: one, subject: 'acc', value: 72.5, baseVersion: 0 },
      { studentId: one, subject: 'gst returns', value: 'AB', baseVersion: 0 },
      { studentId: two, subject: 'acc', value: 80, baseVersion: 0 },
      { studentId: two, subject: 'gst returns', value: 45, baseVersion: 0 },
    ]);
    const listed = await sheet(examId, north);

    const csv = await call('GET', `/exams/${examId}/results/export?branchId=${north}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('Content-Disposition')).toMatch(/^attachment; filename="results-ex-\d+-north-campus-\d{4}-\d\d-\d\d\.csv"$/);
    const [header, ...rows] = (csv.body as string).trimEnd().split('\r\n');
    expect(header).toBe(
      'Roll No,Registration No,Name,Accounting Basics (100),GST Returns (50),Total,Maximum,Percentage,Grade,Result,Failed in',
    );
    // North's two students only, in the sheet's order.
    expect(rows).toHaveLength(2);
    const byName = new Map(listed.students.map((s) => [s.studentId, s.name]));
    expect(rows.map((row) => row.split(',')[2])).toEqual(listed.students.map((s) => byName.get(s.studentId)));
    expect(rows).toContainEqual(expect.stringMatching(/,72\.5,AB,72\.5,150,48\.33,F,Fail,GST Returns$/));
    expect(rows).toContainEqual(expect.stringMatching(/,80,45,125,150,83\.33,[^,]+,Pass,$/));

    const workbook = await call('GET', `/exams/${examId}/results/export?branchId=${north}&format=xlsx`);
    expect(workbook.headers.get('Content-Type')).toContain('spreadsheetml');

    expect((await call('GET', `/exams/${examId}/results/export?branchId=${south}`, undefined, tokens.northStaff)).status).toBe(
      (await call('GET', `/exams/${examId}/results?branchId=${south}`, undefined, tokens.northStaff)).status,
    );
    expect((await call('GET', `/exams/${examId}/results/export`, undefined, tokens.examViewer)).status).toBe(403);
    expect((await call('GET', `/exams/${lastCourse()}/results/export`)).status).toBe(404);
  });
});

describe('POST /exams/{id}/results/publish', () => {
  it('refuses while marks are missing, then publishes and locks the sitting', async () => {
    const examId = await exam();
    const [one, two] = [await student(north), await student(north)];
    await save(examId, [
      { studentId: one, subject: 'acc', value: 91, baseVersion: 0 },
      { studentId: one, subject: 'gst returns', value: 48, baseVersion: 0 },
      { studentId: two, subject: 'acc', value: 35, baseVersion: 0 },
    ]);
    const early = await call('POST', `/exams/${examId}/results/publish`, { branchId: north });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(examResultMessages.marksMissing(1));

    await save(examId, [{ studentId: two, subject: 'gst returns', value: 'AB', baseVersion: 0 }]);
    const published = await call('POST', `/exams/${examId}/results/publish`, { branchId: north }, tokens.admin, { 'If-Match': '"0"' });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.headers.get('ETag')).toBe('"1"');
    const data = published.body.data as ExamSheet;
    expect(data.sitting).toEqual({ state: 'published', version: 1, publishedAt: clock.now().toISOString() });
    expect(data.students.find((s) => s.studentId === one)!.outcome).toMatchObject({ standing: 'pass', grade: 'A+', percentage: 92.67 });

    const locked = await save(examId, [{ studentId: one, subject: 'acc', value: 92, baseVersion: 1 }]);
    expect(locked.status).toBe(409);
    expect(locked.body.message).toBe(examResultMessages.locked);
    const again = await call('POST', `/exams/${examId}/results/publish`, { branchId: north });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(examResultMessages.alreadyPublished);
  });

  it('publishes one branch’s sitting only: another branch goes on entering marks', async () => {
    const examId = await exam(null, [examSubjects[0]!]);
    const [northern, southern] = [await student(north), await student(south)];
    await save(examId, [
      { studentId: northern, subject: 'acc', value: 50, baseVersion: 0 },
      { studentId: southern, subject: 'acc', value: 50, baseVersion: 0 },
    ]);
    expect((await call('POST', `/exams/${examId}/results/publish`, { branchId: north })).status).toBe(200);
    const southSave = await save(examId, [{ studentId: southern, subject: 'acc', value: 60, baseVersion: 1 }]);
    expect(southSave.status).toBe(200);
    expect((await sheet(examId, south)).sitting.state).toBe('draft');
  });

  it('never takes a mark after publishing: a save racing the publish is in what was published, or refused', async () => {
    for (let round = 0; round < 5; round++) {
      const examId = await exam(null, [examSubjects[0]!]);
      const one = await student(north);
      await save(examId, [{ studentId: one, subject: 'acc', value: 50, baseVersion: 0 }]);
      const [published, changed] = await Promise.all([
        call('POST', `/exams/${examId}/results/publish`, { branchId: north }),
        save(examId, [{ studentId: one, subject: 'acc', value: 75, baseVersion: 1 }], tokens.marker),
      ]);
      expect(published.status).toBe(200);
      const publishedMark = (published.body.data as ExamSheet).students[0]!.marks.acc?.value;
      const markNow = (await sheet(examId, north)).students[0]!.marks.acc?.value;
      expect(markNow, `round ${round}`).toBe(publishedMark);
      expect([changed.status, markNow]).toEqual(changed.status === 200 ? [200, 75] : [409, 50]);
    }
  });

  it('refuses a sitting with nobody in it', async () => {
    const examId = await exam();
    const refused = await call('POST', `/exams/${examId}/results/publish`, {});
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(examResultMessages.nobodySitting);
  });

  it('moves the exam’s entry in /results from awaiting entry to in progress to published, per the caller’s sittings', async () => {
    const examId = await exam(null, [examSubjects[0]!]);
    const [northern, southern] = [await student(north), await student(south)];
    const stateOf = async (token = tokens.admin) => {
      const list = await call('GET', `/results?search=${encodeURIComponent('Half Yearly')}&limit=100`, undefined, token);
      expect(list.status).toBe(200);
      return (list.body.data.results as Array<{ _id: string; state: string }>).find((entry) => entry._id === examId)?.state;
    };
    const northStaffList = await tokenOfNorthResultsReader();
    expect(await stateOf()).toBe('awaiting entry');
    await save(examId, [{ studentId: northern, subject: 'acc', value: 50, baseVersion: 0 }]);
    expect(await stateOf()).toBe('in progress');
    await call('POST', `/exams/${examId}/results/publish`, { branchId: north });
    // North's own staff are done; the institute still has South's sitting to enter and publish.
    expect(await stateOf(northStaffList)).toBe('published');
    expect(await stateOf()).toBe('in progress');
    await save(examId, [{ studentId: southern, subject: 'acc', value: 40, baseVersion: 0 }]);
    await call('POST', `/exams/${examId}/results/publish`, { branchId: south });
    expect(await stateOf()).toBe('published');
  });

  it('shows on the student: the exams of their course, their marks and outcome, and their marksheet’s code once published', async () => {
    const examId = await exam();
    const later = await record('examResult', null, {
      examId: `EX-${nextNumber()}`,
      examName: 'Annual',
      selectedCourse: lastCourse(),
      examSubjectsTable: examSubjects,
    });
    const asha = await student(north);
    const results = async (token = tokens.admin) => {
      const answer = await call('GET', `/students/${asha}/results`, undefined, token);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.data.exams as StudentExam[];
    };
    expect((await results()).map((one) => [one.exam._id, one.state])).toEqual([
      [later, 'awaiting entry'],
      [examId, 'awaiting entry'],
    ]);
    await save(examId, [{ studentId: asha, subject: 'acc', value: 80, baseVersion: 0 }]);
    expect((await results()).find((one) => one.exam._id === examId)).toMatchObject({ state: 'in progress', marks: { acc: 80 } });
    await save(examId, [{ studentId: asha, subject: 'gst returns', value: 45, baseVersion: 0 }]);
    await call('POST', `/exams/${examId}/results/publish`, { branchId: north });
    const published = (await results(tokens.northStaff)).find((one) => one.exam._id === examId)!;
    expect(published).toMatchObject({ state: 'published', outcome: { total: 125, percentage: 83.33, grade: 'A', standing: 'pass' } });
    expect(published.marksheetCode).toMatch(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){3}$/);

    const southStudent = await student(south);
    const other = await call('GET', `/students/${southStudent}/results`, undefined, tokens.northStaff);
    expect([other.status, other.body.message]).toEqual([404, examResultMessages.studentMissing]);
  });
});

async function publishedExam(marks: Record<string, number | 'AB'>) {
  const examId = await exam();
  const one = await student(north);
  await save(
    examId,
    Object.entries(marks).map(([subject, value]) => ({ studentId: one, subject, value, baseVersion: 0 })),
  );
  const published = await call('POST', `/exams/${examId}/results/publish`, { branchId: north });
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  return { examId, one };
}

const codeOf = async (examId: string, studentId: string) => {
  const answer = await call('GET', `/students/${studentId}/results`);
  return (answer.body.data.exams as StudentExam[]).find((entry) => entry.exam._id === examId)!.marksheetCode;
};

describe('POST /exams/{id}/results/revisions', () => {
  it('revises a published student’s marks with a reason: a new outcome and marksheet code, the old code superseded, kept in the history', async () => {
    const { examId, one } = await publishedExam({ acc: 35, 'gst returns': 30 });
    const oldCode = await codeOf(examId, one);
    expect((await sheet(examId, north)).students[0]!.outcome).toMatchObject({ standing: 'fail', grade: 'F' });

    const revised = await call(
      'POST',
      `/exams/${examId}/results/revisions`,
      {
        studentId: one,
        marks: [
          { subject: 'acc', value: 45 },
          { subject: 'gst returns', value: 30 },
        ],
        reason: 'Re-totalling found 10 marks',
      },
      tokens.marker,
      { 'If-Match': '"1"' },
    );
    expect(revised.status, JSON.stringify(revised.body)).toBe(200);
    expect(revised.body.message).toBe(examResultMessages.revised);
    expect(revised.body.data).toMatchObject({ studentId: one, supersedes: oldCode, outcome: { total: 75, standing: 'pass', grade: 'C' } });
    expect(revised.body.data.marksheetCode).not.toBe(oldCode);
    expect(await codeOf(examId, one)).toBe(revised.body.data.marksheetCode);

    const after = await sheet(examId, north);
    expect(after.sitting).toMatchObject({ state: 'published', version: 2 });
    expect(after.students[0]!.marks.acc?.value).toBe(45);
    const verified = async (code: string) => (await call('GET', `/public/verify/${code}`, undefined, '')).body.data.state;
    expect(await verified(oldCode!)).toBe('superseded');
    expect(await verified(revised.body.data.marksheetCode)).toBe('valid');

    const history = await call('GET', `/exams/${examId}/results/history?branchId=${north}`);
    expect(history.status).toBe(200);
    expect(history.body.data.entries.map((entry: { kind: string }) => entry.kind)).toEqual(['published', 'revised']);
    expect(history.body.data.entries[1]).toMatchObject({
      reason: 'Re-totalling found 10 marks',
      student: { studentId: one },
      changes: [{ subject: 'Accounting Basics', from: 35, to: 45 }],
    });
  });

  it('refuses a draft, a stale version, no change, a cleared mark, a missing reason and a mark out of range, and changes nothing', async () => {
    const draft = await exam();
    const someone = await student(north);
    await save(draft, [{ studentId: someone, subject: 'acc', value: 40, baseVersion: 0 }]);
    const revise = (examId: string, studentId: string, marks: unknown[], reason: unknown = 'Rechecked', headers = {}) =>
      call('POST', `/exams/${examId}/results/revisions`, { studentId, marks, reason }, tokens.admin, headers);
    const onDraft = await revise(draft, someone, [{ subject: 'acc', value: 41 }]);
    expect([onDraft.status, onDraft.body.message]).toEqual([409, examResultMessages.notPublished]);

    const { examId, one } = await publishedExam({ acc: 60, 'gst returns': 30 });
    const before = await sheet(examId, north);
    const refusals = [
      [await revise(examId, one, [{ subject: 'acc', value: 61 }], 'Rechecked', { 'If-Match': '"0"' }), 412, examResultMessages.stale],
      [await revise(examId, one, [{ subject: 'acc', value: 60 }]), 400, examResultMessages.nothingRevised],
      [await revise(examId, one, [{ subject: 'acc', value: null }]), 400, examResultMessages.revisionClears],
      [await revise(examId, one, [{ subject: 'acc', value: 101 }]), 400, markMessages.range('Accounting Basics', 100)],
      [await revise(examId, one, [{ subject: 'art', value: 1 }]), 400, examResultMessages.unknownSubject],
      [await revise(examId, someone, [{ subject: 'acc', value: 1 }]), 400, examResultMessages.notSitting],
    ] as const;
    for (const [answer, status, message] of refusals) expect([answer.status, answer.body.message]).toEqual([status, message]);
    const noReason = await revise(examId, one, [{ subject: 'acc', value: 61 }], '  ');
    expect([noReason.status, noReason.body.errors]).toEqual([400, { reason: [examResultMessages.reasonNeeded] }]);
    const southStaff = await call(
      'POST',
      `/exams/${examId}/results/revisions`,
      { studentId: one, marks: [{ subject: 'acc', value: 61 }], reason: 'Rechecked' },
      await tokenFor(
        accounts.db,
        accounts.auth,
        await addUser(accounts.db, { role: 'branch_admin', branchId: south, permissions: ['EXAM_MARKS_ENTRY'] }),
        clock.now(),
      ),
    );
    expect([southStaff.status, southStaff.body.message]).toEqual([400, examResultMessages.notSitting]);
    expect(await sheet(examId, north)).toEqual(before);
  });
});

describe('who sits an exam', () => {
  it('adds a student the course does not bring and excuses one it does, each with its reason, until publishing', async () => {
    const examId = await exam();
    const [stays, leaves] = [await student(north), await student(north)];
    const otherCourse = await record('course', null, { courseName: `Basic Computing ${nextNumber()}` });
    const repeater = await student(north, { selectedCourse: otherCourse, studentName: 'Zoya Repeater' });
    const roster = async (token = tokens.admin) => {
      const answer = await call('GET', `/exams/${examId}/sitting?branchId=${north}`, undefined, token);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.data as SittingRoster;
    };
    expect((await roster()).students.map((one) => one.studentId)).toEqual([stays, leaves]);
    const found = await call('GET', `/exams/${examId}/sitting/candidates?branchId=${north}&q=zoya`);
    expect(found.body.data.students.map((one: { studentId: string }) => one.studentId)).toEqual([repeater]);

    const added = await call('POST', `/exams/${examId}/sitting/students`, { studentId: repeater, reason: 'Repeating' }, tokens.northStaff);
    expect([added.status, added.body.message]).toEqual([200, examResultMessages.added]);
    expect((added.body.data as SittingRoster).students.find((one) => one.studentId === repeater)).toMatchObject({
      added: true,
      reason: 'Repeating',
    });
    const twice = await call('POST', `/exams/${examId}/sitting/students`, { studentId: repeater });
    expect([twice.status, twice.body.message]).toEqual([409, examResultMessages.alreadySitting]);

    const noReason = await call('POST', `/exams/${examId}/sitting/students/${leaves}/excuse`, { reason: '' });
    expect([noReason.status, noReason.body.errors]).toEqual([400, { reason: [examResultMessages.reasonNeeded] }]);
    const excused = await call('POST', `/exams/${examId}/sitting/students/${leaves}/excuse`, { reason: 'Medical leave' });
    expect(excused.status, JSON.stringify(excused.body)).toBe(200);
    expect((excused.body.data as SittingRoster).excused).toMatchObject([{ studentId: leaves, reason: 'Medical leave' }]);

    const grid = await sheet(examId, north);
    expect(grid.students.map((one) => one.studentId).sort()).toEqual([stays, repeater].sort());
    expect(grid.sitting.version).toBe(2);
    const excusedSave = await save(examId, [{ studentId: leaves, subject: 'acc', value: 50, baseVersion: 0 }]);
    expect([excusedSave.status, excusedSave.body.message]).toEqual([400, examResultMessages.notSitting]);

    await save(
      examId,
      [stays, repeater].flatMap((studentId) => [
        { studentId, subject: 'acc', value: 50, baseVersion: 0 },
        { studentId, subject: 'gst returns', value: 25, baseVersion: 0 },
      ]),
    );
    const stale = await call('POST', `/exams/${examId}/results/publish`, { branchId: north }, tokens.admin, { 'If-Match': '"0"' });
    expect(stale.status).toBe(412);
    const published = await call('POST', `/exams/${examId}/results/publish`, { branchId: north }, tokens.admin, { 'If-Match': '"2"' });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const late = await call('POST', `/exams/${examId}/sitting/students/${stays}/excuse`, { reason: 'Too late' });
    expect([late.status, late.body.message]).toEqual([409, examResultMessages.sittingLocked]);
    const history = await call('GET', `/exams/${examId}/results/history?branchId=${north}`);
    expect(history.body.data.entries.map((entry: { kind: string }) => entry.kind)).toEqual(['added', 'excused', 'published']);
  });

  it('keeps the history of a sitting whose every student was excused', async () => {
    const examId = await exam();
    const only = await student(north);
    expect((await call('POST', `/exams/${examId}/sitting/students/${only}/excuse`, { reason: 'Moved to the next batch' })).status).toBe(
      200,
    );
    const history = await call('GET', `/exams/${examId}/results/history?branchId=${north}`);
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    expect(history.body.data.entries).toEqual([
      expect.objectContaining({
        kind: 'excused',
        reason: 'Moved to the next batch',
        student: expect.objectContaining({ studentId: only }),
      }),
    ]);
  });

  it('keeps branch staff to their branch’s students, and refuses one who is not a registered, active student', async () => {
    const examId = await exam();
    await student(north);
    const southern = await student(south);
    const inactive = await student(north, { isActive: false });
    const fromSouth = await call('POST', `/exams/${examId}/sitting/students/${southern}/excuse`, { reason: 'Left' }, tokens.northStaff);
    expect([fromSouth.status, fromSouth.body.message]).toEqual([404, examResultMessages.studentMissing]);
    const notActive = await call('POST', `/exams/${examId}/sitting/students`, { studentId: inactive });
    expect([notActive.status, notActive.body.message]).toEqual([400, examResultMessages.notAStudent]);
    const elsewhere = await call('POST', `/exams/${examId}/sitting/students`, { studentId: southern, branchId: north });
    expect([elsewhere.status, elsewhere.body.message]).toEqual([400, examResultMessages.otherBranch]);
    const northRoster = await call('GET', `/exams/${examId}/sitting?branchId=${south}`, undefined, tokens.northStaff);
    expect((northRoster.body.data as SittingRoster).branch?._id).toBe(north);
  });
});

describe('admit cards of a sitting whose students changed', () => {
  it('stand for a student added, and are withdrawn from one excused', async () => {
    const examId = await exam();
    const stays = await student(north);
    const otherCourse = await record('course', null, { courseName: `Basic Computing ${nextNumber()}` });
    const repeater = await student(north, { selectedCourse: otherCourse });
    await call('POST', `/exams/${examId}/sitting/students`, { studentId: repeater });
    const printer = await tokenFor(
      accounts.db,
      accounts.auth,
      await addUser(accounts.db, { permissions: ['ADMIT_CARD_GENERATE'] }),
      clock.now(),
    );
    const issued = await call('POST', `/exams/${examId}/admit-cards`, { branchId: north }, printer);
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const codes = new Map(
      (issued.body.data.students as Array<{ studentId: string; code: string }>).map((one) => [one.studentId, one.code]),
    );
    const state = async (studentId: string) => (await call('GET', `/public/verify/${codes.get(studentId)}`, undefined, '')).body.data.state;
    expect([await state(stays), await state(repeater)]).toEqual(['valid', 'valid']);
    await call('POST', `/exams/${examId}/sitting/students/${stays}/excuse`, { reason: 'Left for another centre' });
    expect([await state(stays), await state(repeater)]).toEqual(['withdrawn', 'valid']);
  });
});

describe('the read tables', () => {
  it('are as a rebuild from the log makes them', async () => {
    const before = await projectionSnapshot(accounts.db);
    await rebuildProjections(accounts.db);
    expect(await projectionSnapshot(accounts.db)).toEqual(before);
  });
});
