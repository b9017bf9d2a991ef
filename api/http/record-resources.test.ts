import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { addUser, asSystem, createAccountsApi, syncCatalogue, tokenFor, type AccountsApi } from '../../tests/api/accounts';
import { addWalletBranch, ledgerEntries, priceOperation, storedBalance } from '../../tests/api/wallet-fixtures';
import { testClock } from '../../tests/support/test-database';
import { records } from '../db/schema';
import { createCourseCategory } from '../domain/course-categories/commands';
import { ensureDefaultFormConfigs } from '../domain/form-configs';
import { allPermissionNames } from '../domain/permissions/catalogue';
import { recordMessages } from '../domain/records';
import { creditWallet } from '../domain/wallet/credit-wallet';
import { resourceMessages } from './record-resources';

const clock = testClock('2026-04-06T09:00:00.000Z');
let accounts: AccountsApi;

const fx = {} as {
  north: string;
  south: string;
  poor: string;
  category: string;
  course: string;
  tokens: Record<'admin' | 'northAdmin' | 'southAdmin' | 'courseLister' | 'courseAdder' | 'branchAdder' | 'nobody', string>;
};

const northStaff = [
  'STUDENT_ADD',
  'STUDENT_VIEW_BRANCH',
  'STUDENT_EDIT',
  'STUDENT_DELETE',
  'COURSE_LIST',
  'BRANCH_VIEW_BRANCH',
  'EXAM_LIST',
];

beforeAll(async () => {
  accounts = await createAccountsApi(clock);
  const { db, auth } = accounts;
  await syncCatalogue(db);
  await asSystem(db, ensureDefaultFormConfigs);
  fx.north = await addWalletBranch(db, { name: 'North Campus' });
  fx.south = await addWalletBranch(db, { name: 'South Campus' });
  fx.poor = await addWalletBranch(db, { name: 'Poor Campus' });
  await priceOperation(db, { price: 5000 });
  for (const branchId of [fx.north, fx.south]) await asSystem(db, (ctx) => creditWallet(ctx, { branchId, amount: 100_000 }));
  fx.category = await asSystem(db, (ctx) => createCourseCategory(ctx, 'Computer Applications'));
  const token = async (account: Parameters<typeof addUser>[1]) => tokenFor(db, auth, await addUser(db, account), clock.now());
  fx.tokens = {
    admin: await token({ role: 'admin', permissions: allPermissionNames }),
    northAdmin: await token({ role: 'branch_admin', branchId: fx.north, permissions: northStaff }),
    southAdmin: await token({ role: 'branch_admin', branchId: fx.south, permissions: northStaff }),
    courseLister: await token({ role: 'admin', permissions: ['COURSE_LIST'] }),
    courseAdder: await token({ role: 'admin', permissions: ['COURSE_ADD'] }),
    branchAdder: await token({ role: 'branch_admin', branchId: fx.north, permissions: ['BRANCH_ADD'] }),
    nobody: await token({ role: 'admin' }),
  };
  const course = await call('POST', '/courses', fx.tokens.admin, course1());
  expect(course.status, JSON.stringify(course.body)).toBe(201);
  fx.course = course.body.data._id;
});
afterAll(() => accounts?.cleanup());

function call(method: string, path: string, token: string, body?: unknown, headers: Record<string, string> = {}) {
  return accounts.call(method, path, { token, body, headers });
}

const course1 = () => ({
  courseName: 'Diploma in Computer Applications',
  courseCode: 'DCA',
  duration: 12,
  fees: 18000,
  category: fx.category,
  isActive: true,
});

let serial = 0;
function student(extra: Record<string, unknown> = {}) {
  serial++;
  return {
    centerName: fx.north,
    studentName: `Top Student ${serial}`,
    selectedCourse: fx.course,
    studentEmail: `top${serial}@example.com`,
    phoneNumber: '9810000001',
    ...extra,
  };
}

async function recordCount(formType: string) {
  const [row] = await accounts.db.select({ n: count() }).from(records).where(eq(records.formType, formType));
  return row!.n;
}

describe('/courses', () => {
  it('adds a course through the course form and answers it flat: its values by field name, once each', async () => {
    const response = await call('POST', '/courses', fx.tokens.admin, { ...course1(), courseName: 'Tally with GST', courseCode: 'TGST' });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.message).toBe('Course created successfully');
    const data = response.body.data;
    expect(data).toMatchObject({
      courseName: 'Tally with GST',
      courseCode: 'TGST',
      duration: 12,
      fees: 18000,
      category: fx.category,
      isActive: true,
      branchId: null,
      branchName: null,
      version: 1,
    });
    expect(data).not.toHaveProperty('fieldsData');
    expect(data).not.toHaveProperty('title');
    expect(response.headers.get('ETag')).toBe('"1"');

    const same = await call('GET', `/dynamic-data/${data._id}`, fx.tokens.admin);
    expect(same.body.data).toMatchObject({ formType: 'course', title: 'Tally with GST', code: 'TGST', version: 1 });
  });

  it('refuses what the course form refuses, with errors per field, and adds nothing', async () => {
    const before = await recordCount('course');
    const response = await call('POST', '/courses', fx.tokens.admin, { courseCode: 'NONAME', category: fx.category });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(recordMessages.invalid);
    expect(response.body.errors).toHaveProperty('courseName');
    const notAnObject = await call('POST', '/courses', fx.tokens.admin, ['courseName']);
    expect(notAnObject.status).toBe(400);
    const otherType = await call('POST', '/courses', fx.tokens.admin, { ...course1(), formType: 'student' });
    expect(otherType.status).toBe(400);
    expect(otherType.body.errors).toEqual({ formType: [resourceMessages.otherFormType('course')] });
    expect(await recordCount('course')).toBe(before);
  });

  it('changes a course with If-Match, refuses a stale version, and shows the change at /dynamic-data too', async () => {
    const created = await call('POST', '/courses', fx.tokens.admin, { ...course1(), courseName: 'Web Design', courseCode: 'WD' });
    const id = created.body.data._id;
    // A course read from /courses can be sent back as it is.
    const changed = await call('PUT', `/courses/${id}`, fx.tokens.admin, { ...created.body.data, fees: 9000 }, { 'If-Match': '"1"' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({ courseName: 'Web Design', fees: 9000, version: 2 });
    expect(changed.headers.get('ETag')).toBe('"2"');
    const stale = await call('PUT', `/courses/${id}`, fx.tokens.admin, { ...course1(), fees: 1 }, { 'If-Match': '"1"' });
    expect(stale.status).toBe(412);
    const seen = await call('GET', `/dynamic-data/${id}`, fx.tokens.admin);
    expect(seen.body.data.fieldsData).toContainEqual({ name: 'fees', value: 9000 });

    // And the other way: a change made through /dynamic-data is what /courses answers.
    await call('PUT', `/dynamic-data/${id}`, fx.tokens.admin, {
      fieldsData: Object.entries({ ...course1(), courseName: 'Web Design Pro' }).map(([name, value]) => ({ name, value })),
    });
    const shown = await call('GET', `/courses/${id}`, fx.tokens.admin);
    expect(shown.body.data).toMatchObject({ courseName: 'Web Design Pro', version: 3 });
    expect(shown.headers.get('ETag')).toBe('"3"');
  });

  it('deletes a course, which is gone at /dynamic-data too; a course deleted there is gone here', async () => {
    const first = (await call('POST', '/courses', fx.tokens.admin, { ...course1(), courseName: 'Short One' })).body.data._id;
    const removed = await call('DELETE', `/courses/${first}`, fx.tokens.admin);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ message: 'Course deleted successfully', data: { _id: first } });
    expect((await call('GET', `/dynamic-data/${first}`, fx.tokens.admin)).status).toBe(404);

    const second = (
      await call('POST', '/dynamic-data', fx.tokens.admin, { formType: 'course', fieldsData: { ...course1(), courseName: 'Short Two' } })
    ).body.data._id;
    expect((await call('GET', `/courses/${second}`, fx.tokens.admin)).body.data.courseName).toBe('Short Two');
    await call('DELETE', `/dynamic-data/${second}`, fx.tokens.admin);
    expect((await call('GET', `/courses/${second}`, fx.tokens.admin)).status).toBe(404);
  });

  it('does not take another form type’s record for a course', async () => {
    const admitted = await call('POST', '/students', fx.tokens.admin, student());
    const id = admitted.body.data._id;
    for (const [method, body] of [['GET'], ['PUT', course1()], ['DELETE']] as const) {
      const response = await call(method, `/courses/${id}`, fx.tokens.admin, body);
      expect(response.status, method).toBe(404);
      expect(response.body.message).toBe('Course not found');
    }
    expect((await call('GET', `/students/${id}`, fx.tokens.admin)).status).toBe(200);
  });

  it('searches, sorts and pages', async () => {
    for (const name of ['Zeta Paging', 'Alpha Paging', 'Mu Paging']) {
      await call('POST', '/courses', fx.tokens.admin, { ...course1(), courseName: name, courseCode: name.slice(0, 2) });
    }
    const page = (query: string) => call('GET', `/courses?search=paging&${query}`, fx.tokens.admin);
    const names = (response: Awaited<ReturnType<typeof page>>) =>
      response.body.data.courses.map((c: { courseName: string }) => c.courseName);
    expect(names(await page('sortBy=title&order=asc'))).toEqual(['Alpha Paging', 'Mu Paging', 'Zeta Paging']);
    expect(names(await page('sortBy=title&order=desc'))).toEqual(['Zeta Paging', 'Mu Paging', 'Alpha Paging']);
    const second = await page('sortBy=title&order=asc&limit=2&page=2');
    expect(names(second)).toEqual(['Zeta Paging']);
    expect(second.body.data).toMatchObject({ total: 3, page: 2, limit: 2, totalPages: 2 });
    expect((await call('GET', '/courses?sortBy=fees', fx.tokens.admin)).status).toBe(400);
  });

  it('lists every course unpaged at /courses/all, as id and title', async () => {
    const response = await call('GET', '/courses/all', fx.tokens.courseLister);
    expect(response.status).toBe(200);
    expect(response.body.data).toContainEqual({ _id: fx.course, title: 'Diploma in Computer Applications' });
  });

  it('holds each call to the course permissions, in both naming sets', async () => {
    expect((await call('GET', '/courses', fx.tokens.courseLister)).status).toBe(200);
    expect((await call('GET', '/courses', fx.tokens.nobody)).status).toBe(403);
    expect((await call('GET', '/courses/all', fx.tokens.nobody)).status).toBe(403);
    expect((await call('GET', `/courses/${fx.course}`, fx.tokens.nobody)).status).toBe(403);
    const before = await recordCount('course');
    expect((await call('POST', '/courses', fx.tokens.courseLister, course1())).status).toBe(403);
    expect((await call('PUT', `/courses/${fx.course}`, fx.tokens.courseAdder, course1())).status).toBe(403);
    expect((await call('DELETE', `/courses/${fx.course}`, fx.tokens.courseAdder)).status).toBe(403);
    expect(await recordCount('course')).toBe(before);
    expect((await call('POST', '/courses', fx.tokens.courseAdder, { ...course1(), courseName: 'By the adder' })).status).toBe(201);
  });
});

describe('/branches', () => {
  it('adds, shows, changes and deletes a branch; never answers its password', async () => {
    const created = await call('POST', '/branches', fx.tokens.admin, {
      addBranch: 'East Campus',
      courseName: 'Computer courses',
      branchCode: 'EC01',
      phoneNumber: '9876543210',
      password: 'director-secret',
      walletEnabled: true,
      isActive: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ addBranch: 'East Campus', branchCode: 'EC01', walletEnabled: true, isActive: true });
    expect(created.body.data).not.toHaveProperty('password');
    expect(created.body.data).not.toHaveProperty('branchId');
    const id = created.body.data._id;
    const changed = await call('PUT', `/branches/${id}`, fx.tokens.admin, { ...created.body.data, directorName: 'Asha Menon' });
    expect(changed.body.data).toMatchObject({ directorName: 'Asha Menon', addBranch: 'East Campus', version: 2 });
    const listed = await call('GET', '/branches?search=east', fx.tokens.admin);
    expect(listed.body.data.branches.map((b: { _id: string }) => b._id)).toEqual([id]);
    expect((await call('DELETE', `/branches/${id}`, fx.tokens.admin)).status).toBe(200);
    expect((await call('GET', `/branches/${id}`, fx.tokens.admin)).status).toBe(404);
  });

  it('shows a branch’s own staff their branch alone, and lets only the institute add branches', async () => {
    const listed = await call('GET', '/branches?limit=100', fx.tokens.northAdmin);
    expect(listed.status).toBe(200);
    expect(listed.body.data.branches.map((b: { _id: string }) => b._id)).toEqual([fx.north]);
    expect((await call('GET', `/branches/${fx.south}`, fx.tokens.northAdmin)).status).toBe(404);
    const before = await recordCount('branch');
    const refused = await call('POST', '/branches', fx.tokens.branchAdder, {
      addBranch: 'Rogue',
      courseName: 'x',
      branchCode: 'RG',
      phoneNumber: '9876543210',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(recordMessages.branchesByAdmins);
    expect(await recordCount('branch')).toBe(before);
  });
});

describe('/students', () => {
  it('admits a student with the admission charge of the screen: one transaction, numbers, the charge in the answer', async () => {
    const before = await storedBalance(accounts.db, fx.north);
    const response = await call('POST', '/students', fx.tokens.admin, student({ isRegistered: true }));
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.message).toBe('Student Registered Successfully!');
    const data = response.body.data;
    expect(data).toMatchObject({
      centerName: fx.north,
      branchId: fx.north,
      branchName: 'North Campus',
      selectedCourse: fx.course,
      courseName: 'Diploma in Computer Applications',
      isRegistered: true,
      completedCourse: false,
      isActive: false,
      charge: { charged: true, price: 5000, operationName: 'Add Student' },
    });
    expect(data.registrationNo).toMatch(/^[A-Z0-9]+\/2026\/\d{4}$/);
    expect(data.rollNo).toMatch(/^[A-Z0-9]+26\d{4}$/);
    expect(await storedBalance(accounts.db, fx.north)).toBe(before! - 5000);
    const entries = await ledgerEntries(accounts.db, fx.north);
    expect(entries.filter((entry) => entry.referenceId === data._id)).toEqual([
      expect.objectContaining({ kind: 'charge', amount: -5000, operationName: 'Add Student' }),
    ]);
  });

  it('refuses an admission the wallet cannot pay for with 402, and admits no one', async () => {
    const before = await recordCount('student');
    const response = await call('POST', '/students', fx.tokens.admin, student({ centerName: fx.poor }));
    expect(response.status).toBe(402);
    expect(response.body.data).toMatchObject({ branchId: fx.poor, required: 5000, balance: 0 });
    expect(await recordCount('student')).toBe(before);
  });

  it('refuses what the student form refuses, and admits no one', async () => {
    const before = await recordCount('student');
    const response = await call('POST', '/students', fx.tokens.admin, student({ studentEmail: 'not-an-email' }));
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors)).toEqual(['studentEmail']);
    const noCourse = await call('POST', '/students', fx.tokens.admin, student({ selectedCourse: 'nowhere' }));
    expect(noCourse.status).toBe(400);
    expect(noCourse.body.errors).toEqual({ selectedCourse: ['Selected Course selection is invalid'] });
    expect(await recordCount('student')).toBe(before);
  });

  it('keeps a branch’s own staff to their branch, as /dynamic-data does', async () => {
    const north = (await call('POST', '/students', fx.tokens.northAdmin, student({ centerName: undefined }))).body.data;
    expect(north.branchId).toBe(fx.north);
    const south = (await call('POST', '/students', fx.tokens.southAdmin, student({ centerName: undefined }))).body.data;
    expect(south.branchId).toBe(fx.south);

    const listed = await call('GET', '/students?limit=100', fx.tokens.northAdmin);
    const ids = listed.body.data.students.map((s: { _id: string }) => s._id);
    expect(ids).toContain(north._id);
    expect(ids).not.toContain(south._id);
    expect(listed.body.data.students.every((s: { branchId: string }) => s.branchId === fx.north)).toBe(true);
    // Naming the other branch does not reach it.
    const asked = await call('GET', `/students?branchId=${fx.south}`, fx.tokens.northAdmin);
    expect(asked.body.data.students).toEqual([]);

    for (const [method, body] of [['GET'], ['PUT', { studentName: 'Taken over' }], ['DELETE']] as const) {
      expect((await call(method, `/students/${south._id}`, fx.tokens.northAdmin, body)).status, method).toBe(404);
    }
    const refused = await call('POST', '/students', fx.tokens.northAdmin, student({ centerName: fx.south }));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(recordMessages.otherBranch);

    const changed = await call('PUT', `/students/${north._id}`, fx.tokens.northAdmin, { ...north, studentName: 'Renamed North' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({ studentName: 'Renamed North', registrationNo: north.registrationNo });
    expect(changed.body.data).not.toHaveProperty('charge');
    expect((await call('DELETE', `/students/${north._id}`, fx.tokens.northAdmin)).status).toBe(200);
    expect((await call('GET', `/dynamic-data/${north._id}`, fx.tokens.admin)).status).toBe(404);
  });

  it('lists the caller’s branch at /students/type/branch, as /dynamic-data/branch does', async () => {
    const own = (await call('POST', '/students', fx.tokens.northAdmin, student({ centerName: undefined }))).body.data;
    const other = (await call('POST', '/students', fx.tokens.southAdmin, student({ centerName: undefined }))).body.data;

    const north = await call('GET', `/students/type/branch?limit=100&branchId=${fx.south}`, fx.tokens.northAdmin);
    expect(north.status).toBe(200);
    const ids = north.body.data.students.map((s: { _id: string }) => s._id);
    expect(ids).toContain(own._id);
    expect(ids).not.toContain(other._id);
    const mirrored = await call('GET', '/dynamic-data/branch?limit=100', fx.tokens.northAdmin);
    expect(ids).toEqual(mirrored.body.data.records.map((r: { _id: string }) => r._id));

    const unnamed = await call('GET', '/students/type/branch', fx.tokens.admin);
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.errors).toHaveProperty('branchId');
    const named = await call('GET', `/students/type/branch?limit=100&branchId=${fx.south}`, fx.tokens.admin);
    expect(named.body.data.students.map((s: { _id: string }) => s._id)).toContain(other._id);
    expect(named.body.data.students.every((s: { branchId: string }) => s.branchId === fx.south)).toBe(true);
    expect((await call('GET', '/students/type/branch', fx.tokens.courseLister)).status).toBe(403);
  });

  it('filters by registered and searches', async () => {
    const name = 'Findable Registered';
    await call('POST', '/students', fx.tokens.admin, student({ studentName: name, isRegistered: true }));
    const found = await call('GET', `/students?search=findable&registered=true`, fx.tokens.admin);
    expect(found.body.data.students.map((s: { studentName: string }) => s.studentName)).toEqual([name]);
    expect((await call('GET', `/students?search=findable&registered=false`, fx.tokens.admin)).body.data.total).toBe(0);
  });
});

describe('GET /dynamic-data/export', () => {
  const lines = (body: string) => body.trimEnd().split('\r\n');

  it('exports what the list’s filters match, every field by its label, names for ids, of the caller’s branch only', async () => {
    const admitted = [
      student({ studentName: 'Exported Asha', admissionDate: '2026-04-01', isRegistered: true, state: 'Maharashtra' }),
      student({ studentName: 'Exported Bina "Rani", Rao', isRegistered: true, phoneNumber: '9810000002' }),
      student({ studentName: 'Exported Chetan', isRegistered: false }),
      student({ studentName: 'Exported Dev', centerName: fx.south, isRegistered: true }),
    ];
    for (const body of admitted) expect((await call('POST', '/students', fx.tokens.admin, body)).status).toBe(201);

    const csv = await call(
      'GET',
      '/dynamic-data/export?formType=student&search=exported&registered=true&sort=title&order=asc',
      fx.tokens.admin,
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get('Content-Disposition')).toBe('attachment; filename="students-2026-04-06.csv"');
    const [header, ...rows] = lines(csv.body);
    expect(header).toBe(
      'Registration No,Roll No,Center Name,Student Name,Selected Course,State,Student Email,Phone Number,Aadhaar Number,' +
        "Father's Name,Mother's Name,Registration Number,City,Date of Birth,Admission Date,Marital Status,Address,PIN Code," +
        'Active,Registered,Completed Course,Added on',
    );
    expect(rows).toHaveLength(3);
    const cells = rows.map((row) => row.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((cell) => cell.replace(/,$/, '')));
    expect(cells.map((row) => row[3])).toEqual(['Exported Asha', '"Exported Bina ""Rani"", Rao"', 'Exported Dev']);
    // The branch and the course by name, a date as a date, the checkboxes as Yes or No.
    expect(cells[0]!.slice(2, 6)).toEqual(['North Campus', 'Exported Asha', 'Diploma in Computer Applications', 'Maharashtra']);
    expect(cells[0]![14]).toBe('2026-04-01');
    expect(cells[0]!.slice(18, 21)).toEqual(['No', 'Yes', 'No']);
    expect(cells[0]![0]).toMatch(/\S/);
    expect(cells[2]![2]).toBe('South Campus');
    expect(cells[0]![21]).toBe('2026-04-06 14:30:00');

    const north = await call('GET', `/dynamic-data/export?formType=student&search=exported&branchId=${fx.south}`, fx.tokens.northAdmin);
    expect(lines(north.body)).toHaveLength(1);
    const own = await call('GET', '/dynamic-data/export?formType=student&search=exported&format=xlsx', fx.tokens.northAdmin);
    expect(own.headers.get('Content-Type')).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(own.bytes).buffer);
    const sheet = workbook.getWorksheet('Students')!;
    const names = sheet.getColumn(4).values.slice(2);
    expect(names).toHaveLength(3);
    expect(names).not.toContain('Exported Dev');
  });

  it('exports courses with their category by name and numbers as numbers, and holds each list to its read permission', async () => {
    const csv = await call('GET', '/dynamic-data/export?formType=course&search=DCA', fx.tokens.courseLister);
    expect(csv.status).toBe(200);
    const [header, ...rows] = lines(csv.body);
    expect(header).toBe('Course Name,Course Code,Subjects Name,Duration (Months),Fees,Category,Active,Branch,Added on');
    expect(rows).toContainEqual(expect.stringMatching(/^Diploma in Computer Applications,DCA,,12,18000,Computer Applications,Yes,,/));

    expect((await call('GET', '/dynamic-data/export?formType=student', fx.tokens.courseLister)).status).toBe(403);
    expect((await call('GET', '/dynamic-data/export?formType=course', fx.tokens.nobody)).status).toBe(403);
    expect((await call('GET', '/dynamic-data/export?formType=student&format=pdf', fx.tokens.admin)).status).toBe(400);
    expect((await call('GET', '/dynamic-data/export', fx.tokens.admin)).status).toBe(400);
  });

  it('leaves out what a cell cannot hold, and a branch’s password, which is never kept', async () => {
    const csv = await call('GET', '/dynamic-data/export?formType=branch', fx.tokens.admin);
    const [header] = lines(csv.body);
    expect(header).not.toContain('Password');
    expect(header).toContain('Branch Name');
    expect(header).not.toContain('Branch,');
  });
});

describe('GET /results', () => {
  it('lists one entry per exam, with its course and subjects, awaiting entry; searched and paged', async () => {
    const subjects = [{ subjectName: 'Fundamentals', passingMarks: '33' }];
    const exam = (examId: string, examName: string) => ({
      examId,
      examName,
      examType: 'Final Examination',
      selectedCourse: fx.course,
      examSubjectsTable: subjects,
    });
    await call('POST', '/dynamic-data', fx.tokens.admin, { formType: 'examResult', fieldsData: exam('EX-R1', 'Semester One') });
    await call('POST', '/dynamic-data', fx.tokens.admin, { formType: 'examResult', fieldsData: exam('EX-R2', 'Semester Two') });

    const response = await call('GET', '/results?search=semester&sortBy=title&order=asc&limit=1', fx.tokens.admin);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ total: 2, page: 1, limit: 1, totalPages: 2 });
    expect(response.body.data.results).toEqual([
      expect.objectContaining({
        examId: 'EX-R1',
        examName: 'Semester One',
        examType: 'Final Examination',
        courseId: fx.course,
        courseName: 'Diploma in Computer Applications',
        branchId: null,
        subjects,
        state: 'awaiting entry',
      }),
    ]);
  });

  it('is open to exam readers and result keepers alone, and keeps a branch to its own exams and the institute’s', async () => {
    const { db, auth } = accounts;
    const keeper = await tokenFor(db, auth, await addUser(db, { role: 'admin', permissions: ['RESULT_MANAGE'] }), clock.now());
    expect((await call('GET', '/results', keeper)).status).toBe(200);
    expect((await call('GET', '/results', fx.tokens.nobody)).status).toBe(403);

    const exam = { examId: 'EX-SOUTH', examName: 'South Only', selectedCourse: fx.course, examSubjectsTable: [{ subjectName: 'A' }] };
    const southToken = await tokenFor(
      db,
      auth,
      await addUser(db, { role: 'branch_admin', branchId: fx.south, permissions: ['EXAM_CREATE'] }),
      clock.now(),
    );
    expect((await call('POST', '/dynamic-data', southToken, { formType: 'examResult', fieldsData: exam })).status).toBe(201);
    const north = await call('GET', '/results?limit=100', fx.tokens.northAdmin);
    const names = north.body.data.results.map((r: { examName: string }) => r.examName);
    expect(names).toContain('Semester One');
    expect(names).not.toContain('South Only');
  });
});

describe('GET /settings', () => {
  it('answers the institute’s locale and forms to those who view or edit settings, and to no one else', async () => {
    const { db, auth } = accounts;
    for (const permission of ['SETTINGS_VIEW', 'SETTINGS_EDIT', 'SETTINGS_NOTICE_BOARD']) {
      const token = await tokenFor(db, auth, await addUser(db, { role: 'admin', permissions: [permission] }), clock.now());
      const response = await call('GET', '/settings', token);
      expect(response.status, permission).toBe(200);
      expect(response.body.data.locale).toEqual({ timeZone: 'Asia/Kolkata', currency: 'INR', dateFormat: 'dd/mm/yyyy' });
      expect(response.body.data.forms.map((f: { formType: string }) => f.formType)).toEqual(
        expect.arrayContaining(['student', 'course', 'branch', 'examResult']),
      );
    }
    expect((await call('GET', '/settings', fx.tokens.nobody)).status).toBe(403);
  });
});

describe('POST /users/register', () => {
  it('adds a user exactly as POST /users does, for user managers only', async () => {
    const { db, auth } = accounts;
    const adder = await tokenFor(db, auth, await addUser(db, { role: 'admin', permissions: ['USER_ADD'] }), clock.now());
    const body = { name: 'Kavya Nair', email: 'kavya.nair@example.com', phone: '9876512345', role: 'user', password: 'Kavya@123' };
    const added = await call('POST', '/users/register', adder, body);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({ message: 'User added successfully', data: { email: 'kavya.nair@example.com', role: 'user' } });
    expect((await accounts.call('POST', '/auth/v2/login', { body: { email: body.email, password: body.password } })).status).toBe(200);

    const taken = await call('POST', '/users/register', adder, body);
    expect(taken.status).toBe(409);
    const short = await call('POST', '/users/register', adder, { ...body, email: 'short@example.com', password: 'abc' });
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual({ password: ['Password must be at least 6 characters long'] });
    expect((await call('POST', '/users/register', fx.tokens.nobody, { ...body, email: 'other@example.com' })).status).toBe(403);
    expect((await accounts.call('POST', '/users/register', { body: { ...body, email: 'self@example.com' } })).status).toBe(401);
  });
});
