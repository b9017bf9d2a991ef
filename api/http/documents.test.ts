import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBranch, addUser, asSystem, createAccountsApi, syncCatalogue, tokenFor, type AccountsApi } from '../../tests/api/accounts';
import { pdfPages, unspaced } from '../../tests/support/pdf-text';
import { testClock } from '../../tests/support/test-database';
import {
  documentMessages,
  VERIFICATION_CODE_PATTERN,
  type SittingDocuments,
  type VerificationView,
} from '../../common/contracts/documents';
import { projectionSnapshot } from '../db/projection-snapshot';
import { rebuildProjections } from '../db/rebuild';
import { findStudent, sampleOf } from '../domain/certificate-formats/sample';
import { createRecord, deleteRecord } from '../domain/records';
import { VERIFICATION_LIMIT } from './documents';
import { jobMessages, type JobView } from '../../common/contracts/jobs';
import { SITTING_MARKSHEETS, sittingMarksheetsKind } from '../domain/documents/sitting-marksheets';
import { claimNextJob } from '../jobs/queue';
import type { JobKind } from '../jobs/runner';
import { jobRunnerOf, runQueuedJobs } from '../../tests/api/jobs';

const clock = testClock('2026-05-01T09:00:00.000Z');
let accounts: AccountsApi;
let north: string;
let south: string;
const tokens = {} as Record<'admin' | 'marker' | 'northMarksheets' | 'northCards', string>;

beforeAll(async () => {
  accounts = await createAccountsApi(clock);
  const { db, auth } = accounts;
  await syncCatalogue(db);
  north = await addBranch(db, 'North Campus', 'NC');
  south = await addBranch(db, 'South Campus', 'SC');
  const token = async (permissions: string[], role = 'admin', branchId: string | null = null) =>
    tokenFor(db, auth, await addUser(db, { role, permissions, branchId }), clock.now());
  tokens.admin = await token(['RESULT_MANAGE', 'MARKSHEET_GENERATE', 'ADMIT_CARD_GENERATE']);
  tokens.marker = await token(['EXAM_MARKS_ENTRY']);
  tokens.northMarksheets = await token(['EXAM_STUDENT_MARKSHEET'], 'branch_admin', north);
  tokens.northCards = await token(['EXAM_ADMIT_CARD'], 'branch_admin', north);
});
afterAll(() => accounts?.cleanup());

async function record(formType: string, branchId: string | null, fields: Record<string, unknown>) {
  const { id } = await asSystem(accounts.db, (ctx) => createRecord(ctx, { formType, branchId, fields }));
  return id;
}

let serial = 0;
let course = '';

function student(branchId: string, name: string, more: Record<string, unknown> = {}) {
  return record('student', branchId, {
    centerName: branchId,
    studentName: name,
    fatherName: 'Rajesh Kumar',
    selectedCourse: course,
    isRegistered: true,
    isActive: true,
    ...more,
  });
}

const subjects = [
  {
    subjectName: 'Accounting Basics',
    subjectCode: 'ACC-01',
    questionPaperMarks: 100,
    passingMarks: 40,
    examDate: '2026-12-05',
    examTime: '10:00',
  },
  {
    subjectName: 'GST Returns',
    subjectCode: 'GST-02',
    questionPaperMarks: 50,
    passingMarks: 20,
    examDate: '2026-12-07',
    examTime: '14:00',
  },
];

async function exam() {
  course = await record('course', null, { courseName: `Tally with GST ${++serial}` });
  return record('examResult', null, {
    examId: `EX-${++serial}`,
    examName: `Half Yearly ${serial}`,
    selectedCourse: course,
    examSubjectsTable: subjects,
  });
}

const call = (method: string, path: string, body?: unknown, token = tokens.admin, clientAddress?: string) =>
  accounts.call(method, path, { token, body, clientAddress });

async function publishWithMarks(examId: string, branchId: string, marks: Record<string, [number | 'AB', number | 'AB']>) {
  const cells = Object.entries(marks).flatMap(([studentId, [acc, gst]]) => [
    { studentId, subject: 'acc-01', value: acc, baseVersion: 0 },
    { studentId, subject: 'gst-02', value: gst, baseVersion: 0 },
  ]);
  expect((await call('PUT', `/exams/${examId}/results/marks`, { cells })).status).toBe(200);
  const published = await call('POST', `/exams/${examId}/results/publish`, { branchId });
  expect(published.status, JSON.stringify(published.body)).toBe(200);
}

async function verify(code: string, clientAddress = '203.0.113.9') {
  return accounts.call('GET', `/public/verify/${encodeURIComponent(code)}`, { clientAddress });
}

describe('GET /exams/{id}/results/marksheets/{studentId}', () => {
  it('refuses before the results are published, then answers a one-page PDF with the marks, the outcome and a code that verifies', async () => {
    const examId = await exam();
    const asha = await student(north, 'Asha Verma');
    const ravi = await student(north, 'Ravi Singh');

    const early = await call('GET', `/exams/${examId}/results/marksheets/${asha}`);
    expect([early.status, early.body.message]).toEqual([409, documentMessages.notPublished]);
    const draft = (await call('GET', `/exams/${examId}/results/marksheets?branchId=${north}`)).body.data as SittingDocuments;
    expect([draft.published, draft.students.map((one) => one.code)]).toEqual([false, [null, null]]);

    await publishWithMarks(examId, north, { [asha]: [72.5, 41], [ravi]: [35, 'AB'] });
    const answer = await call('GET', `/exams/${examId}/results/marksheets/${asha}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Content-Type')).toBe('application/pdf');
    expect(answer.headers.get('Content-Disposition')).toMatch(/^inline; filename="marksheet-Half-Yearly-\d+-.+\.pdf"$/);
    const pages = await pdfPages(answer.bytes);
    expect(pages).toHaveLength(1);
    const text = pages[0]!;
    const rows = [
      ['ACC-01', 'Accounting Basics', '100', '40', '72.5', 'Pass'],
      ['GST-02', 'GST Returns', '50', '20', '41', 'Pass'],
      ['Total', '150', '113.5'],
    ];
    for (const expected of [
      'STATEMENT OF MARKS',
      'Asha Verma',
      'Rajesh Kumar',
      'North Campus',
      ...rows.map((row) => row.join('')),
      'Percentage75.67%',
      'ResultPASS',
      'GradeB+',
    ]) {
      expect(text).toContain(unspaced(expected));
    }
    const code = /\/verify\/([0-9A-Z-]{23})/.exec(text)?.[1] ?? '';
    expect(code).toMatch(VERIFICATION_CODE_PATTERN);
    expect(text).toContain(`Verificationcode${code}`);
    const listed = (await call('GET', `/exams/${examId}/results/marksheets?branchId=${north}`)).body.data as SittingDocuments;
    expect(listed.published).toBe(true);
    expect(listed.students.find((one) => one.studentId === asha)?.code).toBe(code);

    const failed = (await pdfPages((await call('GET', `/exams/${examId}/results/marksheets/${ravi}`)).bytes))[0]!;
    for (const expected of ['Ravi Singh', 'GST Returns 50 20 AB Absent', 'Total 150 35', 'ResultFAIL', 'GradeF'])
      expect(failed).toContain(unspaced(expected));
    expect(failed).not.toContain(code);

    const verified = await verify(code);
    expect(verified.status).toBe(200);
    expect(verified.body.data).toEqual({
      code,
      kind: 'marksheet',
      state: 'valid',
      issuedAt: clock.now().toISOString(),
      issuedBy: 'North Campus',
      holder: { name: 'Asha Verma', registrationNo: expect.any(String) },
      exam: { name: expect.stringMatching(/^Half Yearly/), course: expect.stringMatching(/^Tally with GST/) },
    } satisfies VerificationView);
  });

  it('gives branch staff their branch’s students only, and refuses a caller without the permission', async () => {
    const examId = await exam();
    const inNorth = await student(north, 'Neha North');
    const inSouth = await student(south, 'Sanjay South');
    await publishWithMarks(examId, north, { [inNorth]: [60, 30] });
    await publishWithMarks(examId, south, { [inSouth]: [60, 30] });

    expect((await call('GET', `/exams/${examId}/results/marksheets/${inNorth}`, undefined, tokens.northMarksheets)).status).toBe(200);
    const other = await call('GET', `/exams/${examId}/results/marksheets/${inSouth}`, undefined, tokens.northMarksheets);
    expect([other.status, other.body.message]).toEqual([404, documentMessages.notSitting]);
    expect((await call('GET', `/exams/${examId}/results/marksheets/${inNorth}`, undefined, tokens.marker)).status).toBe(403);
    const stranger = await call('GET', `/exams/${examId}/results/marksheets/no-such-student`);
    expect([stranger.status, stranger.body.message]).toEqual([404, documentMessages.notSitting]);
  });
});

describe('the grade a certificate of the course prints', () => {
  const gradeOf = async (studentId: string) => {
    const holder = await findStudent(accounts.db, studentId);
    return (await sampleOf(accounts.db, holder!, clock.now())).values.grade ?? null;
  };

  it('is the newest published marksheet’s of an exam of the course, and none before one is published', async () => {
    const first = await exam();
    const asha = await student(north, 'Asha Verma');
    const ravi = await student(north, 'Ravi Singh');
    expect(await gradeOf(asha)).toBeNull();
    await publishWithMarks(first, north, { [asha]: [72.5, 41], [ravi]: [35, 'AB'] });
    expect([await gradeOf(asha), await gradeOf(ravi)]).toEqual(['B+', 'F']);

    const second = await record('examResult', null, {
      examId: `EX-${++serial}`,
      examName: `Final ${serial}`,
      selectedCourse: course,
      examSubjectsTable: subjects,
    });
    clock.advance(60_000);
    await publishWithMarks(second, north, { [asha]: [95, 48], [ravi]: [60, 30] });
    expect([await gradeOf(asha), await gradeOf(ravi)]).toEqual(['A+', 'B']);
  });
});

describe('admit cards', () => {
  const list = async (examId: string, branchId = north, token = tokens.admin) => {
    const answer = await call('GET', `/exams/${examId}/admit-cards?branchId=${branchId}`, undefined, token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as SittingDocuments;
  };

  it('are issued once per student, each with a code of its own, and print two to a page', async () => {
    const examId = await exam();
    const ids = [await student(north, 'Aarti One'), await student(north, 'Bhavna Two'), await student(north, 'Chetan Three')];
    expect((await list(examId)).students.map((one) => one.code)).toEqual([null, null, null]);
    const early = await call('GET', `/exams/${examId}/admit-cards/pdf?branchId=${north}`);
    expect([early.status, early.body.message]).toEqual([409, documentMessages.noAdmitCard]);

    const issued = await call('POST', `/exams/${examId}/admit-cards`, { branchId: north });
    expect([issued.status, issued.body.message]).toEqual([200, documentMessages.admitCardsIssued(3)]);
    const codes = (issued.body.data as SittingDocuments).students.map((one) => one.code!);
    codes.forEach((code) => expect(code).toMatch(VERIFICATION_CODE_PATTERN));
    expect(new Set(codes).size).toBe(3);

    const again = await call('POST', `/exams/${examId}/admit-cards`, { branchId: north });
    expect(again.body.message).toBe(documentMessages.admitCardsIssued(0));
    expect((again.body.data as SittingDocuments).students.map((one) => one.code)).toEqual(codes);

    const all = await call('GET', `/exams/${examId}/admit-cards/pdf?branchId=${north}`);
    expect(all.headers.get('Content-Type')).toBe('application/pdf');
    const pages = await pdfPages(all.bytes);
    expect(pages).toHaveLength(2);
    for (const [index, name] of ['Aarti One', 'Bhavna Two', 'Chetan Three'].entries()) {
      expect(pages[Math.floor(index / 2)]).toContain(unspaced(name));
      expect(pages[Math.floor(index / 2)]).toContain(codes[index]);
    }
    for (const expected of ['ADMIT CARD', '05/12/2026 10:00 AM ACC-01 Accounting Basics', '07/12/2026 2:00 PM GST-02 GST Returns']) {
      expect(pages[0]).toContain(unspaced(expected));
    }

    const one = await call('GET', `/exams/${examId}/admit-cards/pdf?branchId=${north}&studentId=${ids[1]}`);
    const onePage = await pdfPages(one.bytes);
    expect(onePage).toHaveLength(1);
    expect(onePage[0]).toContain('BhavnaTwo');
    expect(onePage[0]).not.toContain('AartiOne');

    const late = await student(north, 'Deepak Four');
    const unissued = await call('GET', `/exams/${examId}/admit-cards/pdf?branchId=${north}&studentId=${late}`);
    expect([unissued.status, unissued.body.message]).toEqual([409, documentMessages.noAdmitCard]);
    expect((await call('POST', `/exams/${examId}/admit-cards`, { branchId: north })).body.message).toBe(
      documentMessages.admitCardsIssued(1),
    );
    expect((await list(examId)).students.filter((one) => ids.includes(one.studentId)).map((one) => one.code)).toEqual(codes);
  });

  it('keep branch staff to their branch, and a withdrawn student’s card says so', async () => {
    const examId = await exam();
    const leaving = await student(north, 'Esha Five');
    await student(south, 'Farhan Six');
    const own = await list(examId, north, tokens.northCards);
    expect(own.branches.map((one) => one._id)).toEqual([north]);
    const other = await call('GET', `/exams/${examId}/admit-cards?branchId=${south}`, undefined, tokens.northCards);
    expect(other.status).toBe(404);
    const issued = await call('POST', `/exams/${examId}/admit-cards`, { branchId: south }, tokens.northCards);
    expect(issued.status).toBe(404);
    const code = ((await call('POST', `/exams/${examId}/admit-cards`, {}, tokens.northCards)).body.data as SittingDocuments).students[0]!
      .code!;
    expect((await verify(code)).body.data.state).toBe('valid');

    await asSystem(accounts.db, (ctx) => deleteRecord(ctx, { id: 'system', role: 'superadmin', branchId: null }, leaving));
    expect((await verify(code)).body.data).toMatchObject({ kind: 'admit-card', state: 'withdrawn' });
  });
});

describe('GET /public/verify/{code}', () => {
  it('reads a code however it is typed, and says plainly when no document carries it', async () => {
    const examId = await exam();
    await student(north, 'Gita Seven');
    const code = ((await call('POST', `/exams/${examId}/admit-cards`, { branchId: north })).body.data as SittingDocuments).students[0]!
      .code!;
    const typed = code.toLowerCase().replace(/-/g, ' ').replace(/0/g, 'o');
    expect((await verify(typed, '203.0.113.20')).body.data.code).toBe(code);

    const unknown = await verify('ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ', '203.0.113.20');
    expect([unknown.status, unknown.body.message]).toEqual([404, documentMessages.unknownCode]);
    const malformed = await verify('12345', '203.0.113.20');
    expect([malformed.status, malformed.body.message]).toEqual([400, documentMessages.malformedCode]);
  });

  it('answers an address that looks up too much with 429 until the minute is over, and other addresses as before', async () => {
    for (let i = 0; i < VERIFICATION_LIMIT.limit; i++) expect((await verify('ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ', '198.51.100.7')).status).toBe(404);
    const refused = await verify('ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ', '198.51.100.7');
    expect([refused.status, refused.body.message]).toEqual([429, documentMessages.tooManyLookups]);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await verify('ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ', '198.51.100.8')).status).toBe(404);
    clock.advance(VERIFICATION_LIMIT.windowMs);
    expect((await verify('ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ', '198.51.100.7')).status).toBe(404);
  });
});

it('keeps the issued documents equal to what a rebuild makes of the log', async () => {
  const before = await projectionSnapshot(accounts.db);
  await rebuildProjections(accounts.db);
  expect(await projectionSnapshot(accounts.db)).toEqual(before);
});

describe('a sitting’s marksheets as one PDF, made by a job', () => {
  const start = (examId: string, branchId: string | undefined, token = tokens.admin) =>
    call('POST', `/exams/${examId}/results/marksheets/jobs`, { branchId }, token);
  const job = (examId: string, jobId: string, token = tokens.admin) =>
    call('GET', `/exams/${examId}/results/marksheets/jobs/${jobId}`, undefined, token);
  const file = (examId: string, jobId: string, token = tokens.admin) =>
    call('GET', `/exams/${examId}/results/marksheets/jobs/${jobId}/pdf`, undefined, token);

  async function publishedSitting(names: string[], branchId = north) {
    const examId = await exam();
    const ids: string[] = [];
    for (const name of names) ids.push(await student(branchId, name));
    await publishWithMarks(examId, branchId, Object.fromEntries(ids.map((id, index) => [id, [50 + index, 25]])));
    return examId;
  }

  it('makes a page per student, a chunk at a time with its progress recorded, and answers the joined file once done', async () => {
    const names = ['Kavya Iyer', 'Arjun Mehta', 'Zoya Khan', 'Bharat Rao', 'Ishaan Gupta'];
    const examId = await publishedSitting(names);
    const started = await start(examId, north);
    expect([started.status, started.body.message]).toEqual([201, jobMessages.started]);
    const jobId = (started.body.data as JobView)._id;
    expect(started.body.data).toMatchObject({ state: 'queued', progress: { done: 0, total: 5 }, error: null, finishedAt: null });
    const again = await start(examId, north);
    expect([again.status, again.body.message, (again.body.data as JobView)._id]).toEqual([200, jobMessages.alreadyRunning, jobId]);
    const early = await file(examId, jobId);
    expect([early.status, early.body.message]).toEqual([409, jobMessages.unfinished]);

    // Two marksheets a chunk, the progress read through the API after each.
    const seen: JobView['progress'][] = [];
    const kind = sittingMarksheetsKind({ database: accounts.database, storage: accounts.storage, chunkSize: 2 });
    const watched: JobKind<unknown> = {
      ...kind,
      run: (run) =>
        kind.run({
          ...run,
          payload: run.payload as Parameters<typeof kind.run>[0]['payload'],
          progress: async (done, total) => {
            await run.progress(done, total);
            seen.push(((await job(examId, jobId)).body.data as JobView).progress);
          },
        }),
    };
    expect(await jobRunnerOf(accounts, clock, [watched]).runOnce()).toBe(true);
    expect(seen).toEqual([
      { done: 2, total: 5 },
      { done: 4, total: 5 },
      { done: 5, total: 5 },
    ]);
    expect((await job(examId, jobId)).body.data).toMatchObject({ state: 'done', progress: { done: 5, total: 5 }, error: null });

    const answer = await file(examId, jobId);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Content-Type')).toBe('application/pdf');
    expect(answer.headers.get('Content-Disposition')).toMatch(/^inline; filename="marksheets-Half-Yearly-\d+-North-Campus\.pdf"$/);
    const pages = await pdfPages(answer.bytes);
    const listed = (await call('GET', `/exams/${examId}/results/marksheets?branchId=${north}`)).body.data as SittingDocuments;
    expect(pages).toHaveLength(5);
    listed.students.forEach((one, index) => {
      expect(pages[index], `page ${index + 1}`).toContain(unspaced(one.name));
      expect(pages[index], `page ${index + 1}`).toContain(one.code);
    });
    expect(new Set(listed.students.map((one) => one.name))).toEqual(new Set(names));

    const next = await start(examId, north);
    expect(next.status, 'a finished job is not answered for a new request').toBe(201);
    expect(await runQueuedJobs(accounts, clock)).toBe(1);
  });

  it('is taken again and finished after the runner that held it died', async () => {
    const examId = await publishedSitting(['Deepa Nair', 'Farhan Ali']);
    const jobId = ((await start(examId, north)).body.data as JobView)._id;
    expect((await claimNextJob(accounts.db, { kinds: [SITTING_MARKSHEETS], now: clock.now(), leaseMs: 60_000 }))?.id).toBe(jobId);
    expect(await runQueuedJobs(accounts, clock), 'while the dead runner’s lease lasts').toBe(0);
    expect((await job(examId, jobId)).body.data).toMatchObject({ state: 'running' });

    clock.advance(60_001);
    expect(await runQueuedJobs(accounts, clock)).toBe(1);
    expect((await job(examId, jobId)).body.data).toMatchObject({ state: 'done', progress: { done: 2, total: 2 } });
    const pages = await pdfPages((await file(examId, jobId)).bytes);
    expect(pages).toHaveLength(2);
    expect(pages.join(' ')).toContain(unspaced('Deepa Nair'));
    expect(pages.join(' ')).toContain(unspaced('Farhan Ali'));
  });

  it('refuses a sitting whose results are not published, and queues nothing', async () => {
    const examId = await exam();
    await student(north, 'Gita Draft');
    const refused = await start(examId, north);
    expect([refused.status, refused.body.message]).toEqual([409, documentMessages.notPublished]);
    expect(await runQueuedJobs(accounts, clock)).toBe(0);
  });

  it('keeps branch staff to their branch’s sitting and its jobs, and refuses a caller without the permission', async () => {
    const examId = await exam();
    const inNorth = await student(north, 'Neel North');
    const inSouth = await student(south, 'Sara South');
    await publishWithMarks(examId, north, { [inNorth]: [60, 30] });
    await publishWithMarks(examId, south, { [inSouth]: [60, 30] });

    const other = await start(examId, south, tokens.northMarksheets);
    expect(other.status, 'another branch’s sitting').toBe(404);
    const own = await start(examId, undefined, tokens.northMarksheets);
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    const southJob = ((await start(examId, south)).body.data as JobView)._id;
    await runQueuedJobs(accounts, clock);

    for (const answer of [await job(examId, southJob, tokens.northMarksheets), await file(examId, southJob, tokens.northMarksheets)]) {
      expect([answer.status, answer.body.message]).toEqual([404, jobMessages.missing]);
    }
    const northJob = (own.body.data as JobView)._id;
    const northFile = await pdfPages((await file(examId, northJob, tokens.northMarksheets)).bytes);
    expect([northFile.length, northFile[0]!.includes(unspaced('Neel North'))]).toEqual([1, true]);
    expect((await job(examId, northJob, tokens.northCards)).status, 'admit cards only').toBe(403);
    expect((await file(examId, northJob, tokens.marker)).status).toBe(403);
    expect((await start(examId, north, tokens.marker)).status).toBe(403);
    expect((await job(await exam(), northJob)).status, 'the job of another exam').toBe(404);
  });
});
