import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBranch, addUser, asSystem, createAccountsApi, syncCatalogue, tokenFor, type AccountsApi } from '../../tests/api/accounts';
import { testClock } from '../../tests/support/test-database';
import { projectionSnapshot } from '../db/projection-snapshot';
import { rebuildProjections } from '../db/rebuild';
import { coursePaperMessages } from '../domain/course-papers/decide';
import { createRecord, deleteRecord, recordMessages } from '../domain/records';
import { csvLines } from '../../tests/support/csv-lines';

const clock = testClock('2026-04-01T09:00:00.000Z');
let accounts: AccountsApi;
const tokens = {} as Record<'editor' | 'adder' | 'viewer' | 'lister' | 'branchViewer' | 'examiner' | 'nobody', string>;

beforeAll(async () => {
  accounts = await createAccountsApi(clock);
  const { db, auth } = accounts;
  await syncCatalogue(db);
  const token = async (permissions: string[]) => tokenFor(db, auth, await addUser(db, { role: 'admin', permissions }), clock.now());
  tokens.editor = await token(['COURSE_EDIT']);
  tokens.adder = await token(['COURSE_ADD']);
  tokens.viewer = await token(['COURSE_VIEW_ALL']);
  tokens.lister = await token(['COURSE_LIST']);
  tokens.branchViewer = await token(['COURSE_VIEW_BRANCH']);
  tokens.examiner = await token(['EXAM_CREATE']);
  tokens.nobody = await token(['STUDENT_ADD', 'COURSE_CATEGORY_MANAGE']);
});
afterAll(() => accounts?.cleanup());

let serial = 0;
const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}, token = tokens.editor) =>
  accounts.call(method, path, { token, body, headers });

/** A course of the institute, or of a branch. */
async function addCourse(name = `Course ${++serial}`, branchId: string | null = null) {
  const { id } = await asSystem(accounts.db, (ctx) => createRecord(ctx, { formType: 'course', branchId, fields: { courseName: name } }));
  return id;
}

/** A branch admin of the branch, holding the permissions given. */
async function branchStaff(branchId: string, permissions = ['COURSE_VIEW_BRANCH', 'COURSE_EDIT']) {
  const { db, auth } = accounts;
  return tokenFor(db, auth, await addUser(db, { role: 'branch_admin', branchId, permissions }), clock.now());
}

type Paper = {
  _id: string;
  code: string;
  name: string;
  version: number;
  position: number;
  questionPaper: string | null;
  questionPaperReadable: boolean;
  courseChangeable: boolean;
};

const paper = (courseId: string, more: Record<string, unknown> = {}) => ({
  courseId,
  code: `P-${++serial}`,
  name: `Paper ${serial}`,
  kind: 'theory',
  questionPaperMarks: 100,
  passingMarks: 40,
  ...more,
});

/** A paper added through the API, a second after the one before, so times sort as made. */
async function addPaper(courseId: string, more: Record<string, unknown> = {}) {
  clock.advance(1_000);
  const response = await call('POST', '/course/papers', paper(courseId, more));
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as Paper;
}

const papersOf = async (courseId: string) =>
  (await call('GET', `/course/papers?courseId=${courseId}&limit=100`)).body.data.papers as Paper[];

/** A PDF stored through the direct-upload flow, as the browser does it. */
async function uploadPdf(fieldName = 'questionPaper', formType = 'course', token = tokens.editor) {
  const bytes = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  const address = await call(
    'POST',
    '/s3-upload/presigned-url',
    { fileName: 'paper.pdf', fileType: 'application/pdf', fileSize: bytes.length, formType, fieldName },
    {},
    token,
  );
  expect(address.status, JSON.stringify(address.body)).toBe(200);
  const { presignedUrl, headers, key } = address.body.data;
  expect((await accounts.api.request(presignedUrl, { method: 'PUT', body: bytes, headers })).status).toBe(200);
  const confirmed = await call(
    'POST',
    '/s3-upload/confirm-upload',
    { key, originalFileName: 'paper.pdf', fileSize: bytes.length, formType, fieldName },
    {},
    token,
  );
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
  return key as string;
}

describe('POST /course/papers', () => {
  it('adds a paper after the course’s others, trimmed, and answers its view with its version', async () => {
    const courseId = await addCourse('Diploma in Computer Applications');
    const first = await addPaper(courseId);
    clock.advance(1_000);
    const response = await call('POST', '/course/papers', {
      courseId,
      code: ' CS-102 ',
      name: ' Office Automation ',
      kind: 'practical',
      questionPaperMarks: 50,
      passingMarks: 20,
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      success: true,
      message: 'Paper added successfully',
      data: {
        _id: expect.any(String),
        courseId,
        courseName: 'Diploma in Computer Applications',
        courseChangeable: true,
        code: 'CS-102',
        name: 'Office Automation',
        kind: 'practical',
        questionPaperMarks: 50,
        passingMarks: 20,
        questionPaper: null,
        questionPaperReadable: false,
        position: first.position + 1,
        version: 1,
        createdAt: clock.now().toISOString(),
        updatedAt: clock.now().toISOString(),
      },
    });
    expect(response.headers.get('ETag')).toBe('"1"');
    expect((await papersOf(courseId)).map((row) => row.code)).toEqual([first.code, 'CS-102']);
  });

  it('refuses a code the course already has in any case, and takes it in another course', async () => {
    const courseId = await addCourse();
    await addPaper(courseId, { code: 'ENG-1' });
    const before = await papersOf(courseId);
    const response = await call('POST', '/course/papers', paper(courseId, { code: 'eng-1' }));
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ success: false, message: coursePaperMessages.codeTaken });
    expect(await papersOf(courseId)).toEqual(before);
    await addPaper(await addCourse(), { code: 'ENG-1' });
  });

  it('refuses a course that does not exist, or a record that is not a course', async () => {
    const { id: branch } = await asSystem(accounts.db, (ctx) =>
      createRecord(ctx, { formType: 'branch', branchId: null, fields: { branchName: `Branch ${++serial}` } }),
    );
    for (const courseId of ['no-such-course', branch]) {
      const response = await call('POST', '/course/papers', paper(courseId));
      expect(response.status).toBe(404);
      expect(response.body.message).toBe('Course not found');
    }
  });

  it.each([
    ['no code', { code: '  ' }, { code: ['Paper code is required'] }],
    ['no name', { name: undefined }, { name: ['Paper name is required'] }],
    ['another type', { kind: 'oral' }, { kind: ['Paper type must be theory or practical'] }],
    ['marks in part', { questionPaperMarks: 99.5 }, { questionPaperMarks: ['Question paper marks must be a whole number'] }],
    ['no marks', { questionPaperMarks: 0, passingMarks: 0 }, { questionPaperMarks: ['Question paper marks must be between 1 and 10000'] }],
    ['negative passing marks', { passingMarks: -1 }, { passingMarks: ['Passing marks must be between 0 and 10000'] }],
    ['passing marks beyond any marks', { passingMarks: 10_001 }, { passingMarks: ['Passing marks must be between 0 and 10000'] }],
    [
      'marks in part below the passing marks',
      { questionPaperMarks: 30.5 },
      { questionPaperMarks: ['Question paper marks must be a whole number'] },
    ],
    [
      'passing marks above the marks',
      { passingMarks: 101 },
      { passingMarks: ['Passing marks must not be more than the question paper marks'] },
    ],
  ])('refuses %s with the field’s message, changing nothing', async (_, change, errors) => {
    const courseId = await addCourse();
    const response = await call('POST', '/course/papers', paper(courseId, change));
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(errors);
    expect(await papersOf(courseId)).toEqual([]);
  });

  it('takes passing marks equal to the marks, and refuses none at all', async () => {
    const courseId = await addCourse();
    expect((await addPaper(courseId, { questionPaperMarks: 30, passingMarks: 30 })).code).toMatch(/^P-/);
    const response = await call('POST', '/course/papers', paper(courseId, { passingMarks: undefined }));
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ passingMarks: ['Passing marks is required'] });
  });

  it('keeps an uploaded question paper, and refuses a key that is no upload of the course form', async () => {
    const courseId = await addCourse();
    const key = await uploadPdf();
    expect((await addPaper(courseId, { questionPaper: key })).questionPaper).toBe(key);
    const examFile = await uploadPdf('examPaper', 'examResult');
    for (const questionPaper of ['course/2026/04/nothing-here.pdf', examFile]) {
      const response = await call('POST', '/course/papers', paper(courseId, { questionPaper }));
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({ questionPaper: ['This file was not uploaded for this form. Please upload it again.'] });
    }
  });
});

describe('GET /course/papers', () => {
  it('lists one course’s papers in order, searched by code or name, by type, sorted and paged', async () => {
    const courseId = await addCourse();
    const a = await addPaper(courseId, { code: 'B-2', name: 'Accounting', kind: 'theory' });
    const b = await addPaper(courseId, { code: 'A-1', name: 'Tally Practical', kind: 'practical' });
    const c = await addPaper(courseId, { code: 'C-3', name: 'Taxation', kind: 'theory' });
    const codes = async (query: string) =>
      ((await call('GET', `/course/papers?courseId=${courseId}&${query}`)).body.data.papers as Paper[]).map((row) => row.code);
    expect(await codes('')).toEqual([a.code, b.code, c.code]);
    expect(await codes('sortBy=code')).toEqual(['A-1', 'B-2', 'C-3']);
    expect(await codes('sortBy=code&order=desc')).toEqual(['C-3', 'B-2', 'A-1']);
    expect(await codes('search=ta')).toEqual(['A-1', 'C-3']);
    expect(await codes('search=c-3')).toEqual(['C-3']);
    expect(await codes('kind=practical')).toEqual(['A-1']);
    const page = await call('GET', `/course/papers?courseId=${courseId}&limit=2&page=2`);
    expect(page.body.data).toMatchObject({ total: 3, page: 2, limit: 2, totalPages: 2 });
    expect(page.body.data.papers.map((row: Paper) => row.code)).toEqual(['C-3']);
  });

  it('refuses a sort it does not know, with the choices', async () => {
    const response = await call('GET', '/course/papers?sortBy=marks');
    expect(response.status).toBe(400);
    expect(response.body.errors.sortBy[0]).toMatch(/^Sort by one of position, code/);
  });
});

describe('GET /course/papers/export', () => {
  it('exports the papers the course, search and type match, in the list’s order and the screen’s words, as CSV or Excel', async () => {
    const course = `Export course ${++serial}`;
    const courseId = await addCourse(course);
    await addPaper(courseId, { code: 'B-2', name: 'Accounting', kind: 'theory', questionPaperMarks: 100, passingMarks: 40 });
    await addPaper(courseId, {
      code: 'A-1',
      name: 'Tally Practical',
      kind: 'practical',
      questionPaperMarks: 50,
      passingMarks: 20,
      questionPaper: await uploadPdf(),
    });
    await addPaper(courseId, { code: 'C-3', name: 'Taxation', kind: 'theory', questionPaperMarks: 75, passingMarks: 30 });

    const csv = await call('GET', `/course/papers/export?courseId=${courseId}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('Content-Type')).toContain('text/csv');
    expect(csv.headers.get('Content-Disposition')).toBe('attachment; filename="course-papers-2026-04-01.csv"');
    expect(csvLines(csv.body)).toEqual([
      'Code,Name,Course,Type,Marks,Passing,Question paper',
      `B-2,Accounting,${course},Theory,100,40,None`,
      `A-1,Tally Practical,${course},Practical,50,20,Attached`,
      `C-3,Taxation,${course},Theory,75,30,None`,
    ]);
    const searched = await call('GET', `/course/papers/export?courseId=${courseId}&search=ta&kind=theory&sortBy=code&order=desc`);
    expect(csvLines(searched.body).map((line) => line.split(',')[0])).toEqual(['Code', 'C-3']);

    const workbook = await call('GET', `/course/papers/export?courseId=${courseId}&sortBy=questionPaperMarks&format=xlsx`);
    expect(workbook.headers.get('Content-Type')).toContain('spreadsheetml');
    expect(workbook.headers.get('Content-Disposition')).toBe('attachment; filename="course-papers-2026-04-01.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(workbook.bytes).buffer);
    const sheet = book.getWorksheet('Course papers')!;
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(2).values).toEqual([undefined, 'A-1', 'Tally Practical', course, 'Practical', 50, 20, 'Attached']);
  });

  it('gives a branch’s staff the papers of the courses they may read, and nobody else anything', async () => {
    const { db } = accounts;
    const [north, south] = [await addBranch(db, `North ${++serial}`, `N${serial}`), await addBranch(db, `South ${serial}`, `S${serial}`)];
    const northCourse = await addCourse(`North export course ${serial}`, north);
    const southCourse = await addCourse(`South export course ${serial}`, south);
    const northPaper = await addPaper(northCourse);
    const southPaper = await addPaper(southCourse);
    const northStaff = await branchStaff(north, ['COURSE_VIEW_BRANCH']);

    const codes = async (token: string, query = '') =>
      csvLines((await call('GET', `/course/papers/export?${query}`, undefined, {}, token)).body)
        .slice(1)
        .map((line) => line.split(',')[0]);
    const listed = (await call('GET', '/course/papers?limit=100', undefined, {}, northStaff)).body.data.total as number;
    const own = await codes(northStaff);
    expect(own).toHaveLength(listed);
    expect(own).toContain(northPaper.code);
    expect(own).not.toContain(southPaper.code);
    expect(await codes(northStaff, `courseId=${southCourse}`)).toEqual([]);
    expect(await codes(tokens.editor, `courseId=${southCourse}`)).toEqual([southPaper.code]);

    expect((await call('GET', '/course/papers/export', undefined, {}, tokens.nobody)).status).toBe(403);
    expect((await accounts.call('GET', '/course/papers/export')).status).toBe(401);
  });
});

describe('PUT /course/papers/:id', () => {
  it('changes a paper, moving the version, and makes nothing of the same values', async () => {
    const courseId = await addCourse();
    const added = await addPaper(courseId);
    clock.advance(1_000);
    const body = { code: 'NEW-1', name: 'Renamed', kind: 'practical', questionPaperMarks: 60, passingMarks: 24 };
    const response = await call('PUT', `/course/papers/${added._id}`, body, { 'If-Match': '"1"' });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Paper updated successfully');
    expect(response.body.data).toMatchObject({ ...body, questionPaper: null, version: 2, updatedAt: clock.now().toISOString() });
    expect(response.headers.get('ETag')).toBe('"2"');
    expect((await call('PUT', `/course/papers/${added._id}`, body)).body.data.version).toBe(2);
  });

  it('refuses a stale If-Match with 412, changing nothing', async () => {
    const courseId = await addCourse();
    const added = await addPaper(courseId);
    await call('PUT', `/course/papers/${added._id}`, { ...paper(courseId), courseId: undefined });
    const before = await papersOf(courseId);
    const response = await call('PUT', `/course/papers/${added._id}`, { ...paper(courseId), courseId: undefined }, { 'If-Match': '"1"' });
    expect(response.status).toBe(412);
    expect(response.body).toEqual({ success: false, message: coursePaperMessages.stale });
    expect(await papersOf(courseId)).toEqual(before);
  });

  it('refuses the code of another paper of the course, and passing marks above the marks', async () => {
    const courseId = await addCourse();
    const first = await addPaper(courseId);
    const second = await addPaper(courseId);
    const { courseId: _, ...body } = paper(courseId, { code: first.code.toLowerCase() });
    expect((await call('PUT', `/course/papers/${second._id}`, body)).status).toBe(409);
    const over = await call('PUT', `/course/papers/${second._id}`, { ...body, code: second.code, passingMarks: 150 });
    expect(over.status).toBe(400);
    expect(over.body.errors).toEqual({ passingMarks: [coursePaperMessages.passingAboveMarks] });
    expect((await papersOf(courseId)).map((row) => row.version)).toEqual([1, 1]);
  });

  it('answers 404 for a paper that does not exist or was removed', async () => {
    const courseId = await addCourse();
    const added = await addPaper(courseId);
    await call('DELETE', `/course/papers/${added._id}`);
    const { courseId: _, ...body } = paper(courseId);
    for (const id of ['no-such-paper', added._id]) {
      const response = await call('PUT', `/course/papers/${id}`, body, { 'If-Match': '"1"' });
      expect(response.status).toBe(404);
      expect(response.body.message).toBe('Course paper not found');
    }
  });
});

describe('DELETE /course/papers/:id', () => {
  it('removes a paper, answering it as it was, and refuses a stale If-Match', async () => {
    const courseId = await addCourse();
    const kept = await addPaper(courseId);
    const added = await addPaper(courseId);
    await call('PUT', `/course/papers/${added._id}`, { ...paper(courseId), courseId: undefined });
    expect((await call('DELETE', `/course/papers/${added._id}`, undefined, { 'If-Match': '"1"' })).status).toBe(412);
    const response = await call('DELETE', `/course/papers/${added._id}`, undefined, { 'If-Match': '"2"' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ message: 'Paper deleted successfully', data: { _id: added._id, version: 2 } });
    expect((await papersOf(courseId)).map((row) => row._id)).toEqual([kept._id]);
    expect((await call('GET', `/course/papers/${added._id}`)).status).toBe(404);
  });
});

describe('a course deleted later', () => {
  it('takes its papers out of the lists; they can still be removed, not changed', async () => {
    const courseId = await addCourse();
    const added = await addPaper(courseId);
    await asSystem(accounts.db, (ctx) => deleteRecord(ctx, { id: 'system', role: 'superadmin', branchId: null }, courseId));
    expect(await papersOf(courseId)).toEqual([]);
    const { courseId: _, ...body } = paper(courseId);
    const change = await call('PUT', `/course/papers/${added._id}`, body);
    expect(change.status).toBe(404);
    expect(change.body.message).toBe('Course not found');
    expect((await call('DELETE', `/course/papers/${added._id}`)).status).toBe(200);
  });
});

describe('who may read and change papers', () => {
  it('lets every course reader and exam creator read, course adders and editors add, editors change and remove', async () => {
    const courseId = await addCourse();
    const added = await addPaper(courseId);
    for (const token of [tokens.viewer, tokens.lister, tokens.branchViewer, tokens.examiner, tokens.editor]) {
      expect((await call('GET', `/course/papers?courseId=${courseId}`, undefined, {}, token)).status).toBe(200);
      expect((await call('GET', `/course/papers/${added._id}`, undefined, {}, token)).status).toBe(200);
    }
    expect((await call('POST', '/course/papers', paper(courseId), {}, tokens.adder)).status).toBe(201);
    const { courseId: _, ...body } = paper(courseId);
    expect((await call('PUT', `/course/papers/${added._id}`, body, {}, tokens.editor)).status).toBe(200);

    const before = await papersOf(courseId);
    for (const token of [tokens.viewer, tokens.examiner, tokens.adder, tokens.nobody]) {
      expect((await call('PUT', `/course/papers/${added._id}`, { ...body, name: 'Not allowed' }, {}, token)).status).toBe(403);
      expect((await call('DELETE', `/course/papers/${added._id}`, undefined, {}, token)).status).toBe(403);
    }
    for (const token of [tokens.viewer, tokens.examiner, tokens.nobody]) {
      expect((await call('POST', '/course/papers', paper(courseId), {}, token)).status).toBe(403);
    }
    expect((await call('GET', '/course/papers', undefined, {}, tokens.nobody)).status).toBe(403);
    expect(await papersOf(courseId)).toEqual(before);
  });
});

describe('papers of a branch’s course', () => {
  it('are read and changed by the institute and that branch, and by no other branch', async () => {
    const { db } = accounts;
    const [north, south] = [await addBranch(db, `North ${++serial}`, `N${serial}`), await addBranch(db, `South ${serial}`, `S${serial}`)];
    const [northStaff, southStaff] = [await branchStaff(north), await branchStaff(south)];
    const northCourse = await addCourse(`North course ${serial}`, north);
    const instituteCourse = await addCourse();
    const northPaper = await addPaper(northCourse);
    expect(northPaper.courseChangeable).toBe(true);
    const institutePaper = await addPaper(instituteCourse);

    const listed = async (token: string) =>
      ((await call('GET', '/course/papers?limit=100', undefined, {}, token)).body.data.papers as Paper[]).map((row) => row._id);
    expect(await listed(northStaff)).toEqual(expect.arrayContaining([northPaper._id, institutePaper._id]));
    expect(await listed(southStaff)).toContain(institutePaper._id);
    expect(await listed(southStaff)).not.toContain(northPaper._id);

    const { courseId: _, ...body } = paper(northCourse);
    expect((await call('GET', `/course/papers/${northPaper._id}`, undefined, {}, southStaff)).status).toBe(404);
    expect((await call('PUT', `/course/papers/${northPaper._id}`, body, {}, southStaff)).status).toBe(404);
    expect((await call('DELETE', `/course/papers/${northPaper._id}`, undefined, {}, southStaff)).status).toBe(404);
    const add = await call('POST', '/course/papers', paper(northCourse), {}, southStaff);
    expect(add.status).toBe(404);
    expect(add.body.message).toBe('Course not found');
    expect((await papersOf(northCourse)).map((row) => row._id)).toEqual([northPaper._id]);

    expect((await call('POST', '/course/papers', paper(northCourse), {}, northStaff)).status).toBe(201);
    expect((await call('PUT', `/course/papers/${northPaper._id}`, body, {}, northStaff)).status).toBe(200);
  });
});

describe('papers of an institute-wide course', () => {
  it('are read by a branch’s staff but changed only by the institute, while their own course’s papers stay theirs', async () => {
    const east = await addBranch(accounts.db, `East ${++serial}`, `E${serial}`);
    const eastStaff = await branchStaff(east, ['COURSE_VIEW_BRANCH', 'COURSE_ADD', 'COURSE_EDIT']);
    const instituteCourse = await addCourse();
    const institutePaper = await addPaper(instituteCourse);
    const before = await papersOf(instituteCourse);

    const { courseId: _, ...body } = paper(instituteCourse);
    const refusals = {
      POST: await call('POST', '/course/papers', paper(instituteCourse), {}, eastStaff),
      PUT: await call('PUT', `/course/papers/${institutePaper._id}`, body, { 'If-Match': '"1"' }, eastStaff),
      DELETE: await call('DELETE', `/course/papers/${institutePaper._id}`, undefined, { 'If-Match': '"1"' }, eastStaff),
    };
    for (const [method, refused] of Object.entries(refusals)) {
      expect(refused.status, method).toBe(403);
      expect(refused.body, method).toEqual({ success: false, message: recordMessages.otherBranch });
    }
    expect(await papersOf(instituteCourse)).toEqual(before);

    const read = await call('GET', `/course/papers/${institutePaper._id}`, undefined, {}, eastStaff);
    expect(read.status).toBe(200);
    // The same papers as the institute reads them, but not the branch's to change.
    const asBranch = before.map((paper) => ({ ...paper, courseChangeable: false }));
    expect(read.body.data).toEqual(asBranch[0]);
    const listed = await call('GET', `/course/papers?courseId=${instituteCourse}`, undefined, {}, eastStaff);
    expect(listed.body.data.papers).toEqual(asBranch);

    const eastCourse = await addCourse(`East course ${serial}`, east);
    const added = await call('POST', '/course/papers', paper(eastCourse), {}, eastStaff);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const { courseId: __, ...eastBody } = paper(eastCourse);
    const changed = await call('PUT', `/course/papers/${added.body.data._id}`, eastBody, { 'If-Match': '"1"' }, eastStaff);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await call('DELETE', `/course/papers/${added.body.data._id}`, undefined, { 'If-Match': '"2"' }, eastStaff)).status).toBe(200);
    expect(await papersOf(eastCourse)).toEqual([]);
  });
});

describe('a question paper', () => {
  it('is said to be readable to those who may open its file: the institute, and the branch that uploaded it', async () => {
    const west = await addBranch(accounts.db, `West ${++serial}`, `W${serial}`);
    const westStaff = await branchStaff(west);
    const opens = async (key: string, token: string) =>
      (await call('GET', `/s3-upload/download-url?key=${encodeURIComponent(key)}`, undefined, {}, token)).status === 200;
    const readable = async (paperId: string, token: string) =>
      (await call('GET', `/course/papers/${paperId}`, undefined, {}, token)).body.data.questionPaperReadable as boolean;

    const instituteKey = await uploadPdf();
    const institutePaper = await addPaper(await addCourse(), { questionPaper: instituteKey });
    expect(await readable(institutePaper._id, tokens.editor)).toBe(true);
    expect(await opens(instituteKey, tokens.editor)).toBe(true);
    expect(await readable(institutePaper._id, westStaff)).toBe(false);
    expect(await opens(instituteKey, westStaff)).toBe(false);

    const westCourse = await addCourse(`West course ${serial}`, west);
    const westKey = await uploadPdf('questionPaper', 'course', westStaff);
    const added = await call('POST', '/course/papers', paper(westCourse, { questionPaper: westKey }), {}, westStaff);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.data.questionPaperReadable).toBe(true);
    expect(await opens(westKey, westStaff)).toBe(true);
    expect(await readable(added.body.data._id, tokens.editor)).toBe(true);
    const listed = await call('GET', `/course/papers?courseId=${westCourse}`, undefined, {}, westStaff);
    expect(listed.body.data.papers.map((row: { questionPaperReadable: boolean }) => row.questionPaperReadable)).toEqual([true]);
    expect((await addPaper(westCourse)).questionPaperReadable).toBe(false);
  });
});

describe('the read table', () => {
  it('is what a rebuild makes of the log: added, changed and removed papers alike', async () => {
    const before = await projectionSnapshot(accounts.db);
    expect(before.course_papers?.some((row) => row.version !== 1)).toBe(true);
    await rebuildProjections(accounts.db);
    expect(await projectionSnapshot(accounts.db)).toEqual(before);
  });
});
