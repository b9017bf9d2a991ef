import { parse } from 'csv-parse/sync';
import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, asSystem, createAccountsApi, eventCount, syncCatalogue, tokenFor, type AccountsApi } from '../../tests/api/accounts';
import { runQueuedJobs } from '../../tests/api/jobs';
import { storeFile } from '../../tests/api/stored-files';
import { addWalletBranch, ledgerSum, priceOperation, storedBalance } from '../../tests/api/wallet-fixtures';
import { tinyPng } from '../../tests/support/images';
import { testClock } from '../../tests/support/test-database';
import { importMessages, type ImportRunView, type ImportView } from '../../common/contracts/imports';
import { fieldMessages } from '../../common/forms/schema-builder';
import { uploadMessages } from '../../common/uploads/rules';
import { projectionSnapshot } from '../db/projection-snapshot';
import { rebuildProjections } from '../db/rebuild';
import { importRows, recordImportKeys, records } from '../db/schema';
import { createCourseCategory } from '../domain/course-categories/commands';
import { ensureDefaultFormConfigs } from '../domain/form-configs';
import { allPermissionNames } from '../domain/permissions/catalogue';
import { recordMessages } from '../domain/records';
import { creditWallet } from '../domain/wallet/credit-wallet';
import { decodeText } from '../domain/imports/sheet';
import { walletMessages } from '../domain/wallet/errors';

const clock = testClock('2026-04-06T09:00:00.000Z');
let accounts: AccountsApi;

const fx = {} as {
  north: string;
  south: string;
  poor: string;
  course: string;
  tokens: Record<'admin' | 'northAdmin' | 'southAdmin' | 'courseAdder' | 'poorAdmin' | 'nobody', string>;
};

const staff = ['STUDENT_ADD', 'STUDENT_VIEW_BRANCH', 'COURSE_LIST', 'BRANCH_VIEW_BRANCH'];
const CSV = 'text/csv';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

beforeAll(async () => {
  accounts = await createAccountsApi(clock);
  const { db, auth } = accounts;
  await syncCatalogue(db);
  await asSystem(db, ensureDefaultFormConfigs);
  fx.north = await addWalletBranch(db, { name: 'North Campus' });
  fx.south = await addWalletBranch(db, { name: 'South Campus' });
  fx.poor = await addWalletBranch(db, { name: 'Poor Campus' });
  await priceOperation(db, { price: 5000 });
  for (const branchId of [fx.north, fx.south]) await asSystem(db, (ctx) => creditWallet(ctx, { branchId, amount: 1_000_000 }));
  const category = await asSystem(db, (ctx) => createCourseCategory(ctx, 'Computer Applications'));
  const token = async (account: Parameters<typeof addUser>[1]) => tokenFor(db, auth, await addUser(db, account), clock.now());
  fx.tokens = {
    admin: await token({ role: 'admin', permissions: allPermissionNames }),
    northAdmin: await token({ role: 'branch_admin', branchId: fx.north, permissions: staff }),
    southAdmin: await token({ role: 'branch_admin', branchId: fx.south, permissions: staff }),
    poorAdmin: await token({ role: 'branch_admin', branchId: fx.poor, permissions: staff }),
    courseAdder: await token({ role: 'admin', permissions: ['COURSE_ADD'] }),
    nobody: await token({ role: 'admin' }),
  };
  const course = await call('POST', '/courses', fx.tokens.admin, {
    courseName: 'Diploma in Computer Applications',
    courseCode: 'DCA',
    category,
    isActive: true,
  });
  expect(course.status, JSON.stringify(course.body)).toBe(201);
  fx.course = course.body.data._id;
});
afterAll(() => accounts?.cleanup());

function call(method: string, path: string, token?: string, body?: unknown) {
  return accounts.call(method, path, { token, body });
}

async function upload(token: string, fileName: string, bytes: Buffer, fileType = CSV) {
  return storeFile(accounts, token, { fileName, fileType, bytes, formType: 'imports', fieldName: 'importFile' });
}

async function createImport(token: string, fileName: string, bytes: Buffer, formType = 'student', fileType = CSV) {
  const created = await call('POST', '/imports', token, { formType, fileKey: await upload(token, fileName, bytes, fileType) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data as ImportView;
}

/** Starts a run, does it as the host's runner would, and answers what it did. */
async function run(token: string, file: ImportView, dryRun: boolean, mapping = file.mapping) {
  const started = await call('POST', `/imports/${file._id}/runs`, token, { mapping, dryRun });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  await runQueuedJobs(accounts, clock);
  const seen = await call('GET', `/imports/${file._id}/runs/${started.body.data._id}`, token);
  expect(seen.status).toBe(200);
  return seen.body.data as ImportRunView;
}

async function students() {
  const [row] = await accounts.db.select({ n: count() }).from(records).where(eq(records.formType, 'student'));
  return row!.n;
}

const csv = (lines: string[]) => Buffer.from(lines.join('\r\n') + '\r\n');

/** Five rows: three good, one without its phone, one naming a course the institute has not. */
const mixed = () =>
  csv([
    'student name,Center Name,SELECTED COURSE,Student Email,Phone Number,Admission Date,Notes',
    'Ravi Kumar,North Campus,DCA,ravi@example.com,9810000001,01/04/2026,first',
    'Meena Iyer,north campus,Diploma in Computer Applications,meena@example.com,9810000002,2026-04-02,',
    'No Phone,North Campus,DCA,nophone@example.com,,,',
    'Wrong Course,North Campus,Rocket Science,wrong@example.com,9810000004,,',
    'Sita Devi,North Campus,DCA,sita@example.com,9810000005,,"says ""hi"", twice"',
  ]);

describe('an import of students', () => {
  let file: ImportView;

  it('reads the file: headings, rows, a sample and each heading’s field by label or name', async () => {
    file = await createImport(fx.tokens.admin, 'students.csv', mixed());
    expect(file.columns).toEqual([
      'student name',
      'Center Name',
      'SELECTED COURSE',
      'Student Email',
      'Phone Number',
      'Admission Date',
      'Notes',
    ]);
    expect(file.rowCount).toBe(5);
    expect(file.mapping).toEqual(['studentName', 'centerName', 'selectedCourse', 'studentEmail', 'phoneNumber', 'admissionDate', null]);
    expect(file.sample[4]).toEqual(['Sita Devi', 'North Campus', 'DCA', 'sita@example.com', '9810000005', '', 'says "hi", twice']);
    expect(file.fields.map((field) => field.name)).not.toContain('studentPhoto');
    expect(file.fields.find((field) => field.name === 'studentName')).toEqual({
      name: 'studentName',
      label: 'Student Name',
      required: true,
    });
  });

  it('checks every row in a dry run with the form’s own messages, and keeps nothing', async () => {
    const before = {
      students: await students(),
      events: await eventCount(accounts.db),
      balance: await storedBalance(accounts.db, fx.north),
    };
    const dry = await run(fx.tokens.admin, file, true);
    expect(dry).toMatchObject({
      state: 'done',
      dryRun: true,
      counts: { created: 3, skipped: 0, failed: 2 },
      progress: { done: 5, total: 5 },
    });
    expect(dry.failures.map((failure) => failure.row)).toEqual([4, 5]);
    expect(dry.failures[0]!.messages).toEqual(['Phone Number is required']);
    expect(dry.failures[1]!.messages).toEqual([fieldMessages.selection('Selected Course')]);
    expect({
      students: await students(),
      events: await eventCount(accounts.db),
      balance: await storedBalance(accounts.db, fx.north),
    }).toEqual(before);
  });

  it('imports exactly the good rows through the admission: numbers, the wallet’s charge, the course by its code or name', async () => {
    const before = { students: await students(), balance: await storedBalance(accounts.db, fx.north) };
    const done = await run(fx.tokens.admin, file, false);
    expect(done).toMatchObject({ state: 'done', dryRun: false, counts: { created: 3, skipped: 0, failed: 2 } });
    expect(await students()).toBe(before.students + 3);
    expect(await storedBalance(accounts.db, fx.north)).toBe(before.balance! - 3 * 5000);
    expect(await ledgerSum(accounts.db, fx.north)).toBe(await storedBalance(accounts.db, fx.north));
    const made = await accounts.db.select().from(records).where(eq(records.title, 'Ravi Kumar'));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ branchId: fx.north, courseId: fx.course, admissionDate: '2026-04-01' });
    expect(made[0]!.registrationNo).toMatch(/^WB\d+\/2026\/\d{4}$/);
    const rows = await accounts.db.select().from(importRows).where(eq(importRows.jobId, done._id));
    expect(rows.filter((row) => row.outcome === 'created').every((row) => row.recordId !== null)).toBe(true);
  });

  it('downloads the refused rows as the file had them, with their messages in an Error column', async () => {
    const done = (await call('GET', `/imports/${file._id}`, fx.tokens.admin)).body.data.runs[0] as ImportRunView;
    const answer = await call('GET', `/imports/${file._id}/runs/${done._id}/failed-rows`, fx.tokens.admin);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Content-Type')).toContain('text/csv');
    const rows = parse(String(answer.body), { bom: true }) as string[][];
    expect(rows[0]).toEqual([...file.columns, 'Error']);
    expect(rows.slice(1).map((row) => [row[0], row.at(-1)])).toEqual([
      ['No Phone', 'Phone Number is required'],
      ['Wrong Course', fieldMessages.selection('Selected Course')],
    ]);
  });

  it('makes nothing twice when the same file is imported again, and says why of each row', async () => {
    const before = await students();
    const again = await createImport(fx.tokens.admin, 'students-again.csv', mixed());
    const second = await run(fx.tokens.admin, again, false);
    expect(second.counts).toEqual({ created: 0, skipped: 3, failed: 2 });
    expect(await students()).toBe(before);
    const rows = await accounts.db.select().from(importRows).where(eq(importRows.jobId, second._id));
    expect(rows.find((row) => row.rowNumber === 2)?.messages).toEqual([importMessages.alreadyImported]);
  });

  it('skips a row twice in one file and a row whose registration number a student holds', async () => {
    const file2 = await createImport(
      fx.tokens.admin,
      'dupes.csv',
      csv([
        'Student Name,Center Name,Selected Course,Student Email,Phone Number,Registration Number',
        'Twin One,North Campus,DCA,twin@example.com,9810000011,REG-1',
        'Twin One,North Campus,DCA,twin@example.com,9810000011,REG-1',
        'Other Twin,North Campus,DCA,other@example.com,9810000012,reg-1',
      ]),
    );
    const done = await run(fx.tokens.admin, file2, false);
    expect(done.counts).toEqual({ created: 1, skipped: 2, failed: 0 });
    const rows = await accounts.db.select().from(importRows).where(eq(importRows.jobId, done._id));
    expect(rows.map((row) => [row.rowNumber, row.outcome, row.messages])).toEqual(
      expect.arrayContaining([
        [3, 'skipped', [importMessages.sameAs(2)]],
        [4, 'skipped', [importMessages.exists('student', 'reg-1')]],
      ]),
    );
  });

  it('fails the rows the branch’s wallet cannot pay for, each alone', async () => {
    const before = await students();
    const poor = await createImport(
      fx.tokens.poorAdmin,
      'poor.csv',
      csv([
        'Student Name,Selected Course,Student Email,Phone Number',
        'Broke One,DCA,b1@example.com,9810000021',
        'Broke Two,DCA,b2@example.com,9810000022',
      ]),
    );
    const done = await run(fx.tokens.poorAdmin, poor, false);
    expect(done.counts).toEqual({ created: 0, skipped: 0, failed: 2 });
    const broke = `${walletMessages.insufficient}: ₹50.00 needed, ₹0.00 available`;
    expect(done.failures.map((failure) => failure.messages)).toEqual([[broke], [broke]]);
    expect(await students()).toBe(before);
  });

  it('is a branch’s own: its staff import into their branch, never another, and never see another branch’s imports', async () => {
    const own = await createImport(
      fx.tokens.northAdmin,
      'north.csv',
      csv([
        'Student Name,Center Name,Selected Course,Student Email,Phone Number',
        'Own Branch,,DCA,own@example.com,9810000031',
        'Other Branch,South Campus,DCA,south@example.com,9810000032',
      ]),
    );
    const done = await run(fx.tokens.northAdmin, own, false);
    expect(done.counts).toMatchObject({ created: 1, failed: 1 });
    expect(done.failures[0]!.messages).toEqual([recordMessages.otherBranch]);
    const [made] = await accounts.db.select().from(records).where(eq(records.title, 'Own Branch'));
    expect(made!.branchId).toBe(fx.north);
    expect((await call('GET', `/imports/${own._id}`, fx.tokens.southAdmin)).status).toBe(404);
    expect((await call('GET', `/imports/${own._id}/runs/${done._id}`, fx.tokens.southAdmin)).status).toBe(404);
    expect((await call('POST', `/imports/${own._id}/runs`, fx.tokens.southAdmin, { mapping: own.mapping })).status).toBe(404);
  });
});

describe('the Jobs panel', () => {
  it('lists an import’s runs in words, with the import its screen is found by', async () => {
    const file = await createImport(fx.tokens.admin, 'panel.csv', mixed());
    const started = await call('POST', `/imports/${file._id}/runs`, fx.tokens.admin, { mapping: file.mapping, dryRun: true });
    expect(started.status).toBe(201);
    const listed = await call('GET', '/jobs?limit=100', fx.tokens.admin);
    expect(listed.body.data.jobs.find((job: { _id: string }) => job._id === started.body.data._id)).toMatchObject({
      kind: 'records-import',
      kindLabel: 'Import from a file, or its dry run',
      about: file._id,
    });
    await runQueuedJobs(accounts, clock);
  });
});

describe('files', () => {
  it('reads UTF-8 with a byte-order mark, Windows-1252, semicolons and an Excel workbook alike', async () => {
    const bom = await createImport(
      fx.tokens.admin,
      'bom.csv',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), csv(['Student Name;Phone Number', 'Zoë Ávila;9810000041'])]),
    );
    expect(bom.columns).toEqual(['Student Name', 'Phone Number']);
    expect(bom.sample[0]).toEqual(['Zoë Ávila', '9810000041']);
    const latin = await createImport(
      fx.tokens.admin,
      'latin.csv',
      Buffer.from('Student Name,Phone Number\r\nJos\xe9 D\xedaz,9810000042\r\n', 'latin1'),
    );
    expect(latin.sample[0]).toEqual(['José Díaz', '9810000042']);

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Students');
    sheet.addRow(['Student Name', 'Center Name', 'Selected Course', 'Student Email', 'Phone Number', 'Date of Birth', 'Active']);
    sheet.addRow(['Excel Student', 'North Campus', 'DCA', 'excel@example.com', 9810000043, new Date(Date.UTC(2008, 4, 17)), 'Yes']);
    sheet.addRow([]);
    sheet.addRow([
      'Formula Student',
      'North Campus',
      'DCA',
      { formula: 'LOWER("F@EXAMPLE.COM")', result: 'f@example.com' },
      9810000044,
      null,
      'No',
    ]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const excel = await createImport(fx.tokens.admin, 'students.xlsx', bytes, 'student', XLSX);
    expect(excel.rowCount).toBe(2);
    const done = await run(fx.tokens.admin, excel, false);
    expect(done.counts, JSON.stringify(done.failures)).toEqual({ created: 2, skipped: 0, failed: 0 });
    const [made] = await accounts.db.select().from(records).where(eq(records.title, 'Excel Student'));
    expect(made!.fields).toMatchObject({ phoneNumber: '9810000043', dateOfBirth: '2008-05-17', isActive: true });
    const [formula] = await accounts.db.select().from(records).where(eq(records.title, 'Formula Student'));
    expect(formula!.fields).toMatchObject({ studentEmail: 'f@example.com' });
    // A failed rows' file of a run that refused none is its headings alone.
    const empty = await call('GET', `/imports/${excel._id}/runs/${done._id}/failed-rows`, fx.tokens.admin);
    expect((parse(String(empty.body), { bom: true }) as string[][]).length).toBe(1);
  });

  it('takes a cell our own export guarded against formulas back as it was, and a formula in a CSV as text', async () => {
    const file = await createImport(
      fx.tokens.admin,
      'guarded.csv',
      csv(['Student Name,Phone Number', "'=Hyper Link,9810000051", '=1+2,9810000052']),
    );
    expect(file.sample.map((row) => row[0])).toEqual(['=Hyper Link', '=1+2']);
  });

  it('refuses what it cannot read with a clear message and keeps nothing', async () => {
    const before = await accounts.db.select({ n: count() }).from(recordImportKeys);
    const refusals: [string, Buffer, string][] = [
      ['empty.csv', Buffer.from('\r\n,,\r\n'), importMessages.noHeadings],
      ['headings.csv', csv(['Student Name,Phone Number']), importMessages.noRows],
      ['broken.csv', csv(['Student Name,Phone Number', '"Unclosed,9810000061']), importMessages.unreadable],
    ];
    for (const [name, bytes, message] of refusals) {
      const answer = await call('POST', '/imports', fx.tokens.admin, {
        formType: 'student',
        fileKey: await upload(fx.tokens.admin, name, bytes),
      });
      expect([answer.status, answer.body.message], name).toEqual([400, message]);
    }
    // An image stored under another field's rule is no spreadsheet, whatever folder it went to.
    const image = await storeFile(accounts, fx.tokens.admin, {
      fileName: 'photo.png',
      fileType: 'image/png',
      bytes: tinyPng,
      formType: 'imports',
      fieldName: 'studentPhoto',
    });
    const answer = await call('POST', '/imports', fx.tokens.admin, { formType: 'student', fileKey: image });
    expect([answer.status, answer.body.message]).toEqual([400, importMessages.unreadable]);
    expect(await accounts.db.select({ n: count() }).from(recordImportKeys)).toEqual(before);
  });

  it('refuses a file in UTF-16 when it is stored, and would refuse it when read', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Student Name\r\nA\r\n', 'utf16le')]);
    const file = { fileName: 'utf16.csv', fileType: CSV, fileSize: utf16.length, formType: 'imports', fieldName: 'importFile' };
    const address = await call('POST', '/s3-upload/presigned-url', fx.tokens.admin, file);
    const { presignedUrl, headers, key } = address.body.data as { presignedUrl: string; headers: Record<string, string>; key: string };
    expect((await accounts.api.request(presignedUrl, { method: 'PUT', body: new Uint8Array(utf16), headers })).status).toBe(200);
    const confirmed = await call('POST', '/s3-upload/confirm-upload', fx.tokens.admin, { ...file, key, originalFileName: file.fileName });
    expect([confirmed.status, confirmed.body.message]).toEqual([400, uploadMessages.contentMismatch]);
    expect(() => decodeText(utf16)).toThrow(importMessages.otherEncoding);
  });

  it('refuses a file that is not CSV or Excel, and one over 20 MB, before it is stored', async () => {
    const pdf = await call('POST', '/s3-upload/presigned-url', fx.tokens.admin, {
      fileName: 'students.pdf',
      fileType: 'application/pdf',
      fileSize: 1000,
      formType: 'imports',
      fieldName: 'importFile',
    });
    expect([pdf.status, pdf.body.message]).toEqual([400, 'File type not supported. Accepted: CSV, XLSX']);
    const large = await call('POST', '/s3-upload/presigned-url', fx.tokens.admin, {
      fileName: 'students.csv',
      fileType: 'text/csv',
      fileSize: 21 * 1024 * 1024,
      formType: 'imports',
      fieldName: 'importFile',
    });
    expect([large.status, large.body.message]).toEqual([400, 'File size must be less than 20MB']);
    expect(uploadMessages.tooLarge({ maxBytes: 20 * 1024 * 1024, accepts: [] })).toBe('File size must be less than 20MB');
  });
});

describe('mapping', () => {
  it('refuses a run without a column for a required field, or with one field for two columns, and keeps the mapping run with', async () => {
    const file = await createImport(
      fx.tokens.admin,
      'map.csv',
      csv(['Name,Mobile,Email,Branch,Programme', 'Asha,98100000,asha@example.com,North Campus,DCA']),
    );
    expect(file.mapping).toEqual([null, null, null, null, null]);
    const unmapped = await call('POST', `/imports/${file._id}/runs`, fx.tokens.admin, { mapping: file.mapping, dryRun: true });
    expect([unmapped.status, unmapped.body.message]).toEqual([400, importMessages.required('Center Name')]);
    const twice = await call('POST', `/imports/${file._id}/runs`, fx.tokens.admin, {
      mapping: ['studentName', 'phoneNumber', 'phoneNumber', 'centerName', 'selectedCourse'],
      dryRun: true,
    });
    expect(twice.body.errors.mapping).toContain(importMessages.twice('Phone Number'));
    const chosen = ['studentName', 'phoneNumber', 'studentEmail', 'centerName', 'selectedCourse'];
    const checked = await run(fx.tokens.admin, file, true, chosen);
    expect(checked.failures).toEqual([{ row: 2, messages: [fieldMessages.tel('Phone Number')] }]);
    expect((await call('GET', `/imports/${file._id}`, fx.tokens.admin)).body.data.mapping).toEqual(chosen);
  });

  it('asks a branch’s own staff for no center: the form puts their branch there', async () => {
    const file = await createImport(fx.tokens.northAdmin, 'own.csv', csv(['Student Name,Phone Number', 'Asha,9810000091']));
    expect(file.fields.find((field) => field.name === 'centerName')?.required).toBe(false);
    expect(
      (await createImport(fx.tokens.admin, 'any.csv', csv(['Student Name', 'A']))).fields.find((field) => field.name === 'centerName')
        ?.required,
    ).toBe(true);
  });
});

describe('courses and branches', () => {
  it('import through their own forms, a course’s category by its name, a branch by its code once', async () => {
    const courses = await createImport(
      fx.tokens.admin,
      'courses.csv',
      csv(['Course Name,Course Code,Category,Fees', 'Tally with GST,TGST,computer applications,9000', 'Bad Category,BC,Cooking,100']),
      'course',
    );
    const done = await run(fx.tokens.admin, courses, false);
    expect(done.counts).toEqual({ created: 1, skipped: 0, failed: 1 });
    expect(done.failures[0]!.messages).toEqual([fieldMessages.selection('Category')]);
    const branches = await createImport(
      fx.tokens.admin,
      'branches.csv',
      csv(['Branch Name,Branch Code,Course Name,Phone Number', 'East Campus,EC,All,9810000081', 'East Again,ec,All,9810000082']),
      'branch',
    );
    const made = await run(fx.tokens.admin, branches, false);
    expect(made.counts).toEqual({ created: 1, skipped: 1, failed: 0 });
  });
});

describe('the template and who may import', () => {
  it('gives an empty file with the form’s importable fields as headings', async () => {
    const answer = await call('GET', '/imports/templates/student?format=csv', fx.tokens.admin);
    expect(answer.status).toBe(200);
    const [headings] = parse(String(answer.body), { bom: true }) as string[][];
    expect(headings!.slice(0, 3)).toEqual(['Center Name', 'Student Name', 'Selected Course']);
    expect(headings).not.toContain('Student Photo');
    const xlsx = await call('GET', '/imports/templates/course?format=xlsx', fx.tokens.admin);
    const workbook = await new ExcelJS.Workbook().xlsx.load(new Uint8Array(xlsx.bytes).buffer);
    expect(workbook.worksheets[0]!.getRow(1).getCell(1).value).toBe('Course Name');
  });

  it('needs the permission to add records of the form', async () => {
    const key = await upload(fx.tokens.admin, 'any.csv', csv(['Student Name', 'A']));
    expect((await call('POST', '/imports', fx.tokens.courseAdder, { formType: 'student', fileKey: key })).status).toBe(403);
    expect((await call('POST', '/imports', fx.tokens.nobody, { formType: 'student', fileKey: key })).status).toBe(403);
    expect((await call('POST', '/imports', undefined, { formType: 'student', fileKey: key })).status).toBe(401);
    expect((await call('GET', '/imports/templates/student', fx.tokens.courseAdder)).status).toBe(403);
    // Another branch's file is as good as none.
    expect((await call('POST', '/imports', fx.tokens.northAdmin, { formType: 'student', fileKey: key })).status).toBe(404);
  });
});

describe('the read tables', () => {
  it('are what a rebuild makes of the log: the imported rows’ keys with their records', async () => {
    const before = await projectionSnapshot(accounts.db);
    expect(before.record_import_keys?.length).toBeGreaterThan(5);
    await rebuildProjections(accounts.db);
    expect(await projectionSnapshot(accounts.db)).toEqual(before);
  });
});
