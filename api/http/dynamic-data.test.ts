import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { staticCourseOptions } from '../../common/forms/course-options';
import { defaultFormConfigs } from '../../common/forms/defaults';
import { fieldsDataToValues } from '../../common/forms/fields';
import { buildRecordSchema } from '../../common/forms/schema-builder';
import type { FieldData, FormFieldConfig } from '../../common/forms/types';
import { addBranch, addUser, asSystem, createAccountsApi, syncCatalogue, tokenFor, type AccountsApi } from '../../tests/api/accounts';
import { createTestDatabase, testClock } from '../../tests/support/test-database';
import { MB, uploadMessages } from '../../common/uploads/rules';
import { idempotencyKeys, records, uploads } from '../db/schema';
import { seedDemoInstitute } from '../db/seed';
import { createCourseCategory } from '../domain/course-categories/commands';
import { ensureDefaultFormConfigs } from '../domain/form-configs';
import { allPermissionNames } from '../domain/permissions/catalogue';
import { postedFileMessages } from '../domain/posted-files';
import { recordFileMessages } from '../domain/record-files';
import { LocalObjectStorage } from '../storage/local-storage';
import type { PutObjectInput } from '../storage/object-storage';
import { messages } from './authenticate';

const clock = testClock('2026-03-02T10:00:00.000Z');
let accounts: AccountsApi;

/** The built-in store, made to fail the n-th write from now when a test asks it to. */
class FlakyStorage extends LocalObjectStorage {
  failingPut: number | null = null;
  override async put(input: PutObjectInput) {
    if (this.failingPut !== null && --this.failingPut === 0) {
      this.failingPut = null;
      throw new Error('disk full');
    }
    return super.put(input);
  }
}
let storage: FlakyStorage;

const fx = {} as {
  north: string;
  south: string;
  category: string;
  course: string;
  otherCourse: string;
  tokens: {
    superadmin: string;
    admin: string;
    northAdmin: string;
    southAdmin: string;
    northStaff: string;
    viewer: string;
    nobody: string;
  };
};

const branchStaff = ['STUDENT_ADD', 'STUDENT_VIEW_BRANCH', 'STUDENT_EDIT', 'STUDENT_DELETE', 'COURSE_LIST', 'EXAM_CREATE'];

beforeAll(async () => {
  storage = new FlakyStorage({ root: await mkdtemp(path.join(os.tmpdir(), 'dynamic-data-files-')), secret: randomBytes(32), clock });
  accounts = await createAccountsApi(clock, storage);
  const { db, auth } = accounts;
  await syncCatalogue(db);
  await asSystem(db, ensureDefaultFormConfigs);
  fx.north = await addBranch(db, 'North Campus', 'NC01');
  fx.south = await addBranch(db, 'South Campus', 'SC01');
  fx.category = await asSystem(db, (ctx) => createCourseCategory(ctx, 'Computer Applications'));
  const token = async (account: Parameters<typeof addUser>[1]) => tokenFor(db, auth, await addUser(db, account), clock.now());
  fx.tokens = {
    superadmin: await token({ role: 'superadmin', name: 'Super Admin' }),
    admin: await token({ role: 'admin', name: 'Institute Admin', permissions: allPermissionNames }),
    northAdmin: await token({ role: 'branch_admin', name: 'North Admin', branchId: fx.north, permissions: branchStaff }),
    southAdmin: await token({ role: 'branch_admin', name: 'South Admin', branchId: fx.south, permissions: branchStaff }),
    northStaff: await token({ role: 'branch_user', branchId: fx.north, permissions: ['STUDENT_VIEW_BRANCH'] }),
    viewer: await token({ role: 'admin', permissions: ['STUDENT_VIEW_ALL'] }),
    nobody: await token({ role: 'admin' }),
  };
  const course = await post(fx.tokens.admin, 'course', {
    courseName: 'Diploma in Computer Applications',
    courseCode: 'DCA',
    description: 'Fundamentals, Office, Internet',
    duration: '12',
    fees: 18000,
    category: fx.category,
    isActive: true,
  });
  expect(course.status, JSON.stringify(course.body)).toBe(201);
  fx.course = course.body.data._id;
  const other = await post(fx.tokens.admin, 'course', { courseName: 'Tally with GST', category: fx.category });
  fx.otherCourse = other.body.data._id;
});
afterAll(async () => {
  await accounts?.cleanup();
  if (storage) await rm(storage.root, { recursive: true, force: true });
});

const asFieldsData = (values: Record<string, unknown>): FieldData[] => Object.entries(values).map(([name, value]) => ({ name, value }));

function post(token: string, formType: string | undefined, values: Record<string, unknown>, headers = {}) {
  return accounts.call('POST', '/dynamic-data', { token, headers, body: { formType, fieldsData: asFieldsData(values) } });
}

function put(token: string, id: string, values: Record<string, unknown>, headers: Record<string, string> = {}) {
  return accounts.call('PUT', `/dynamic-data/${id}`, { token, headers, body: { fieldsData: asFieldsData(values) } });
}

let serial = 0;
function student(extra: Record<string, unknown> = {}) {
  serial++;
  return {
    centerName: fx.north,
    studentName: `Student ${serial}`,
    selectedCourse: fx.course,
    studentEmail: `student${serial}@example.com`,
    phoneNumber: '9810000001',
    ...extra,
  };
}

/** Sends a browser form: multipart/form-data, every value as text. */
function postForm(token: string, form: FormData, path = '/dynamic-data', method = 'POST') {
  return accounts.api.request(`/api/v1${path}`, { method, body: form, headers: { Authorization: `Bearer ${token}` } });
}

function formOf(values: Record<string, string | Blob>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  return form;
}

describe('POST /dynamic-data: students', () => {
  it('admits a student to the branch chosen as its center, with generated numbers', async () => {
    const response = await post(
      fx.tokens.admin,
      'student',
      student({ fatherName: '', state: 'Kerala', isActive: 'on', admissionDate: '2026-03-01' }),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.message).toBe('Student Registered Successfully!');
    const { data } = response.body;
    expect(data.generatedNumbers).toEqual({ registrationNo: 'NC01/2026/0001', rollNo: 'NC01260001' });
    expect(data).toMatchObject({
      formType: 'student',
      branchId: fx.north,
      branchName: 'North Campus',
      courseId: fx.course,
      courseName: 'Diploma in Computer Applications',
      registrationNo: 'NC01/2026/0001',
      rollNo: 'NC01260001',
      isActive: true,
      isRegistered: false,
      completedCourse: false,
      admissionDate: '2026-03-01',
      version: 1,
      createdAt: '2026-03-02T10:00:00.000Z',
    });
    const values = fieldsDataToValues(data.fieldsData);
    expect(values).toMatchObject({ state: 'Kerala', isActive: true, isRegistered: false, admissionDate: '2026-03-01' });
    expect(values).not.toHaveProperty('fatherName');
    expect(response.headers.get('ETag')).toBe('"1"');
  });

  it('puts a branch admin’s student in their own branch, center or not', async () => {
    const { centerName: _, ...withoutCenter } = student();
    const response = await post(fx.tokens.southAdmin, 'student', withoutCenter);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.data.branchId).toBe(fx.south);
    expect(response.body.data.generatedNumbers.registrationNo).toMatch(/^SC01\/2026\/\d{4}$/);
    expect(fieldsDataToValues(response.body.data.fieldsData).centerName).toBe(fx.south);
  });

  it('refuses a branch admin’s student for another branch', async () => {
    const response = await post(fx.tokens.northAdmin, 'student', student({ centerName: fx.south }));
    expect(response.status).toBe(403);
  });

  it('refuses a center or course that does not exist', async () => {
    const response = await post(fx.tokens.admin, 'student', student({ centerName: fx.course, selectedCourse: fx.north }));
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({
      centerName: ['Center Name selection is invalid'],
      selectedCourse: ['Selected Course selection is invalid'],
    });
  });

  it('offers a branch the institute’s courses and its own, never another branch’s', async () => {
    const southCourseAdmin = await tokenFor(
      accounts.db,
      accounts.auth,
      await addUser(accounts.db, { role: 'branch_admin', branchId: fx.south, permissions: [...branchStaff, 'COURSE_ADD'] }),
      clock.now(),
    );
    const southCourse = await post(southCourseAdmin, 'course', { courseName: 'South Only Tally', category: fx.category });
    expect(southCourse.status, JSON.stringify(southCourse.body)).toBe(201);
    expect(southCourse.body.data.branchId).toBe(fx.south);

    const north = await post(fx.tokens.northAdmin, 'student', student({ selectedCourse: southCourse.body.data._id }));
    expect(north.status).toBe(400);
    expect(north.body.errors).toEqual({ selectedCourse: ['Selected Course selection is invalid'] });
    expect(
      (await post(fx.tokens.southAdmin, 'student', student({ centerName: fx.south, selectedCourse: southCourse.body.data._id }))).status,
    ).toBe(201);
    expect((await post(fx.tokens.northAdmin, 'student', student({ selectedCourse: fx.course }))).status).toBe(201);
    expect((await post(fx.tokens.admin, 'student', student({ selectedCourse: southCourse.body.data._id }))).status).toBe(201);
    // The course lists further down count the institute's courses.
    expect((await accounts.call('DELETE', `/dynamic-data/${southCourse.body.data._id}`, { token: fx.tokens.admin })).status).toBe(200);
  });

  it('answers every invalid field with the product’s message', async () => {
    const response = await post(fx.tokens.admin, 'student', {
      centerName: fx.north,
      studentName: '',
      studentEmail: 'not-an-email',
      phoneNumber: '12345',
      state: 'Atlantis',
      maritalStatus: 'Engaged',
      dateOfBirth: '2001-02-30',
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      success: false,
      message: 'Please fill all required fields correctly',
      errors: {
        studentName: ['Student Name is required'],
        selectedCourse: ['Selected Course is required'],
        studentEmail: ['Student Email must be a valid email'],
        phoneNumber: ['Phone Number must be a valid 10-digit number'],
        state: ['State selection is invalid'],
        maritalStatus: ['Marital Status selection is invalid'],
        dateOfBirth: ['Date of Birth must be a valid date'],
      },
    });
  });

  it('answers 400 without a form type and 404 for a form type with no configuration', async () => {
    const none = await post(fx.tokens.admin, undefined, student());
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Form type not specified.');
    const unknown = await post(fx.tokens.superadmin, 'no-such-form', {});
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Form configuration not found. Please contact super admin to set up this form.');
  });

  it('checks the permission of the form type: 403 with the standard message', async () => {
    const response = await post(fx.tokens.viewer, 'student', student());
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(messages.forbidden);
    expect((await post(fx.tokens.northAdmin, 'branch', { branchCode: 'X1', courseName: 'DCA', phoneNumber: '9810000001' })).status).toBe(
      403,
    );
    expect((await post(fx.tokens.nobody, 'course', { courseName: 'X', category: fx.category })).status).toBe(403);
  });

  it('validates with the configuration as the super admin last saved it', async () => {
    // Saved through the API, as the super admin saves it: the process that saves a configuration
    // validates with it from its next request on (another process, once PostgreSQL announces it).
    const save = async (fields: FormFieldConfig[]) => {
      const saved = await accounts.call('PUT', '/dynamic-forms/student', { token: fx.tokens.superadmin, body: { fields } });
      expect(saved.status).toBe(200);
    };
    await save(
      defaultFormConfigs.student.fields.map((f: FormFieldConfig) =>
        f.name === 'city' ? { ...f, required: true } : f.name === 'phoneNumber' ? { ...f, isActive: false } : f,
      ),
    );
    try {
      const response = await post(fx.tokens.admin, 'student', student({ phoneNumber: 'ignored: inactive' }));
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({ city: ['City is required'] });
    } finally {
      await save(defaultFormConfigs.student.fields);
    }
  });
});

describe('POST /dynamic-data: retries and custom forms', () => {
  it('replays a retried admission with the same Idempotency-Key: one student, the same numbers', async () => {
    const values = student({ studentName: 'Retried Student' });
    const first = await post(fx.tokens.admin, 'student', values, { 'Idempotency-Key': 'admit-retried-student' });
    const retry = await post(fx.tokens.admin, 'student', values, { 'Idempotency-Key': 'admit-retried-student' });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true');
    expect(retry.body.data.generatedNumbers).toEqual(first.body.data.generatedNumbers);
    const found = await accounts.call('GET', '/dynamic-data?formType=student&search=retried%20student', { token: fx.tokens.admin });
    expect(found.body.data.total).toBe(1);
  });

  it('keeps records of a custom form for the super admin and those who edit the settings', async () => {
    const configured = await accounts.call('POST', '/dynamic-forms', {
      token: fx.tokens.superadmin,
      body: {
        formType: 'alumni-survey',
        label: 'Alumni Survey',
        fields: [
          { name: 'name', label: 'Name', type: 'text', required: true },
          { name: 'graduationYear', label: 'Graduation Year', type: 'number' },
          { name: 'contact', label: 'Contact', type: 'tel' },
        ],
      },
    });
    expect(configured.status).toBe(201);
    const settingsEditor = await tokenFor(
      accounts.db,
      accounts.auth,
      await addUser(accounts.db, { role: 'admin', permissions: ['SETTINGS_EDIT'] }),
      clock.now(),
    );
    const created = await post(settingsEditor, 'alumni-survey', { name: 'Ravi', graduationYear: '2019', contact: '9810000009' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.message).toBe('Alumni Survey created successfully');
    expect(fieldsDataToValues(created.body.data.fieldsData)).toEqual({ name: 'Ravi', graduationYear: 2019, contact: '9810000009' });
    expect((await post(fx.tokens.superadmin, 'alumni-survey', { name: 'Sita' })).status).toBe(201);
    const invalid = await post(fx.tokens.superadmin, 'alumni-survey', { contact: '12' });
    expect(invalid.body.errors).toEqual({ name: ['Name is required'], contact: ['Contact must be a valid 10-digit number'] });
    expect((await post(fx.tokens.northAdmin, 'alumni-survey', { name: 'Nope' })).status).toBe(403);
    const listed = await accounts.call('GET', '/dynamic-data?formType=alumni-survey&sort=title&order=asc', { token: settingsEditor });
    expect(listed.body.data.records.map((r: { title: string }) => r.title)).toEqual(['Ravi', 'Sita']);
  });
});

describe('POST /dynamic-data as a browser form (multipart/form-data)', () => {
  it('reads every field by name, lists as JSON text', async () => {
    const response = await postForm(
      fx.tokens.admin,
      formOf({
        formType: 'examResult',
        examId: 'EX-1',
        examName: 'Finals',
        examType: 'Final Examination',
        selectedCourse: fx.course,
        examSubjectsTable: JSON.stringify([{ subjectName: 'Fundamentals', passingMarks: '33' }]),
        enableSubjectPaperUpload: 'on',
      }),
    );
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(201);
    expect(body.message).toBe('Exam created successfully!');
    expect(fieldsDataToValues(body.data.fieldsData)).toEqual({
      examId: 'EX-1',
      examName: 'Finals',
      examType: 'Final Examination',
      selectedCourse: fx.course,
      examSubjectsTable: [{ subjectName: 'Fundamentals', passingMarks: '33' }],
      enableSubjectPaperUpload: true,
    });
    expect(body.data).toMatchObject({ title: 'Finals', code: 'EX-1', courseName: 'Diploma in Computer Applications', branchId: null });
  });

  it('answers the same messages as JSON, per field', async () => {
    const response = await postForm(fx.tokens.admin, formOf({ formType: 'course', courseName: 'X', category: fx.category, fees: 'a lot' }));
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual({ fees: ['Fees must be a number'] });
  });

  it('ignores the empty part of a file input left empty', async () => {
    const form = formOf({ formType: 'student', ...student() });
    form.append('studentPhoto', new Blob([]), '');
    const response = await postForm(fx.tokens.admin, form);
    expect(response.status).toBe(201);
  });
});

const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d6e0d30000000049454e44ae426082',
  'hex',
);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer<<>>\n%%EOF\n');
/** A real PNG padded past a megabyte: fine by default (5 MB), too large for a photo (1 MB). */
const bigPng = Buffer.concat([png, Buffer.alloc(2 * MB)]);

const fileOf = (bytes: Buffer, type: string) => new Blob([new Uint8Array(bytes)], { type });

/** Address, PUT and confirm, as the browser does them; the field name is the client's to give or not. */
async function upload(
  token: string,
  { bytes = png, type = 'image/png', name = 'photo.png', formType = 'student', fieldName = undefined as string | undefined } = {},
) {
  const address = await accounts.call('POST', '/s3-upload/presigned-url', {
    token,
    body: { fileName: name, fileType: type, fileSize: bytes.length, formType, fieldName },
  });
  expect(address.status, JSON.stringify(address.body)).toBe(200);
  const { presignedUrl, key, headers } = address.body.data;
  expect((await accounts.api.request(presignedUrl, { method: 'PUT', body: new Uint8Array(bytes), headers })).status).toBe(200);
  const confirmed = await accounts.call('POST', '/s3-upload/confirm-upload', {
    token,
    body: { key, originalFileName: name, fileSize: bytes.length, formType, fieldName },
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
  return key as string;
}

/** The keys of every object in the store. */
async function storedKeys(): Promise<string[]> {
  const entries = await readdir(storage.root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(storage.root, path.join(entry.parentPath, entry.name)))
    .filter((key) => !key.startsWith('.'));
}

async function uploadCount(): Promise<number> {
  return (await accounts.db.select({ key: uploads.key }).from(uploads)).length;
}

/** The file a key names, read back through a download address. */
async function download(key: string): Promise<Buffer> {
  const link = await accounts.call('GET', `/s3-upload/download-url?key=${encodeURIComponent(key)}`, { token: fx.tokens.admin });
  expect(link.status, JSON.stringify(link.body)).toBe(200);
  const file = await accounts.api.request(link.body.data.url);
  expect(file.status).toBe(200);
  return Buffer.from(await file.arrayBuffer());
}

const keyPattern = (formType: string, name: string) => new RegExp(`^${formType}/2026/03/[0-9a-f-]{36}-${name.replace('.', '\\.')}$`);

describe('file values of a record', () => {
  it('accepts a confirmed upload that fits the field', async () => {
    const key = await upload(fx.tokens.admin, { fieldName: 'studentPhoto' });
    const response = await post(fx.tokens.admin, 'student', student({ studentPhoto: key }));
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(fieldsDataToValues(response.body.data.fieldsData).studentPhoto).toBe(key);
  });

  it('holds an upload to the rule of the field it is put in, whatever field it was asked for', async () => {
    const big = await upload(fx.tokens.admin, { bytes: bigPng });
    const paper = await upload(fx.tokens.admin, { bytes: pdf, type: 'application/pdf', name: 'paper.pdf' });
    const response = await post(fx.tokens.admin, 'student', student({ studentPhoto: big, signature: paper, documents: [big, paper] }));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      success: false,
      message: 'Please fill all required fields correctly',
      errors: {
        studentPhoto: ['File size must be less than 1MB'],
        signature: ['File type not supported. Accepted: JPG, PNG, SVG, GIF'],
        documents: ['File size must be less than 1MB', 'File type not supported. Accepted: JPG, PNG, SVG, GIF'],
      },
    });
  });

  it('refuses a key that is no confirmed upload, or one of another form or branch', async () => {
    const unconfirmed = (
      await accounts.call('POST', '/s3-upload/presigned-url', {
        token: fx.tokens.admin,
        body: { fileName: 'a.png', fileType: 'image/png', fileSize: png.length, formType: 'student' },
      })
    ).body.data.key;
    const ofCourse = await upload(fx.tokens.northAdmin, { formType: 'course' });
    const ofSouth = await upload(fx.tokens.southAdmin);
    const cases = { studentPhoto: unconfirmed, documents: ofCourse, signature: ofSouth };
    const response = await post(fx.tokens.northAdmin, 'student', student(cases));
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({
      studentPhoto: [recordFileMessages.notUploaded],
      documents: [recordFileMessages.notUploaded],
      signature: [recordFileMessages.notUploaded],
    });
    const typed = await post(
      fx.tokens.admin,
      'student',
      student({ studentPhoto: 'student/2026/03/../../x.png', signature: { key: ofSouth } }),
    );
    expect(typed.body.errors).toEqual({ studentPhoto: [recordFileMessages.notUploaded], signature: [recordFileMessages.notAKey] });
  });

  it('holds a subject row’s paper to the paper rule', async () => {
    const paper = await upload(fx.tokens.admin, { bytes: pdf, type: 'application/pdf', name: 'paper.pdf', formType: 'examResult' });
    const photo = await upload(fx.tokens.admin, { formType: 'examResult' });
    const exam = (rows: object[]) => ({ examId: 'EX-ROW', examName: 'Rows', selectedCourse: fx.course, examSubjectsTable: rows });
    const refused = await post(
      fx.tokens.admin,
      'examResult',
      exam([
        { subjectName: 'A', examPaper: paper },
        { subjectName: 'B', subjectPaper: photo },
      ]),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ 'examSubjectsTable[1].subjectPaper': ['File type not supported. Accepted: PDF, DOC, DOCX'] });
    const accepted = await post(fx.tokens.admin, 'examResult', exam([{ subjectName: 'A', examPaper: paper }]));
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
  });

  it('keeps a file the record already holds, even one the editor could not choose', async () => {
    const photo = await upload(fx.tokens.northAdmin, { fieldName: 'studentPhoto' });
    const created = await post(fx.tokens.northAdmin, 'student', student({ studentPhoto: photo, studentName: 'Moving Student' }));
    expect(created.status).toBe(201);
    const id = created.body.data._id;
    expect(
      (await put(fx.tokens.admin, id, student({ centerName: fx.south, studentName: 'Moving Student', studentPhoto: photo }))).status,
    ).toBe(200);
    const kept = await put(fx.tokens.southAdmin, id, student({ centerName: fx.south, studentName: 'Moved Student', studentPhoto: photo }));
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    const other = await upload(fx.tokens.northAdmin, { fieldName: 'studentPhoto' });
    const replaced = await put(
      fx.tokens.southAdmin,
      id,
      student({ centerName: fx.south, studentName: 'Moved Student', studentPhoto: other }),
    );
    expect(replaced.status).toBe(400);
    expect(replaced.body.errors).toEqual({ studentPhoto: [recordFileMessages.notUploaded] });
  });
});

describe('a file belongs to one record', () => {
  it('refuses a file another record holds, in a new record or a changed one, in any file field', async () => {
    const photo = await upload(fx.tokens.admin, { fieldName: 'studentPhoto' });
    const first = await post(fx.tokens.admin, 'student', student({ studentPhoto: photo }));
    expect(first.status, JSON.stringify(first.body)).toBe(201);

    const copied = await post(fx.tokens.admin, 'student', student({ studentPhoto: photo }));
    expect(copied.status).toBe(400);
    expect(copied.body).toEqual({
      success: false,
      message: 'Please fill all required fields correctly',
      errors: { studentPhoto: [recordFileMessages.inUse] },
    });
    expect(recordFileMessages.inUse).toBe('This file is already attached to another record. Please upload it again for this one.');

    const second = await post(fx.tokens.admin, 'student', student());
    expect(second.status).toBe(201);
    const changed = await put(fx.tokens.admin, second.body.data._id, student({ documents: [photo], signature: photo }));
    expect(changed.status).toBe(400);
    expect(changed.body.errors).toEqual({ documents: [recordFileMessages.inUse], signature: [recordFileMessages.inUse] });

    // The record that holds it keeps it, in the same field or another.
    const kept = await put(fx.tokens.admin, first.body.data._id, student({ studentPhoto: photo, signature: photo }));
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
  });

  it('frees a file its record lets go of, or that went with a deleted record', async () => {
    const photo = await upload(fx.tokens.admin, { fieldName: 'studentPhoto' });
    const holder = await post(fx.tokens.admin, 'student', student({ studentPhoto: photo }));
    const other = await post(fx.tokens.admin, 'student', student());
    const take = () => put(fx.tokens.admin, other.body.data._id, student({ studentPhoto: photo }));
    expect((await take()).status).toBe(400);

    const replacement = await upload(fx.tokens.admin, { fieldName: 'studentPhoto' });
    expect((await put(fx.tokens.admin, holder.body.data._id, student({ studentPhoto: replacement }))).status).toBe(200);
    const taken = await take();
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);

    expect((await post(fx.tokens.admin, 'student', student({ studentPhoto: photo }))).body.errors).toEqual({
      studentPhoto: [recordFileMessages.inUse],
    });
    expect((await accounts.call('DELETE', `/dynamic-data/${other.body.data._id}`, { token: fx.tokens.admin })).status).toBe(200);
    expect((await post(fx.tokens.admin, 'student', student({ studentPhoto: photo }))).status).toBe(201);
  });

  it('gives a file claimed by two records at once to one of them', async () => {
    const paper = await upload(fx.tokens.admin, { bytes: pdf, type: 'application/pdf', name: 'paper.pdf', formType: 'examResult' });
    const exam = (examId: string) => ({
      examId,
      examName: 'Same paper',
      selectedCourse: fx.course,
      examSubjectsTable: [{ subjectName: 'A', examPaper: paper }],
    });
    const answers = await Promise.all([
      post(fx.tokens.admin, 'examResult', exam('EX-RACE-1')),
      post(fx.tokens.admin, 'examResult', exam('EX-RACE-2')),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
    expect(answers.find((answer) => answer.status === 400)!.body.errors).toEqual({
      'examSubjectsTable[0].examPaper': [recordFileMessages.inUse],
    });
  });
});

describe('POST and PUT /dynamic-data with file parts', () => {
  it('stores a file part through the store and puts its key in the record', async () => {
    const before = await storedKeys();
    const form = formOf({ formType: 'student', ...student({ studentName: 'Photo Part' }) });
    form.append('studentPhoto', fileOf(png, 'image/png'), 'photo.png');
    const response = await postForm(fx.tokens.northAdmin, form);
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(201);
    const key = fieldsDataToValues(body.data.fieldsData).studentPhoto as string;
    expect(key).toMatch(keyPattern('student', 'photo.png'));
    expect((await storedKeys()).filter((k) => !before.includes(k))).toEqual([key]);
    expect(await download(key)).toEqual(png);
    const [row] = await accounts.db.select().from(uploads).where(eq(uploads.key, key));
    expect(row).toMatchObject({
      originalFileName: 'photo.png',
      contentType: 'image/png',
      size: png.length,
      formType: 'student',
      branchId: fx.north,
    });
  });

  it('puts a subject row’s file posted as field_index_subfield in that row, and a list of parts as a list', async () => {
    const form = formOf({
      formType: 'examResult',
      examId: 'EX-PARTS',
      examName: 'Parts',
      selectedCourse: fx.course,
      examSubjectsTable: JSON.stringify([{ subjectName: 'Office' }, { subjectName: 'Internet' }]),
    });
    form.append('examSubjectsTable_1_examPaper', fileOf(pdf, 'application/pdf'), 'internet.pdf');
    form.append('examSubjectsTable_1_subjectPaper', fileOf(pdf, ''), 'internet-notes.pdf');
    form.append('examPaper', fileOf(pdf, 'application/pdf'), 'finals.pdf');
    const response = await postForm(fx.tokens.admin, form);
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(201);
    const values = fieldsDataToValues(body.data.fieldsData) as { examPaper: string; examSubjectsTable: Record<string, string>[] };
    expect(values.examPaper).toMatch(keyPattern('examResult', 'finals.pdf'));
    expect(values.examSubjectsTable).toEqual([
      { subjectName: 'Office' },
      {
        subjectName: 'Internet',
        examPaper: expect.stringMatching(keyPattern('examResult', 'internet.pdf')),
        subjectPaper: expect.stringMatching(keyPattern('examResult', 'internet-notes.pdf')),
      },
    ]);
    expect(await download(values.examSubjectsTable[1]!.examPaper!)).toEqual(pdf);

    const list = formOf({ formType: 'student', ...student() });
    list.append('documents', fileOf(png, 'image/png'), 'front.png');
    list.append('documents', fileOf(png, 'image/png'), 'back.png');
    const listed = await postForm(fx.tokens.admin, list);
    const documents = fieldsDataToValues((await listed.json()).data.fieldsData).documents;
    expect(documents).toEqual([
      expect.stringMatching(keyPattern('student', 'front.png')),
      expect.stringMatching(keyPattern('student', 'back.png')),
    ]);
  });

  it.each([
    ['too large for its field', 'studentPhoto', bigPng, 'image/png', 'big.png', 'File size must be less than 1MB'],
    [
      'of a type its field does not take',
      'studentPhoto',
      pdf,
      'application/pdf',
      'scan.pdf',
      'File type not supported. Accepted: JPG, PNG, SVG, GIF',
    ],
    [
      'whose bytes are not its type',
      'signature',
      Buffer.from('plain text, not a picture'),
      'image/png',
      'sign.png',
      uploadMessages.contentMismatch,
    ],
    ['for a row that was not sent', 'examSubjectsTable_0_examPaper', pdf, 'application/pdf', 'a.pdf', postedFileMessages.noRow],
    ['for no file field', 'studentName', png, 'image/png', 'a.png', postedFileMessages.noField],
  ])('refuses a file part %s and stores nothing', async (_, part, bytes, type, name, message) => {
    const [storedBefore, uploadsBefore] = [await storedKeys(), await uploadCount()];
    const formType = part.startsWith('examSubjectsTable') ? 'examResult' : 'student';
    const values =
      formType === 'student' ? student() : { examId: 'EX-X', examName: 'X', selectedCourse: fx.course, examSubjectsTable: '[]' };
    const form = formOf({ formType, ...values });
    form.append(part, fileOf(bytes, type), name);
    const response = await postForm(fx.tokens.admin, form);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      message: 'Please fill all required fields correctly',
      errors: { [part]: [message] },
    });
    expect(await storedKeys()).toEqual(storedBefore);
    expect(await uploadCount()).toBe(uploadsBefore);
  });

  it('stores no file when the record itself is refused', async () => {
    const [storedBefore, uploadsBefore] = [await storedKeys(), await uploadCount()];
    const form = formOf({ formType: 'student', ...student({ studentEmail: 'not-an-email' }) });
    form.append('studentPhoto', fileOf(png, 'image/png'), 'photo.png');
    const response = await postForm(fx.tokens.admin, form);
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual({ studentEmail: ['Student Email must be a valid email'] });
    expect(await storedKeys()).toEqual(storedBefore);
    expect(await uploadCount()).toBe(uploadsBefore);
  });

  it('removes the files it stored when storing another fails, and saves nothing', async () => {
    const [storedBefore, uploadsBefore] = [await storedKeys(), await uploadCount()];
    const form = formOf({ formType: 'student', ...student({ studentName: 'Half Stored' }) });
    form.append('studentPhoto', fileOf(png, 'image/png'), 'photo.png');
    form.append('signature', fileOf(png, 'image/png'), 'signature.png');
    storage.failingPut = 2;
    const response = await postForm(fx.tokens.admin, form);
    expect(response.status).toBe(500);
    expect(await storedKeys()).toEqual(storedBefore);
    expect(await uploadCount()).toBe(uploadsBefore);
    const found = await accounts.call('GET', '/dynamic-data?formType=student&search=half%20stored', { token: fx.tokens.admin });
    expect(found.body.data.total).toBe(0);
  });

  it('replaces a record’s file with a part posted to PUT', async () => {
    const created = await post(fx.tokens.admin, 'student', student({ studentName: 'Replaced Photo' }));
    const form = formOf(student({ studentName: 'Replaced Photo' }));
    form.append('studentPhoto', fileOf(png, 'image/png'), 'new.png');
    const response = await postForm(fx.tokens.admin, form, `/dynamic-data/${created.body.data._id}`, 'PUT');
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(200);
    const key = fieldsDataToValues(body.data.fieldsData).studentPhoto as string;
    expect(key).toMatch(keyPattern('student', 'new.png'));
    expect(await download(key)).toEqual(png);
  });
});

describe('GET, PUT and DELETE /dynamic-data/:id', () => {
  let id: string;

  beforeAll(async () => {
    const created = await post(fx.tokens.northAdmin, 'student', student({ studentName: 'Asha Rao', city: 'Delhi' }));
    id = created.body.data._id;
  });

  it('answers the record with its version as ETag', async () => {
    const response = await accounts.call('GET', `/dynamic-data/${id}`, { token: fx.tokens.northStaff });
    expect(response.status).toBe(200);
    expect(response.headers.get('ETag')).toBe('"1"');
    expect(Object.keys(response.body.data).sort()).toEqual(
      [
        '_id',
        'formType',
        'branchId',
        'branchName',
        'title',
        'code',
        'courseId',
        'courseName',
        'registrationNo',
        'rollNo',
        'isActive',
        'isRegistered',
        'completedCourse',
        'walletEnabled',
        'admissionDate',
        'fieldsData',
        'version',
        'createdAt',
        'updatedAt',
      ].sort(),
    );
    expect(response.body.data).toMatchObject({ _id: id, title: 'Asha Rao', branchId: fx.north });
  });

  it('hides a branch’s student from another branch: 404 by id, for every verb', async () => {
    for (const [method, path] of [
      ['GET', `/dynamic-data/${id}`],
      ['GET', `/dynamic-data/${id}/history`],
      ['PUT', `/dynamic-data/${id}`],
      ['DELETE', `/dynamic-data/${id}`],
    ] as const) {
      const response = await accounts.call(method, path, {
        token: fx.tokens.southAdmin,
        body: method === 'PUT' ? { fieldsData: [] } : undefined,
      });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
  });

  it('updates the values, keeping the numbers and the values of fields the form no longer shows', async () => {
    const before = (await accounts.call('GET', `/dynamic-data/${id}`, { token: fx.tokens.admin })).body.data;
    await accounts.db
      .update(records)
      .set({ fields: { ...fieldsDataToValues(before.fieldsData), legacyNote: 'kept' } })
      .where(eq(records.id, id));
    clock.advance(60_000);
    const response = await put(fx.tokens.northAdmin, id, student({ studentName: 'Asha R. Rao', isRegistered: true }), {
      'If-Match': '"1"',
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.message).toBe('Student updated successfully');
    expect(response.headers.get('ETag')).toBe('"2"');
    expect(response.body.data).toMatchObject({
      title: 'Asha R. Rao',
      isRegistered: true,
      version: 2,
      registrationNo: before.registrationNo,
      rollNo: before.rollNo,
      updatedAt: '2026-03-02T10:01:00.000Z',
    });
    const values = fieldsDataToValues(response.body.data.fieldsData);
    expect(values.legacyNote).toBe('kept');
    expect(values).not.toHaveProperty('city');
  });

  it('refuses a stale If-Match with 412 and changes nothing', async () => {
    const response = await put(fx.tokens.northAdmin, id, student({ studentName: 'Lost update' }), { 'If-Match': '"1"' });
    expect(response.status).toBe(412);
    expect(response.body.message).toBe('This record was changed by someone else. Reload it and try again.');
    const current = await accounts.call('GET', `/dynamic-data/${id}`, { token: fx.tokens.admin });
    expect(current.body.data).toMatchObject({ version: 2, title: 'Asha R. Rao' });
    expect((await put(fx.tokens.northAdmin, id, {}, { 'If-Match': 'three' })).status).toBe(400);
  });

  it('moves a student to another branch only for callers of no branch', async () => {
    const moved = await put(fx.tokens.admin, id, student({ centerName: fx.south, studentName: 'Asha R. Rao' }));
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ branchId: fx.south, branchName: 'South Campus' });
    expect((await accounts.call('GET', `/dynamic-data/${id}`, { token: fx.tokens.northAdmin })).status).toBe(404);
    const back = await put(fx.tokens.southAdmin, id, student({ centerName: fx.north }));
    expect(back.status).toBe(403);
    expect((await put(fx.tokens.admin, id, student({ centerName: fx.north, studentName: 'Asha R. Rao' }))).status).toBe(200);
  });

  it('lets a branch read institute courses but not change them', async () => {
    expect((await accounts.call('GET', `/dynamic-data/${fx.course}`, { token: fx.tokens.northAdmin })).status).toBe(200);
    const change = await put(fx.tokens.northAdmin, fx.course, { courseName: 'Renamed', category: fx.category });
    expect(change.status).toBe(403);
  });

  it('tells who changed what and when, oldest first', async () => {
    const response = await accounts.call('GET', `/dynamic-data/${id}/history`, { token: fx.tokens.northAdmin });
    expect(response.status).toBe(200);
    const history = response.body.data;
    expect(history.map((e: { type: string }) => e.type)).toEqual(['RecordCreated', 'RecordUpdated', 'RecordUpdated', 'RecordUpdated']);
    expect(history.map((e: { actorName: string }) => e.actorName)).toEqual([
      'North Admin',
      'North Admin',
      'Institute Admin',
      'Institute Admin',
    ]);
    expect(history[0].changes).toEqual(
      expect.arrayContaining([{ name: 'studentName', label: 'Student Name', from: null, to: 'Asha Rao' }]),
    );
    expect(history[1]).toMatchObject({ version: 2, at: '2026-03-02T10:01:00.000Z' });
    expect(history[1].changes).toEqual(
      expect.arrayContaining([
        { name: 'studentName', label: 'Student Name', from: 'Asha Rao', to: 'Asha R. Rao' },
        { name: 'isRegistered', label: 'Registered', from: false, to: true },
        { name: 'city', label: 'City', from: 'Delhi', to: null },
      ]),
    );
    expect(history[2].changes).toEqual(
      expect.arrayContaining([{ name: 'centerName', label: 'Center Name', from: fx.north, to: fx.south }]),
    );
  });

  it('deletes with the delete permission, then answers 404', async () => {
    expect((await accounts.call('DELETE', `/dynamic-data/${id}`, { token: fx.tokens.northStaff })).status).toBe(403);
    const stale = await accounts.call('DELETE', `/dynamic-data/${id}`, { token: fx.tokens.northAdmin, headers: { 'If-Match': '"1"' } });
    expect(stale.status).toBe(412);
    const response = await accounts.call('DELETE', `/dynamic-data/${id}`, { token: fx.tokens.northAdmin });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'Student deleted successfully', data: { _id: id } });
    expect((await accounts.call('GET', `/dynamic-data/${id}`, { token: fx.tokens.admin })).status).toBe(404);
  });

  it('keeps a branch form’s password out of the record', async () => {
    const response = await post(fx.tokens.admin, 'branch', {
      addBranch: 'East Campus',
      branchCode: 'EC01',
      courseName: 'DCA',
      phoneNumber: '9810000003',
      userName: 'east',
      password: 'Secret@123',
    });
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('Branch created successfully');
    expect(JSON.stringify(response.body)).not.toContain('Secret@123');
    const [row] = await accounts.db.select({ fields: records.fields }).from(records).where(eq(records.id, response.body.data._id));
    expect(JSON.stringify(row!.fields)).not.toContain('Secret@123');
  });
});

describe('GET /dynamic-data: search, filters, sort and pages', () => {
  let branch: string;
  let token: string;
  const names = ['Zara Khan', 'Aarav Mehta', 'Meera Iyer', 'Kabir Singh', 'Diya Patel', 'Ishaan Nair'];

  beforeAll(async () => {
    branch = await addBranch(accounts.db, 'West Campus', 'WC01');
    token = fx.tokens.admin;
    for (const [i, name] of names.entries()) {
      clock.advance(1000);
      const response = await post(
        token,
        'student',
        student({
          centerName: branch,
          studentName: name,
          selectedCourse: i % 2 === 0 ? fx.course : fx.otherCourse,
          city: i < 3 ? 'Pune' : 'Mumbai',
          admissionDate: `2026-0${i + 1}-15`,
          isRegistered: i % 3 !== 0,
          completedCourse: i === 4,
          isActive: i !== 5,
        }),
      );
      expect(response.status).toBe(201);
    }
  });

  const list = async (query: Record<string, string>) => {
    const response = await accounts.call(
      'GET',
      `/dynamic-data?${new URLSearchParams({ formType: 'student', branchId: branch, ...query })}`,
      {
        token,
      },
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data as { records: { title: string }[]; total: number; page: number; limit: number; totalPages: number };
  };
  const titles = (page: { records: { title: string }[] }) => page.records.map((r) => r.title);

  it('answers the newest first by default, with the total', async () => {
    const page = await list({});
    expect(page).toMatchObject({ total: 6, page: 1, limit: 20, totalPages: 1 });
    expect(titles(page)).toEqual([...names].reverse());
  });

  it('pages through the records', async () => {
    const first = await list({ sort: 'title', order: 'asc', limit: '4' });
    const second = await list({ sort: 'title', order: 'asc', limit: '4', page: '2' });
    expect(first).toMatchObject({ total: 6, totalPages: 2, limit: 4 });
    expect([...titles(first), ...titles(second)]).toEqual([...names].sort());
    expect((await accounts.call('GET', '/dynamic-data?formType=student&limit=101', { token })).status).toBe(400);
  });

  it('sorts by admission date and registration number, both ways', async () => {
    expect(titles(await list({ sort: 'admissionDate', order: 'asc' }))).toEqual(names);
    expect(titles(await list({ sort: 'registrationNo', order: 'desc' }))).toEqual([...names].reverse());
  });

  it('searches the text of every value, case-insensitively', async () => {
    expect(titles(await list({ search: 'mEeRa' }))).toEqual(['Meera Iyer']);
    expect((await list({ search: 'mumbai' })).total).toBe(3);
    expect((await list({ search: 'WC01/2026/0002' })).records).toHaveLength(1);
    expect((await list({ search: '100%' })).total).toBe(0);
  });

  it('filters by course, registered, pass-out, active and admission dates', async () => {
    expect((await list({ courseId: fx.otherCourse })).total).toBe(3);
    expect(titles(await list({ registered: 'false', sort: 'title', order: 'asc' }))).toEqual(['Kabir Singh', 'Zara Khan']);
    expect(titles(await list({ passout: 'true' }))).toEqual(['Diya Patel']);
    expect(titles(await list({ active: 'false' }))).toEqual(['Ishaan Nair']);
    expect(titles(await list({ admissionFrom: '2026-02-01', admissionTo: '2026-03-31', sort: 'admissionDate', order: 'asc' }))).toEqual([
      'Aarav Mehta',
      'Meera Iyer',
    ]);
    expect((await list({ registered: '', active: '' })).total).toBe(6);
  });

  it('refuses admission dates the calendar does not have with 400', async () => {
    for (const admissionFrom of ['2026-02-30', '6060-26-45', '0000-01-01']) {
      const response = await accounts.call('GET', `/dynamic-data?formType=student&admissionFrom=${admissionFrom}`, { token });
      expect(response.status, admissionFrom).toBe(400);
      expect(response.body.errors).toEqual({ admissionFrom: ['No such date'] });
    }
    expect((await list({ admissionTo: '2024-02-29' })).total).toBe(0);
  });

  it('refuses text PostgreSQL cannot store, in the address, the query or a submission, with 400', async () => {
    const nul = await accounts.call('GET', '/dynamic-data/%00', { token });
    expect(nul.status).toBe(400);
    expect((await accounts.call('GET', '/dynamic-data?formType=student&search=a%00b', { token })).status).toBe(400);
    const submitted = await post(fx.tokens.admin, 'student', student({ studentName: 'Half \ud800 pair' }));
    expect(submitted.status).toBe(400);
    expect(submitted.body.errors).toEqual({ 'body.studentName': [expect.stringContaining('NUL')] });
    const form = await postForm(fx.tokens.admin, formOf({ formType: 'student', ...student({ studentName: 'Nul \u0000 byte' }) }));
    expect(form.status).toBe(400);
  });

  it('shows a branch’s staff their own branch only, whatever branch they ask for', async () => {
    const asked = await accounts.call('GET', `/dynamic-data?formType=student&branchId=${branch}`, { token: fx.tokens.northStaff });
    expect(asked.body.data.total).toBe(0);
    const own = await accounts.call('GET', '/dynamic-data?formType=student&limit=100', { token: fx.tokens.northStaff });
    expect(own.body.data.total).toBeGreaterThan(0);
    expect(own.body.data.records.every((r: { branchId: string }) => r.branchId === fx.north)).toBe(true);
  });

  it('GET /dynamic-data/branch lists the caller’s branch; callers of no branch name one', async () => {
    const own = await accounts.call('GET', '/dynamic-data/branch', { token: fx.tokens.northStaff });
    expect(own.status).toBe(200);
    expect(own.body.data.records.every((r: { branchId: string }) => r.branchId === fx.north)).toBe(true);
    const named = await accounts.call('GET', `/dynamic-data/branch?branchId=${branch}`, { token });
    expect(named.body.data.total).toBe(6);
    const unnamed = await accounts.call('GET', '/dynamic-data/branch', { token });
    expect(unnamed.status).toBe(400);
  });

  it('lists courses and branches to those who fill in the student form', async () => {
    const courses = await accounts.call('GET', '/dynamic-data?formType=course&sort=title&order=asc', { token: fx.tokens.southAdmin });
    expect(courses.status).toBe(200);
    expect(courses.body.data.records.map((r: { title: string }) => r.title)).toEqual([
      'Diploma in Computer Applications',
      'Tally with GST',
    ]);
    const branches = await accounts.call('GET', '/dynamic-data?formType=branch', { token: fx.tokens.southAdmin });
    expect(branches.body.data.records.map((r: { _id: string }) => r._id)).toEqual([fx.south]);
    expect((await accounts.call('GET', '/dynamic-data?formType=student', { token: fx.tokens.nobody })).status).toBe(403);
    expect((await accounts.call('GET', '/dynamic-data', { token })).body.message).toBe('Invalid request query');
  });
});

describe('GET /course/categories/all', () => {
  it('answers the active categories by name', async () => {
    const response = await accounts.call('GET', '/course/categories/all', { token: fx.tokens.northStaff });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([{ _id: fx.category, name: 'Computer Applications', status: 'active' }]);
  });
});

describe('course choices when there are no courses (SPEC.md section 8)', () => {
  let empty: AccountsApi;
  let token: string;
  beforeAll(async () => {
    empty = await createAccountsApi(clock);
    await syncCatalogue(empty.db);
    await asSystem(empty.db, ensureDefaultFormConfigs);
    token = await tokenFor(empty.db, empty.auth, await addUser(empty.db, { role: 'admin', permissions: allPermissionNames }), clock.now());
  });
  afterAll(() => empty?.cleanup());

  const exam = (selectedCourse: string) =>
    empty.call('POST', '/dynamic-data', {
      token,
      body: {
        formType: 'examResult',
        fieldsData: asFieldsData({
          examId: `EX-${++serial}`,
          examName: 'Fallback',
          selectedCourse,
          examSubjectsTable: [{ subjectName: 'A' }],
        }),
      },
    });
  const refused = { selectedCourse: ['Selected Course selection is invalid'] };

  it('takes the static list, then the categories, then only the courses, as the form offers them', async () => {
    for (const name of staticCourseOptions) expect((await exam(name)).status, name).toBe(201);
    expect((await exam('Astrology')).body.errors).toEqual(refused);

    const category = await asSystem(empty.db, (ctx) => createCourseCategory(ctx, 'Accounting'));
    expect((await exam(category)).status).toBe(201);
    expect((await exam('Computer Science')).body.errors).toEqual(refused);

    const course = await empty.call('POST', '/dynamic-data', {
      token,
      body: { formType: 'course', fieldsData: asFieldsData({ courseName: 'Tally', category }) },
    });
    expect(course.status).toBe(201);
    expect((await exam(course.body.data._id)).status).toBe(201);
    expect((await exam(category)).body.errors).toEqual(refused);
    expect((await exam('Management')).body.errors).toEqual(refused);
  });
});

describe('generated numbers under concurrent admissions', () => {
  it('gives 50 parallel admissions to one branch 50 different, sequential numbers', async () => {
    const branch = await addBranch(accounts.db, 'Rush Campus', 'RC01');
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => post(fx.tokens.admin, 'student', student({ centerName: branch, studentName: `Rush ${i}` }))),
    );
    for (const response of responses) expect(response.status, JSON.stringify(response.body)).toBe(201);
    const numbers = responses.map((r) => r.body.data.generatedNumbers.registrationNo as string).sort();
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => `RC01/2026/${String(i + 1).padStart(4, '0')}`));
    const rolls = new Set(responses.map((r) => r.body.data.generatedNumbers.rollNo));
    expect(rolls.size).toBe(50);
  });
});

describe('generated numbers over time', () => {
  afterEach(() => clock.set('2026-03-02T10:00:00.000Z'));

  it('starts a new year at midnight in India, not in UTC', async () => {
    const branch = await addBranch(accounts.db, 'Year Campus', 'YC01');
    const admin = await addUser(accounts.db, { role: 'admin', permissions: allPermissionNames });
    const admit = async (at: string) => {
      clock.set(at);
      const token = await tokenFor(accounts.db, accounts.auth, admin, clock.now());
      const response = await post(token, 'student', student({ centerName: branch }));
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return response.body.data.generatedNumbers;
    };
    expect(await admit('2026-12-31T18:29:59.000Z')).toEqual({ registrationNo: 'YC01/2026/0001', rollNo: 'YC01260001' });
    expect(await admit('2026-12-31T18:30:00.000Z')).toEqual({ registrationNo: 'YC01/2027/0001', rollNo: 'YC01270001' });
    expect(await admit('2026-12-31T23:59:00.000Z')).toEqual({ registrationNo: 'YC01/2027/0002', rollNo: 'YC01270002' });
  });

  it('never gives a deleted student’s number to another', async () => {
    const branch = await addBranch(accounts.db, 'Reuse Campus', 'RU01');
    const first = await post(fx.tokens.admin, 'student', student({ centerName: branch }));
    const last = await post(fx.tokens.admin, 'student', student({ centerName: branch }));
    expect(last.body.data.generatedNumbers.registrationNo).toBe('RU01/2026/0002');
    for (const id of [last.body.data._id, first.body.data._id]) {
      expect((await accounts.call('DELETE', `/dynamic-data/${id}`, { token: fx.tokens.admin })).status).toBe(200);
    }
    const next = await post(fx.tokens.admin, 'student', student({ centerName: branch }));
    expect(next.body.data.generatedNumbers).toEqual({ registrationNo: 'RU01/2026/0003', rollNo: 'RU01260003' });
  });
});

describe('the demo institute', () => {
  it('holds records its own forms accept', async () => {
    const testDatabase = await createTestDatabase();
    try {
      const { db } = testDatabase.database;
      await seedDemoInstitute(db, testClock(), { scale: 0.1 });
      const rows = await db.select({ formType: records.formType, fields: records.fields }).from(records);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        const schema = buildRecordSchema(defaultFormConfigs[row.formType as keyof typeof defaultFormConfigs].fields);
        const result = schema.safeParse(row.fields);
        expect(result.success, `${row.formType}: ${JSON.stringify(!result.success && result.error.issues)}`).toBe(true);
        const names = new Set(defaultFormConfigs[row.formType as keyof typeof defaultFormConfigs].fields.map((f) => f.name));
        expect(
          Object.keys(row.fields as object).filter((name) => !names.has(name)),
          row.formType,
        ).toEqual([]);
      }
    } finally {
      await testDatabase.cleanup();
    }
    // A tenth of the demo institute with its invoices and its site: seconds on a quiet machine,
    // past the default 15 s on a busy one.
  }, 60_000);
});

describe('GET /dynamic-data/choices', () => {
  const choices = (token: string, formType?: string) =>
    accounts.call('GET', `/dynamic-data/choices${formType === undefined ? '' : `?formType=${formType}`}`, { token });

  it('answers every readable record of a form type as id and title, by title, past a list page', async () => {
    const added = [];
    for (let i = 0; i < 105; i++) added.push(await addBranch(accounts.db, `Choice Campus ${String(i).padStart(3, '0')}`, `CC${i}`));
    const response = await choices(fx.tokens.admin, 'branch');
    expect(response.status).toBe(200);
    const rows = response.body.data as { _id: string; title: string }[];
    expect(rows.length).toBeGreaterThanOrEqual(107);
    expect(rows.map((row) => row._id)).toEqual(expect.arrayContaining([...added, fx.north, fx.south]));
    const titles = rows.map((row) => row.title);
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(Object.keys(rows[0]!).sort()).toEqual(['_id', 'title']);
  });

  it('answers a branch’s own staff with their branch only, and refuses a caller without the form’s read permission', async () => {
    const own = await choices(fx.tokens.northAdmin, 'student');
    expect(own.status).toBe(200);
    const north = await accounts.call('GET', '/dynamic-data?formType=student&limit=100', { token: fx.tokens.northAdmin });
    expect((own.body.data as { _id: string }[]).map((row) => row._id).sort()).toEqual(
      (north.body.data.records as { _id: string }[]).map((row) => row._id).sort(),
    );
    expect((await choices(fx.tokens.nobody, 'course')).status).toBe(403);
    const missing = await choices(fx.tokens.admin);
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ formType: ['Form type not specified.'] });
  });
});

describe('the Idempotency-Key record', () => {
  it('names the caller who made the first request', async () => {
    const me = await accounts.call('GET', '/users/current-user', { token: fx.tokens.admin });
    const created = await post(
      fx.tokens.admin,
      'course',
      { courseName: 'Keyed Course', category: fx.category },
      { 'Idempotency-Key': 'keyed-course' },
    );
    expect(created.status).toBe(201);
    const [row] = await accounts.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, `${me.body.data._id}:keyed-course`));
    expect(row?.actorId).toBe(me.body.data._id);
  });
});
