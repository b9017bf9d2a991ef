import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, inArray } from 'drizzle-orm';
import type { AccountsApi } from '../../tests/api/accounts';
import { examSittings, type ExamSittingsWorld } from '../../tests/api/exam-sittings';
import { storeFile } from '../../tests/api/stored-files';
import { testClock } from '../../tests/support/test-database';
import { examResultMessages, marksImportMessages, type MarksImport } from '../../common/contracts/exam-results';
import { importMessages } from '../../common/contracts/imports';
import { markMessages } from '../../common/exam-results';
import { events } from '../db/schema';
import { EXAM_MARKS_STREAM, EXAM_SITTING_STREAM } from '../domain/exam-results/events';

const clock = testClock('2026-05-04T09:00:00.000Z');
const { setup, record, nextNumber, exam, student, call, sheet, lastCourse } = examSittings(clock);
let accounts: AccountsApi;
let north: string;
let south: string;
let tokens: ExamSittingsWorld['tokens'];

const CSV = 'text/csv';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

beforeAll(async () => ({ accounts, north, south, tokens } = await setup()));
afterAll(() => accounts?.cleanup());

/** An exam with two subjects, and three students in North and one in South sitting it. */
async function sitting() {
  const examId = await exam();
  for (const branchId of [north, north, north, south]) await student(branchId);
  return { examId, north: await sheet(examId, north), south: await sheet(examId, south) };
}

/** Each student's marks by roll number, as the sheet holds them. */
async function marksOf(examId: string, branchId: string) {
  const now = await sheet(examId, branchId);
  return Object.fromEntries(
    now.students.map((one) => [one.rollNo, Object.fromEntries(Object.entries(one.marks).map(([key, cell]) => [key, cell.value]))]),
  );
}

/** The events of every exam's marks and sittings: an upload appends events of its own. */
async function resultEvents() {
  const [row] = await accounts.db
    .select({ n: count() })
    .from(events)
    .where(inArray(events.streamType, [EXAM_MARKS_STREAM, EXAM_SITTING_STREAM]));
  return row!.n;
}

async function save(examId: string, cells: unknown[]) {
  const response = await call('PUT', `/exams/${examId}/results/marks`, { cells });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

const csvOf = (rows: unknown[][]) =>
  Buffer.from(rows.map((row) => row.map((cell) => `"${String(cell ?? '').replace(/"/g, '""')}"`).join(',')).join('\r\n') + '\r\n');

async function upload(bytes: Buffer, fileType = CSV, token = tokens.admin) {
  const fileName = fileType === CSV ? 'marks.csv' : 'marks.xlsx';
  return storeFile(accounts, token, { fileName, fileType, bytes, formType: 'imports', fieldName: 'importFile' });
}

async function importFile(
  examId: string,
  bytes: Buffer,
  options: { dryRun?: boolean; branchId?: string; token?: string; fileType?: string } = {},
) {
  const { dryRun = false, branchId = north, token = tokens.admin, fileType = CSV } = options;
  const fileKey = await upload(bytes, fileType, token);
  const response = await call('POST', `/exams/${examId}/results/import`, { fileKey, branchId, dryRun }, token);
  return { status: response.status, body: response.body as { message: string; data: MarksImport; errors?: Record<string, string[]> } };
}

async function imported(examId: string, bytes: Buffer, options: Parameters<typeof importFile>[2] = {}) {
  const answer = await importFile(examId, bytes, options);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** The sitting's sheet as the export gives it, parsed: headings first. */
async function exported(examId: string, branchId: string) {
  const response = await call('GET', `/exams/${examId}/results/export?branchId=${branchId}&format=csv`);
  expect(response.status).toBe(200);
  return parse(response.body as string, { bom: true }) as string[][];
}

describe('POST /exams/{id}/results/import', () => {
  it('reads the exported sheet back: exactly the marks edited change, as the grid would change them', async () => {
    const { examId, north: before } = await sitting();
    const [one, two, three] = before.students;
    await save(examId, [
      { studentId: one!.studentId, subject: 'acc', value: 60, baseVersion: 0 },
      { studentId: two!.studentId, subject: 'acc', value: 70, baseVersion: 0 },
    ]);
    const rows = await exported(examId, north);
    expect(rows[0]).toEqual([
      'Roll No',
      'Registration No',
      'Name',
      'Accounting Basics (100)',
      'GST Returns (50)',
      'Total',
      'Maximum',
      'Percentage',
      'Grade',
      'Result',
      'Failed in',
    ]);
    rows[1]![4] = '41.5';
    rows[3]![3] = '88';
    rows[3]![4] = 'ab';
    const events = await resultEvents();

    const answer = await imported(examId, csvOf(rows));
    expect(answer.message).toBe(marksImportMessages.imported);
    expect(answer.data.columns).toEqual({
      student: ['Roll No', 'Registration No'],
      subjects: [
        { column: 'Accounting Basics (100)', subject: 'acc', name: 'Accounting Basics' },
        { column: 'GST Returns (50)', subject: 'gst returns', name: 'GST Returns' },
      ],
      ignored: ['Name', 'Total', 'Maximum', 'Percentage', 'Grade', 'Result', 'Failed in'],
    });
    expect(answer.data.counts).toEqual({ rows: 3, toChange: 2, unchanged: 1, refused: 0, marks: 3 });
    expect(answer.data.refused).toEqual([]);
    expect(answer.data.conflicts).toEqual([]);
    expect(answer.data.branch).toEqual({ _id: north, name: 'North Campus' });
    // One MarksEntered per student changed, as the grid's save appends.
    expect(await resultEvents()).toBe(events + 2);
    expect(await marksOf(examId, north)).toEqual({
      [one!.rollNo!]: { acc: 60, 'gst returns': 41.5 },
      [two!.rollNo!]: { acc: 70 },
      [three!.rollNo!]: { acc: 88, 'gst returns': 'AB' },
    });
  });

  it('changes nothing on a dry run, and says what an import would do', async () => {
    const { examId, north: before } = await sitting();
    const rows = [['Roll No', 'Accounting Basics', 'GST Returns'], ...before.students.map((one) => [one.rollNo, 50, 25])];
    const events = await resultEvents();
    const answer = await imported(examId, csvOf(rows), { dryRun: true });
    expect(answer.message).toBe(marksImportMessages.checked);
    expect(answer.data.dryRun).toBe(true);
    expect(answer.data.counts).toEqual({ rows: 3, toChange: 3, unchanged: 0, refused: 0, marks: 6 });
    expect(await resultEvents()).toBe(events);
    expect(await sheet(examId, north)).toEqual(before);
  });

  it('saves only the good rows of a file with bad ones, and answers each bad row with its messages', async () => {
    const { examId, north: before, south: other } = await sitting();
    const [one, two, three] = before.students;
    const rows = [
      ['Roll No', 'Name', 'Accounting Basics (100)', 'GST Returns (50)'],
      [one!.rollNo, one!.name, 75, 30],
      ['NC-NOBODY', 'Nobody', 50, 20],
      [two!.rollNo, two!.name, 'seventy', 51],
      [three!.rollNo, three!.name, 40, ''],
      [other.students[0]!.rollNo, 'South student', 40, 20],
      [three!.rollNo, three!.name, 41, ''],
      ['', 'No number', 40, 20],
      [one!.rollNo?.toLowerCase(), '', '', ''],
    ];
    const events = await resultEvents();
    const answer = await imported(examId, csvOf(rows));
    expect(answer.data.counts).toEqual({ rows: 8, toChange: 0, unchanged: 0, refused: 8, marks: 0 });
    expect(answer.data.refused).toEqual([
      { row: 2, student: one!.rollNo, name: one!.name, messages: [marksImportMessages.twice([2, 9])] },
      { row: 3, student: 'NC-NOBODY', name: null, messages: [marksImportMessages.unknownRollNo('NC-NOBODY')] },
      {
        row: 4,
        student: two!.rollNo,
        name: two!.name,
        messages: [markMessages.number('Accounting Basics'), markMessages.range('GST Returns', 50)],
      },
      { row: 5, student: three!.rollNo, name: three!.name, messages: [marksImportMessages.twice([5, 7])] },
      {
        row: 6,
        student: other.students[0]!.rollNo,
        name: null,
        messages: [marksImportMessages.unknownRollNo(other.students[0]!.rollNo!)],
      },
      { row: 7, student: three!.rollNo, name: three!.name, messages: [marksImportMessages.twice([5, 7])] },
      { row: 8, student: null, name: null, messages: [marksImportMessages.noStudent] },
      { row: 9, student: one!.rollNo?.toLowerCase(), name: one!.name, messages: [marksImportMessages.twice([2, 9])] },
    ]);
    expect(await resultEvents()).toBe(events);

    // Without the rows that repeat a student, the good ones are saved and the bad ones kept out.
    const fixed = rows.filter((_, index) => index !== 6 && index !== 8);
    const again = await imported(examId, csvOf(fixed));
    expect(again.data.counts).toEqual({ rows: 6, toChange: 2, unchanged: 0, refused: 4, marks: 3 });
    expect(again.data.refused.map((row) => row.row)).toEqual([3, 4, 6, 7]);
    expect(await marksOf(examId, north)).toEqual({
      [one!.rollNo!]: { acc: 75, 'gst returns': 30 },
      [two!.rollNo!]: {},
      [three!.rollNo!]: { acc: 40 },
    });
    expect(await marksOf(examId, south)).toEqual({ [other.students[0]!.rollNo!]: {} });
  });

  it('reads AB as absent, leaves a mark whose cell is empty as it is, and finds students by registration number', async () => {
    const { examId, north: before } = await sitting();
    const [one, two] = before.students;
    await save(examId, [
      { studentId: one!.studentId, subject: 'acc', value: 55, baseVersion: 0 },
      { studentId: one!.studentId, subject: 'gst returns', value: 35, baseVersion: 0 },
    ]);
    const rows = [
      ['  registration   NO ', 'gst returns', 'Remarks'],
      [one!.registrationNo, 'AB', 'was ill'],
      [two!.registrationNo, '', ''],
    ];
    const answer = await imported(examId, csvOf(rows));
    expect(answer.data.columns).toEqual({
      student: ['registration   NO'],
      subjects: [{ column: 'gst returns', subject: 'gst returns', name: 'GST Returns' }],
      ignored: ['Remarks'],
    });
    expect(answer.data.counts).toEqual({ rows: 2, toChange: 1, unchanged: 1, refused: 0, marks: 1 });
    expect(await marksOf(examId, north)).toMatchObject({
      [one!.rollNo!]: { acc: 55, 'gst returns': 'AB' },
      [two!.rollNo!]: {},
    });
  });

  it('holds both numbers of a row to one student', async () => {
    const { examId, north: before } = await sitting();
    const [one, two] = before.students;
    const rows = [
      ['Roll No', 'Registration No', 'Accounting Basics'],
      [one!.rollNo, two!.registrationNo, 50],
      [one!.rollNo, 'NC/NONE', 50],
    ];
    const answer = await imported(examId, csvOf(rows), { dryRun: true });
    expect(answer.data.refused.map((row) => row.messages)).toEqual([
      [marksImportMessages.twoStudents(one!.rollNo!, two!.registrationNo!)],
      [marksImportMessages.unknownRegistrationNo('NC/NONE')],
    ]);
  });

  it('reads an Excel workbook, its numbers as numbers: a negative or a mark above the maximum is refused', async () => {
    const { examId, north: before } = await sitting();
    const [one, two, three] = before.students;
    const workbook = new ExcelJS.Workbook();
    const sheetOf = workbook.addWorksheet('Results');
    sheetOf.addRow(['Roll No', 'Accounting Basics (100)', 'GST Returns (50)']);
    sheetOf.addRow([one!.rollNo, 99.5, 50]);
    sheetOf.addRow([two!.rollNo, -5, 10]);
    sheetOf.addRow([three!.rollNo, 100.5, 10.125]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const answer = await imported(examId, bytes, { fileType: XLSX });
    expect(answer.data.counts).toEqual({ rows: 3, toChange: 1, unchanged: 0, refused: 2, marks: 2 });
    expect(answer.data.refused.map((row) => row.messages)).toEqual([
      [markMessages.range('Accounting Basics', 100)],
      [markMessages.range('Accounting Basics', 100), markMessages.places('GST Returns')],
    ]);
    expect((await marksOf(examId, north))[one!.rollNo!]).toEqual({ acc: 99.5, 'gst returns': 50 });
  });

  it('changes nothing when the same file is imported again', async () => {
    const { examId, north: before } = await sitting();
    const rows = [['Roll No', 'Accounting Basics', 'GST Returns'], ...before.students.map((one, index) => [one.rollNo, 60 + index, 'AB'])];
    await imported(examId, csvOf(rows));
    const after = await sheet(examId, north);
    const events = await resultEvents();
    const again = await imported(examId, csvOf(rows));
    expect(again.message).toBe(marksImportMessages.nothingToImport);
    expect(again.data.counts).toEqual({ rows: 3, toChange: 0, unchanged: 3, refused: 0, marks: 0 });
    expect(await resultEvents()).toBe(events);
    expect(await sheet(examId, north)).toEqual(after);
  });

  it('refuses a file without a student column, without a subject column, empty or unreadable, and changes nothing', async () => {
    const { examId, north: before } = await sitting();
    const roll = before.students[0]!.rollNo;
    const events = await resultEvents();
    const refusals: Array<[Buffer, string]> = [
      [
        csvOf([
          ['Name', 'Accounting Basics'],
          ['Someone', 50],
        ]),
        marksImportMessages.noStudentColumn,
      ],
      [
        csvOf([
          ['Roll No', 'Maths', 'Total'],
          [roll, 50, 50],
        ]),
        marksImportMessages.noSubjectColumn(['Accounting Basics', 'GST Returns']),
      ],
      [
        csvOf([
          ['Roll No', 'Accounting Basics (100)', 'accounting basics'],
          [roll, 50, 50],
        ]),
        marksImportMessages.columnTwice('Accounting Basics'),
      ],
      [Buffer.from('\r\n\r\n'), marksImportMessages.empty],
      [csvOf([['Roll No', 'Accounting Basics']]), marksImportMessages.noRows],
      [Buffer.from('Roll No,Accounting Basics\r\n"Unclosed,50\r\n'), importMessages.unreadable],
    ];
    for (const [bytes, message] of refusals) {
      for (const dryRun of [true, false]) {
        const answer = await importFile(examId, bytes, { dryRun });
        expect(answer.status, message).toBe(400);
        expect(answer.body.message).toBe(message);
        expect(answer.body.errors).toEqual({ file: [message] });
      }
    }
    expect(await resultEvents()).toBe(events);
  });

  it('takes a published sitting’s marks only as the grid does: none, unless nothing changes', async () => {
    const { examId, north: before } = await sitting();
    const rows = [['Roll No', 'Accounting Basics', 'GST Returns'], ...before.students.map((one) => [one.rollNo, 70, 30])];
    await imported(examId, csvOf(rows));
    const published = await call('POST', `/exams/${examId}/results/publish`, { branchId: north });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect((await imported(examId, csvOf(rows))).data.counts.unchanged).toBe(3);
    rows[1]![1] = 71;
    for (const dryRun of [true, false]) {
      const refused = await importFile(examId, csvOf(rows), { dryRun });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(examResultMessages.locked);
    }
    expect((await marksOf(examId, north))[before.students[0]!.rollNo!]).toEqual({ acc: 70, 'gst returns': 30 });
  });

  it('opens to whoever enters results, and to branch staff only in their own branch, with their own files', async () => {
    const { examId, north: before, south: other } = await sitting();
    const northRows = csvOf([
      ['Roll No', 'Accounting Basics'],
      [before.students[0]!.rollNo, 50],
    ]);
    const southRows = csvOf([
      ['Roll No', 'Accounting Basics'],
      [other.students[0]!.rollNo, 50],
    ]);

    expect((await importFile(examId, northRows, { token: tokens.examViewer })).status).toBe(403);
    expect((await imported(examId, northRows, { token: tokens.marker, dryRun: true })).data.counts.toChange).toBe(1);
    const own = await imported(examId, northRows, { token: tokens.northStaff, branchId: undefined });
    expect(own.data.branch._id).toBe(north);
    expect(own.data.counts.toChange).toBe(1);

    const elsewhere = await importFile(examId, southRows, { token: tokens.northStaff, branchId: south });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.message).toBe(examResultMessages.nobodySitting);
    // Another branch's students are not in their sitting.
    const theirs = await imported(examId, southRows, { token: tokens.northStaff, branchId: undefined });
    expect(theirs.data.refused[0]!.messages).toEqual([marksImportMessages.unknownRollNo(other.students[0]!.rollNo!)]);

    // A file the institute's staff uploaded is not theirs to name.
    const fileKey = await upload(northRows);
    const notTheirs = await call('POST', `/exams/${examId}/results/import`, { fileKey, dryRun: true }, tokens.northStaff);
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.body.message).toBe(importMessages.fileGone);
    expect((await marksOf(examId, south))[other.students[0]!.rollNo!]).toEqual({});
  });

  it('answers an exam of another branch, or none, as not found before reading the file', async () => {
    await sitting();
    const southExam = await record('examResult', south, {
      examId: `EX-${nextNumber()}`,
      examName: 'South only',
      selectedCourse: lastCourse(),
    });
    const bytes = csvOf([
      ['Roll No', 'Accounting Basics'],
      ['X', 1],
    ]);
    for (const id of [southExam, lastCourse()]) {
      const answer = await importFile(id, bytes, { token: tokens.northStaff, branchId: undefined });
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe(examResultMessages.examMissing);
    }
  });
});
