import { addCoursePaper } from '../../../api/domain/course-papers/commands';
import { randomBytes } from 'node:crypto';
import { createCourseCategory } from '../../../api/domain/course-categories/commands';
import { enterMarks, publishResults } from '../../../api/domain/exam-results/commands';
import { createMarksheetTemplate } from '../../../api/domain/marksheet-templates/commands';
import { blankTemplate } from '../../../common/contracts/marksheet-templates';
import { archiveCertificateFormat, createCertificateFormat } from '../../../api/domain/certificate-formats/commands';
import { issueDocument, issuerOf } from '../../../api/domain/certificates/commands';
import { blankFormat } from '../../../common/contracts/certificate-formats';
import { configureForm } from '../../../api/domain/form-configs';
import { createRecord } from '../../../api/domain/records';
import { chargeOperation } from '../../../api/domain/wallet/charge-operation';
import { createOperationPrice } from '../../../api/domain/wallet/operation-prices/create-operation-price';
import { asSystem, defaultPassword, instituteActor } from '../../api/accounts';
import { waitingJob } from '../../api/jobs';
import { createInvoice, recordPayment } from '../../../api/domain/invoices/commands';
import { publishSiteSection, saveSiteDraft } from '../../../api/domain/site-content/commands';
import { invoiceDraftBody, paymentBody } from '../../../common/contracts/invoices';
import { request } from '../../support/test-database';
import type { Institute } from './institute';

/** One request as the API takes it: the path below /api/v1 with its parameters filled in. */
export interface ApiRequest {
  path: string;
  /** Sent as JSON; absent means no body at all. */
  body?: unknown;
}

/**
 * A request an endpoint accepts, with the headers of its caller, and `other`: a different request
 * of the same caller to the same endpoint (another body, or another address for endpoints that
 * take no body) that passes validation too.
 */
export interface ValidRequest extends ApiRequest {
  headers: Record<string, string>;
  other: ApiRequest;
}

type Builder = (institute: Institute) => Promise<ValidRequest>;

const unique = () => randomBytes(4).toString('hex');
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d6e0d30000000049454e44ae426082',
  'hex',
);

function studentValues(institute: Institute, name: string) {
  return {
    studentName: name,
    selectedCourse: institute.courseIds[0]!,
    studentEmail: `${name.toLowerCase().replace(/\W+/g, '.')}@students.example`,
    phoneNumber: '9810000002',
  };
}

/** A CSV stored as a browser stores it (address, PUT, confirm), for an import; answers its key. */
async function storedImportFile(institute: Institute, headers: Record<string, string>, fileName: string, csv: Buffer): Promise<string> {
  const file = { fileName, fileType: 'text/csv', fileSize: csv.length, formType: 'imports', fieldName: 'importFile' };
  const address = await request(institute.api, 'POST', '/api/v1/s3-upload/presigned-url', { headers, body: file });
  const { presignedUrl, key, headers: putHeaders } = address.body.data;
  const stored = await institute.api.request(presignedUrl, { method: 'PUT', body: new Uint8Array(csv), headers: putHeaders });
  if (stored.status !== 200) throw new Error(`The fixture's upload was refused: ${stored.status}`);
  const confirmed = await request(institute.api, 'POST', '/api/v1/s3-upload/confirm-upload', {
    headers,
    body: { key, originalFileName: file.fileName, fileSize: csv.length, formType: 'imports', fieldName: 'importFile' },
  });
  if (confirmed.status !== 201) throw new Error(`The fixture's upload was not confirmed: ${JSON.stringify(confirmed.body)}`);
  return key;
}

/** A CSV of one student, for an import of records. */
function storedStudentsFile(institute: Institute, headers: Record<string, string>): Promise<string> {
  const values = studentValues(institute, `Imported ${unique()}`);
  const csv = Buffer.from(
    `Center Name,Student Name,Selected Course,Student Email,Phone Number\r\n${institute.north.id},${values.studentName},${values.selectedCourse},${values.studentEmail},${values.phoneNumber}\r\n`,
  );
  return storedImportFile(institute, headers, 'students.csv', csv);
}

/** A file of students read for an import, with the mapping its headings suggest. */
async function readImport(institute: Institute, headers: Record<string, string>): Promise<{ id: string; mapping: (string | null)[] }> {
  const created = await request(institute.api, 'POST', '/api/v1/imports', {
    headers,
    body: { formType: 'student', fileKey: await storedStudentsFile(institute, headers) },
  });
  if (created.status !== 201) throw new Error(`The fixture's import was refused: ${JSON.stringify(created.body)}`);
  return { id: created.body.data._id, mapping: created.body.data.mapping };
}

/** A draft of the header or footer unlike any before it, so it has something to publish or discard. */
function siteDraft(institute: Institute, section: 'header' | 'footer') {
  const content = section === 'header' ? { instituteName: `Institute ${unique()}` } : { copyright: `© ${unique()}` };
  return asSystem(institute.db, (ctx) => saveSiteDraft(ctx, instituteActor('reliability'), section, content));
}

const fieldsData = (values: Record<string, unknown>) => Object.entries(values).map(([name, value]) => ({ name, value }));

async function addStudent(institute: Institute): Promise<{ id: string; values: Record<string, string> }> {
  const values = { centerName: institute.north.id, ...studentValues(institute, `Student ${unique()}`) };
  const { id } = await asSystem(institute.db, (ctx) =>
    createRecord(ctx, { formType: 'student', branchId: institute.north.id, fields: values }),
  );
  return { id, values };
}

const marksheetTemplate = (name: string) => ({ ...blankTemplate, name, instituteName: 'Reliability Institute' });

async function addTemplate(institute: Institute): Promise<string> {
  return asSystem(institute.db, (ctx) => createMarksheetTemplate(ctx, marksheetTemplate(`Template ${unique()}`)));
}

const certificateFormat = (name: string) => ({ ...blankFormat('certificate'), name });
/** Formats and invoices are made as the institute's staff. */
const staff = instituteActor('reliability');

async function addFormat(institute: Institute, archived = false): Promise<string> {
  return asSystem(institute.db, async (ctx) => {
    const id = await createCertificateFormat(ctx, staff, certificateFormat(`Format ${unique()}`));
    if (archived) await archiveCertificateFormat(ctx, staff, id);
    return id;
  });
}

/** An ID card format, whose documents ask no completed course. */
async function addCardFormat(institute: Institute): Promise<string> {
  return asSystem(institute.db, (ctx) => createCertificateFormat(ctx, staff, { ...blankFormat('idcard'), name: `Card ${unique()}` }));
}

/** The body issuing a new student of North an ID card of a format of its own, for their course. */
async function cardToIssue(institute: Institute) {
  const [formatId, student] = [await addCardFormat(institute), await addStudent(institute)];
  return { kind: 'idcard' as const, formatId, studentId: student.id, courseId: institute.courseIds[0]! };
}

/** An ID card issued to a new student of North. */
async function addCard(institute: Institute): Promise<string> {
  const body = await cardToIssue(institute);
  return asSystem(institute.db, async (ctx) => (await issueDocument(ctx, issuerOf(staff), body)).id);
}

async function addCourse(institute: Institute): Promise<string> {
  const { id } = await asSystem(institute.db, (ctx) =>
    createRecord(ctx, { formType: 'course', branchId: null, fields: { courseName: `Course ${unique()}` } }),
  );
  return id;
}

async function addBranch(institute: Institute): Promise<{ id: string; values: Record<string, unknown> }> {
  const values = { addBranch: `Branch ${unique()}`, courseName: 'Computer courses', branchCode: `B${unique()}`, phoneNumber: '9876543210' };
  const { id } = await asSystem(institute.db, (ctx) => createRecord(ctx, { formType: 'branch', branchId: null, fields: values }));
  return { id, values };
}

async function addPaper(institute: Institute): Promise<string> {
  const courseId = await addCourse(institute);
  return asSystem(institute.db, (ctx) =>
    addCoursePaper(
      ctx,
      { role: 'admin', branchId: null },
      {
        courseId,
        code: `P-${unique()}`,
        name: 'Fixture paper',
        kind: 'theory',
        questionPaperMarks: 100,
        passingMarks: 40,
        questionPaper: null,
      },
    ),
  );
}

/** An exam of a course of its own with one subject, and a registered student of North sitting it, marked when asked. */
async function addSitting(institute: Institute, marked = false): Promise<{ examId: string; studentId: string; rollNo: string }> {
  const courseId = await addCourse(institute);
  return asSystem(institute.db, async (ctx) => {
    const subject = { subjectName: 'Accounting', subjectCode: 'ACC', questionPaperMarks: 100, passingMarks: 40 };
    const exam = { examId: `EX-${unique()}`, examName: 'Fixture exam', selectedCourse: courseId, examSubjectsTable: [subject] };
    const { id: examId } = await createRecord(ctx, { formType: 'examResult', branchId: null, fields: exam });
    const student = { ...studentValues(institute, `Student ${unique()}`), selectedCourse: courseId, isRegistered: true, isActive: true };
    const { id: studentId, generatedNumbers } = await createRecord(ctx, {
      formType: 'student',
      branchId: institute.north.id,
      fields: student,
    });
    if (marked)
      await enterMarks(ctx, { role: 'admin', branchId: null }, examId, [{ studentId, subject: 'acc', value: 60, baseVersion: 0 }]);
    return { examId, studentId, rollNo: generatedNumbers!.rollNo };
  });
}

/** A sitting of one marked student, its results published. */
async function addPublishedSitting(institute: Institute): Promise<{ examId: string; studentId: string }> {
  const sitting = await addSitting(institute, true);
  await asSystem(institute.db, (ctx) => publishResults(ctx, { role: 'admin', branchId: null }, sitting.examId, institute.north.id));
  return sitting;
}

/** A sitting, and a registered student of North whose course does not bring them to it. */
async function addSittingAndCandidate(institute: Institute): Promise<{ examId: string; studentId: string }> {
  const [{ examId }, courseId] = [await addSitting(institute), await addCourse(institute)];
  const student = { ...studentValues(institute, `Student ${unique()}`), selectedCourse: courseId, isRegistered: true, isActive: true };
  const { id: studentId } = await asSystem(institute.db, (ctx) =>
    createRecord(ctx, { formType: 'student', branchId: institute.north.id, fields: student }),
  );
  return { examId, studentId };
}

const addCategory = (institute: Institute) => asSystem(institute.db, (ctx) => createCourseCategory(ctx, `Fixture ${unique()}`));

async function addPrice(institute: Institute): Promise<string> {
  const price = await asSystem(institute.db, (ctx) =>
    createOperationPrice(ctx, { operationKey: `FIXTURE_${unique().toUpperCase()}`, operationName: 'Fixture operation', price: 100 }),
  );
  return price.id;
}

const textField = (name: string) => ({ name, label: name, type: 'text' as const, required: true });

const invoiceDraft = (partyId: string, issue = false) => ({
  kind: 'student',
  partyId,
  date: '2026-04-10',
  dueDate: '2026-04-25',
  lines: [{ kind: 'courseFee', description: `Fee ${unique()}`, quantity: 1, rate: 50_000, taxRate: 1800 }],
  issue,
});

/** An invoice of a north student of its own, issued (and paid in part) when asked. */
async function addInvoice(institute: Institute, { issue = false, paid = 0 } = {}) {
  return asSystem(institute.db, async (ctx) => {
    const id = await createInvoice(ctx, staff, invoiceDraftBody.parse(invoiceDraft(institute.north.studentIds[0]!, issue)));
    const paymentId = paid
      ? await recordPayment(ctx, staff, id, paymentBody.parse({ amount: paid, mode: 'cash', date: '2026-04-11' }))
      : null;
    return { id, paymentId };
  });
}

const settingsBody = (legalName: string) => ({
  registered: false,
  legalName,
  state: 'Maharashtra',
  stateCode: '27',
  invoiceFeesAtAdmission: false,
});

/**
 * A valid request for every mutating endpoint of /api/v1, keyed `METHOD /path`. Each call builds
 * its own: the records, users and sessions it changes are made for it, so that the demo
 * institute's callers keep working whatever the request does.
 */
export const validRequests: Record<string, Builder> = {
  'POST /auth/v2/login': async () => ({
    headers: {},
    path: '/auth/v2/login',
    body: { email: 'superadmin@institute.demo', password: 'Super@123' },
    other: { path: '/auth/v2/login', body: { email: 'admin@institute.demo', password: 'Admin@123' } },
  }),
  'POST /users/refresh': async (institute) => ({
    headers: {},
    path: '/users/refresh',
    body: { refreshToken: (await institute.addAccount()).refreshToken },
    other: { path: '/users/refresh', body: { refreshToken: 'another-refresh-token' } },
  }),
  'POST /auth/v2/logout': async (institute) => ({
    headers: {},
    path: '/auth/v2/logout',
    body: { refreshToken: (await institute.addAccount()).refreshToken },
    other: { path: '/auth/v2/logout', body: { refreshToken: 'another-refresh-token' } },
  }),
  'POST /users/logout': async (institute) => ({
    headers: {},
    path: '/users/logout',
    body: { refreshToken: (await institute.addAccount()).refreshToken },
    other: { path: '/users/logout', body: { refreshToken: 'another-refresh-token' } },
  }),
  'POST /users/change-password': async (institute) => ({
    headers: bearer((await institute.addAccount()).token),
    path: '/users/change-password',
    body: { currentPassword: defaultPassword, newPassword: 'Changed@123' },
    other: { path: '/users/change-password', body: { currentPassword: defaultPassword, newPassword: 'Another@123' } },
  }),
  'POST /permissions/sync': async (institute) => ({
    headers: institute.authorization('superadmin'),
    path: '/permissions/sync',
    // The endpoint reads no body: one sent along still makes it another request.
    other: { path: '/permissions/sync', body: {} },
  }),

  'POST /users': async (institute) => {
    const body = { name: 'Added User', email: `added.${unique()}@example.com`, password: 'Secret@123', role: 'admin' };
    return {
      headers: institute.authorization('superadmin'),
      path: '/users',
      body,
      other: { path: '/users', body: { ...body, email: `other.${unique()}@example.com` } },
    };
  },
  'POST /users/register': async (institute) => {
    const body = { name: 'Registered User', email: `registered.${unique()}@example.com`, password: 'Secret@123', role: 'admin' };
    return {
      headers: institute.authorization('superadmin'),
      path: '/users/register',
      body,
      other: { path: '/users/register', body: { ...body, email: `other.${unique()}@example.com` } },
    };
  },
  'POST /users/branch/create': async (institute) => {
    const body = { name: 'Branch Staff', email: `staff.${unique()}@example.com`, password: 'Secret@123' };
    return {
      headers: institute.authorization('branchAdmin'),
      path: '/users/branch/create',
      body,
      other: { path: '/users/branch/create', body: { ...body, email: `other.${unique()}@example.com` } },
    };
  },
  'PUT /users/:id': async (institute) => {
    const { userId } = await institute.addAccount();
    const body = { name: 'Renamed User', email: `renamed.${unique()}@example.com` };
    return {
      headers: institute.authorization('superadmin'),
      path: `/users/${userId}`,
      body,
      other: { path: `/users/${userId}`, body: { ...body, name: 'Renamed Again' } },
    };
  },
  'PUT /users/:id/permissions': async (institute) => {
    const { userId } = await institute.addAccount();
    return {
      headers: institute.authorization('superadmin'),
      path: `/users/${userId}/permissions`,
      body: { permissions: ['STUDENT_ADD'] },
      other: { path: `/users/${userId}/permissions`, body: { permissions: ['STUDENT_EDIT'] } },
    };
  },
  'PATCH /users/:id/status': async (institute) => {
    const { userId } = await institute.addAccount();
    return {
      headers: institute.authorization('superadmin'),
      path: `/users/${userId}/status`,
      body: { status: 'inactive' },
      other: { path: `/users/${userId}/status`, body: { status: 'active' } },
    };
  },
  'DELETE /users/:id': async (institute) => ({
    headers: institute.authorization('superadmin'),
    path: `/users/${(await institute.addAccount()).userId}`,
    other: { path: `/users/${(await institute.addAccount()).userId}` },
  }),

  'POST /dynamic-forms': async (institute) => {
    const body = { formType: `fixture-${unique()}`, fields: [textField('title')] };
    return {
      headers: institute.authorization('superadmin'),
      path: '/dynamic-forms',
      body,
      other: { path: '/dynamic-forms', body: { ...body, formType: `fixture-${unique()}` } },
    };
  },
  'PUT /dynamic-forms/:id': async (institute) => {
    const config = await asSystem(institute.db, (ctx) =>
      configureForm(ctx, { formType: `fixture-${unique()}`, fields: [textField('title')] }),
    );
    const body = { fields: [textField('title'), textField('venue')] };
    return {
      headers: institute.authorization('superadmin'),
      path: `/dynamic-forms/${config._id}`,
      body,
      other: { path: `/dynamic-forms/${config._id}`, body: { ...body, label: 'Another label' } },
    };
  },
  'POST /dynamic-data': async (institute) => {
    const name = `Admitted ${unique()}`;
    return {
      headers: institute.authorization('branchStaff'),
      path: '/dynamic-data',
      body: { formType: 'student', fieldsData: fieldsData(studentValues(institute, name)) },
      other: { path: '/dynamic-data', body: { formType: 'student', fieldsData: fieldsData(studentValues(institute, `${name} Other`)) } },
    };
  },
  'PUT /dynamic-data/:id': async (institute) => {
    const { id, values } = await addStudent(institute);
    return {
      headers: institute.authorization('superadmin'),
      path: `/dynamic-data/${id}`,
      body: { formType: 'student', fieldsData: fieldsData({ ...values, studentName: 'Renamed Student' }) },
      other: {
        path: `/dynamic-data/${id}`,
        body: { formType: 'student', fieldsData: fieldsData({ ...values, studentName: 'Renamed Again' }) },
      },
    };
  },
  'DELETE /dynamic-data/:id': async (institute) => ({
    headers: institute.authorization('superadmin'),
    path: `/dynamic-data/${(await addStudent(institute)).id}`,
    other: { path: `/dynamic-data/${(await addStudent(institute)).id}` },
  }),

  'POST /students': async (institute) => {
    const name = `Admitted ${unique()}`;
    return {
      headers: institute.authorization('branchStaff'),
      path: '/students',
      body: studentValues(institute, name),
      other: { path: '/students', body: studentValues(institute, `${name} Other`) },
    };
  },
  'PUT /students/:id': async (institute) => {
    const { id, values } = await addStudent(institute);
    return {
      headers: institute.authorization('superadmin'),
      path: `/students/${id}`,
      body: { ...values, studentName: 'Renamed Student' },
      other: { path: `/students/${id}`, body: { ...values, studentName: 'Renamed Again' } },
    };
  },
  'DELETE /students/:id': async (institute) => ({
    headers: institute.authorization('superadmin'),
    path: `/students/${(await addStudent(institute)).id}`,
    other: { path: `/students/${(await addStudent(institute)).id}` },
  }),
  'POST /courses': async (institute) => {
    const category = await addCategory(institute);
    return {
      headers: institute.authorization('superadmin'),
      path: '/courses',
      body: { courseName: `Course ${unique()}`, category },
      other: { path: '/courses', body: { courseName: `Course ${unique()}`, category } },
    };
  },
  'PUT /courses/:id': async (institute) => {
    const [id, category] = [await addCourse(institute), await addCategory(institute)];
    return {
      headers: institute.authorization('superadmin'),
      path: `/courses/${id}`,
      body: { courseName: 'Renamed Course', category },
      other: { path: `/courses/${id}`, body: { courseName: 'Renamed Again', category } },
    };
  },
  'DELETE /courses/:id': async (institute) => ({
    headers: institute.authorization('superadmin'),
    path: `/courses/${await addCourse(institute)}`,
    other: { path: `/courses/${await addCourse(institute)}` },
  }),
  'POST /branches': async (institute) => {
    const body = { addBranch: `Branch ${unique()}`, courseName: 'Computer courses', branchCode: `B${unique()}`, phoneNumber: '9876543210' };
    return {
      headers: institute.authorization('superadmin'),
      path: '/branches',
      body,
      other: { path: '/branches', body: { ...body, addBranch: `Branch ${unique()}`, branchCode: `B${unique()}` } },
    };
  },
  'PUT /branches/:id': async (institute) => {
    const { id, values } = await addBranch(institute);
    return {
      headers: institute.authorization('superadmin'),
      path: `/branches/${id}`,
      body: { ...values, directorName: 'Asha Menon' },
      other: { path: `/branches/${id}`, body: { ...values, directorName: 'Ravi Menon' } },
    };
  },
  'DELETE /branches/:id': async (institute) => ({
    headers: institute.authorization('superadmin'),
    path: `/branches/${(await addBranch(institute)).id}`,
    other: { path: `/branches/${(await addBranch(institute)).id}` },
  }),

  'POST /wallet/add-balance': async (institute) => ({
    headers: institute.authorization('superadmin'),
    path: '/wallet/add-balance',
    body: { branchId: institute.north.id, amount: 10_000, note: 'Top-up', reference: `UTR-${unique()}` },
    other: { path: '/wallet/add-balance', body: { branchId: institute.north.id, amount: 20_000, note: 'Top-up' } },
  }),
  'POST /course/categories': async (institute) => ({
    headers: institute.authorization('superadmin'),
    path: '/course/categories',
    body: { name: `Category ${unique()}` },
    other: { path: '/course/categories', body: { name: `Category ${unique()}` } },
  }),
  'PUT /site-content/:section': async (institute) => ({
    headers: institute.authorization('superadmin'),
    path: '/site-content/header',
    body: { content: { instituteName: `Institute ${unique()}` } },
    other: { path: '/site-content/footer', body: { content: { copyright: `© ${unique()}` } } },
  }),
  'POST /site-content/:section/publish': async (institute) => {
    await siteDraft(institute, 'header');
    await siteDraft(institute, 'footer');
    return {
      headers: institute.authorization('superadmin'),
      path: '/site-content/header/publish',
      other: { path: '/site-content/footer/publish' },
    };
  },
  'POST /site-content/:section/restore': async (institute) => {
    for (const section of ['header', 'footer'] as const) {
      await siteDraft(institute, section);
      await asSystem(institute.db, (ctx) => publishSiteSection(ctx, section));
    }
    return {
      headers: institute.authorization('superadmin'),
      path: '/site-content/header/restore',
      body: { number: 1 },
      other: { path: '/site-content/footer/restore', body: { number: 1 } },
    };
  },
  'POST /site-content/:section/discard': async (institute) => {
    await siteDraft(institute, 'header');
    await siteDraft(institute, 'footer');
    return {
      headers: institute.authorization('superadmin'),
      path: '/site-content/header/discard',
      other: { path: '/site-content/footer/discard' },
    };
  },
  'PUT /course/categories/:id': async (institute) => {
    const id = await addCategory(institute);
    return {
      headers: institute.authorization('superadmin'),
      path: `/course/categories/${id}`,
      body: { name: `Renamed ${unique()}` },
      other: { path: `/course/categories/${id}`, body: { name: `Renamed ${unique()}` } },
    };
  },
  'PUT /course/categories/:id/status': async (institute) => {
    const id = await addCategory(institute);
    return {
      headers: institute.authorization('superadmin'),
      path: `/course/categories/${id}/status`,
      body: { status: 'inactive' },
      other: { path: `/course/categories/${id}/status`, body: { status: 'active' } },
    };
  },
  'DELETE /course/categories/:id': async (institute) => ({
    headers: institute.authorization('superadmin'),
    path: `/course/categories/${await addCategory(institute)}`,
    other: { path: `/course/categories/${await addCategory(institute)}` },
  }),

  'POST /course/papers': async (institute) => {
    const courseId = await addCourse(institute);
    const paper = () => ({ courseId, code: `P-${unique()}`, name: 'Paper', kind: 'theory', questionPaperMarks: 100, passingMarks: 40 });
    return {
      headers: institute.authorization('superadmin'),
      path: '/course/papers',
      body: paper(),
      other: { path: '/course/papers', body: paper() },
    };
  },
  'PUT /course/papers/:id': async (institute) => {
    const id = await addPaper(institute);
    return {
      headers: institute.authorization('superadmin'),
      path: `/course/papers/${id}`,
      body: { code: `R-${unique()}`, name: 'Renamed', kind: 'practical', questionPaperMarks: 50, passingMarks: 20 },
      other: {
        path: `/course/papers/${id}`,
        body: { code: `R-${unique()}`, name: 'Renamed', kind: 'theory', questionPaperMarks: 80, passingMarks: 30 },
      },
    };
  },
  'PUT /exams/:id/results/marks': async (institute) => {
    const { examId, studentId } = await addSitting(institute);
    const path = `/exams/${examId}/results/marks`;
    return {
      headers: institute.authorization('superadmin'),
      path,
      body: { cells: [{ studentId, subject: 'acc', value: 55, baseVersion: 0 }] },
      other: { path, body: { cells: [{ studentId, subject: 'acc', value: 'AB', baseVersion: 0 }] } },
    };
  },
  'POST /exams/:id/results/import': async (institute) => {
    const headers = institute.authorization('superadmin');
    const { examId, rollNo } = await addSitting(institute);
    const path = `/exams/${examId}/results/import`;
    const file = (mark: string) =>
      storedImportFile(institute, headers, 'marks.csv', Buffer.from(`Roll No,Accounting\r\n${rollNo},${mark}\r\n`));
    return {
      headers,
      path,
      body: { fileKey: await file('55'), branchId: institute.north.id, dryRun: false },
      other: { path, body: { fileKey: await file('AB'), dryRun: true } },
    };
  },
  'POST /exams/:id/results/publish': async (institute) => {
    const [one, other] = [await addSitting(institute, true), await addSitting(institute, true)];
    const body = { branchId: institute.north.id };
    return {
      headers: institute.authorization('superadmin'),
      path: `/exams/${one.examId}/results/publish`,
      body,
      other: { path: `/exams/${other.examId}/results/publish`, body },
    };
  },
  'POST /exams/:id/sitting/students': async (institute) => {
    const [one, other] = [await addSittingAndCandidate(institute), await addSittingAndCandidate(institute)];
    return {
      headers: institute.authorization('superadmin'),
      path: `/exams/${one.examId}/sitting/students`,
      body: { studentId: one.studentId, reason: 'Repeating the exam' },
      other: { path: `/exams/${other.examId}/sitting/students`, body: { studentId: other.studentId } },
    };
  },
  'POST /exams/:id/sitting/students/:studentId/excuse': async (institute) => {
    const [one, other] = [await addSitting(institute), await addSitting(institute)];
    return {
      headers: institute.authorization('superadmin'),
      path: `/exams/${one.examId}/sitting/students/${one.studentId}/excuse`,
      body: { reason: 'Medical leave' },
      other: { path: `/exams/${other.examId}/sitting/students/${other.studentId}/excuse`, body: { reason: 'Left the course' } },
    };
  },
  'POST /exams/:id/results/revisions': async (institute) => {
    const [one, other] = [await addPublishedSitting(institute), await addPublishedSitting(institute)];
    const body = (studentId: string, value: number) => ({ studentId, marks: [{ subject: 'acc', value }], reason: 'Re-totalled' });
    return {
      headers: institute.authorization('superadmin'),
      path: `/exams/${one.examId}/results/revisions`,
      body: body(one.studentId, 70),
      other: { path: `/exams/${other.examId}/results/revisions`, body: body(other.studentId, 45) },
    };
  },
  'POST /marksheet-templates': async (institute) => ({
    headers: institute.authorization('superadmin'),
    path: '/marksheet-templates',
    body: marksheetTemplate(`Template ${unique()}`),
    other: { path: '/marksheet-templates', body: marksheetTemplate(`Template ${unique()}`) },
  }),
  'PUT /marksheet-templates/:id': async (institute) => {
    const id = await addTemplate(institute);
    return {
      headers: institute.authorization('superadmin'),
      path: `/marksheet-templates/${id}`,
      body: marksheetTemplate(`Renamed ${unique()}`),
      other: { path: `/marksheet-templates/${id}`, body: marksheetTemplate(`Renamed ${unique()}`) },
    };
  },
  // Saves nothing (a file answers a read): it takes no Idempotency-Key, and needs a valid body for the fuzzer.
  'POST /marksheet-templates/preview': async (institute) => ({
    headers: institute.authorization('superadmin'),
    path: '/marksheet-templates/preview',
    body: marksheetTemplate(''),
    other: { path: '/marksheet-templates/preview', body: { ...marksheetTemplate(''), title: 'ANOTHER TITLE' } },
  }),
  'POST /marksheet-templates/:id/default': async (institute) => ({
    headers: institute.authorization('superadmin'),
    path: `/marksheet-templates/${await addTemplate(institute)}/default`,
    other: { path: `/marksheet-templates/${await addTemplate(institute)}/default` },
  }),
  'POST /certificate-formats': async (institute) => ({
    headers: institute.authorization('superadmin'),
    path: '/certificate-formats',
    body: certificateFormat(`Format ${unique()}`),
    other: { path: '/certificate-formats', body: certificateFormat(`Format ${unique()}`) },
  }),
  'PUT /certificate-formats/:id': async (institute) => {
    const id = await addFormat(institute);
    return {
      headers: institute.authorization('superadmin'),
      path: `/certificate-formats/${id}`,
      body: certificateFormat(`Renamed ${unique()}`),
      other: { path: `/certificate-formats/${id}`, body: certificateFormat(`Renamed ${unique()}`) },
    };
  },
  'POST /certificate-formats/:id/archive': async (institute) => ({
    headers: institute.authorization('superadmin'),
    path: `/certificate-formats/${await addFormat(institute)}/archive`,
    other: { path: `/certificate-formats/${await addFormat(institute)}/archive` },
  }),
  'POST /certificate-formats/:id/unarchive': async (institute) => ({
    headers: institute.authorization('superadmin'),
    path: `/certificate-formats/${await addFormat(institute, true)}/unarchive`,
    other: { path: `/certificate-formats/${await addFormat(institute, true)}/unarchive` },
  }),
  'POST /certificates': async (institute) => ({
    headers: institute.authorization('superadmin'),
    path: '/certificates',
    body: await cardToIssue(institute),
    other: { path: '/certificates', body: await cardToIssue(institute) },
  }),
  'POST /certificates/:id/revoke': async (institute) => ({
    headers: institute.authorization('superadmin'),
    path: `/certificates/${await addCard(institute)}/revoke`,
    body: { reason: 'Lost' },
    other: { path: `/certificates/${await addCard(institute)}/revoke`, body: { reason: 'Lost' } },
  }),
  'POST /certificates/:id/reissue': async (institute) => ({
    headers: institute.authorization('superadmin'),
    path: `/certificates/${await addCard(institute)}/reissue`,
    body: {},
    other: { path: `/certificates/${await addCard(institute)}/reissue`, body: {} },
  }),
  'POST /certificates/bulk': async (institute) => {
    const bulk = async () => ({ kind: 'idcard', formatId: await addCardFormat(institute), courseId: institute.courseIds[0]! });
    return {
      headers: institute.authorization('superadmin'),
      path: '/certificates/bulk',
      body: await bulk(),
      other: { path: '/certificates/bulk', body: await bulk() },
    };
  },
  'POST /imports': async (institute) => {
    const headers = institute.authorization('superadmin');
    return {
      headers,
      path: '/imports',
      body: { formType: 'student', fileKey: await storedStudentsFile(institute, headers) },
      other: { path: '/imports', body: { formType: 'student', fileKey: await storedStudentsFile(institute, headers) } },
    };
  },
  'POST /imports/:id/runs': async (institute) => {
    const headers = institute.authorization('superadmin');
    const [first, second] = [await readImport(institute, headers), await readImport(institute, headers)];
    return {
      headers,
      path: `/imports/${first.id}/runs`,
      body: { mapping: first.mapping, dryRun: true },
      other: { path: `/imports/${second.id}/runs`, body: { mapping: second.mapping, dryRun: true } },
    };
  },
  'POST /jobs/:jobId/cancel': async (institute) => ({
    headers: institute.authorization('superadmin'),
    path: `/jobs/${await waitingJob(institute.db)}/cancel`,
    other: { path: `/jobs/${await waitingJob(institute.db)}/cancel` },
  }),
  // Save nothing (a file answers a read): they take no Idempotency-Key, and need a valid body for the fuzzer.
  'POST /certificates/pdf': async (institute) => ({
    headers: institute.authorization('superadmin'),
    path: '/certificates/pdf',
    body: { ids: [await addCard(institute)] },
    other: { path: '/certificates/pdf', body: { ids: [await addCard(institute)] } },
  }),
  'POST /certificates/idcard-sheet': async (institute) => ({
    headers: institute.authorization('superadmin'),
    path: '/certificates/idcard-sheet',
    body: { ids: [await addCard(institute)] },
    other: { path: '/certificates/idcard-sheet', body: { ids: [await addCard(institute)] } },
  }),
  'POST /exams/:id/results/marksheets/jobs': async (institute) => {
    const [one, other] = [await addPublishedSitting(institute), await addPublishedSitting(institute)];
    const body = { branchId: institute.north.id };
    return {
      headers: institute.authorization('superadmin'),
      path: `/exams/${one.examId}/results/marksheets/jobs`,
      body,
      other: { path: `/exams/${other.examId}/results/marksheets/jobs`, body },
    };
  },
  'POST /exams/:id/admit-cards': async (institute) => {
    const [one, other] = [await addSitting(institute), await addSitting(institute)];
    const body = { branchId: institute.north.id };
    return {
      headers: institute.authorization('superadmin'),
      path: `/exams/${one.examId}/admit-cards`,
      body,
      other: { path: `/exams/${other.examId}/admit-cards`, body },
    };
  },
  'DELETE /course/papers/:id': async (institute) => ({
    headers: institute.authorization('superadmin'),
    path: `/course/papers/${await addPaper(institute)}`,
    other: { path: `/course/papers/${await addPaper(institute)}` },
  }),

  'POST /wallet/operation-pricing': async (institute) => {
    const body = { operationKey: `OP_${unique().toUpperCase()}`, operationName: 'Priced operation', price: 2500 };
    return {
      headers: institute.authorization('superadmin'),
      path: '/wallet/operation-pricing',
      body,
      other: { path: '/wallet/operation-pricing', body: { ...body, price: 3000 } },
    };
  },
  'POST /wallet/operation-pricing/deduct': async (institute) => ({
    headers: institute.authorization('superadmin'),
    path: '/wallet/operation-pricing/deduct',
    body: { branchId: institute.north.id, operationKey: 'ADD_STUDENT', referenceId: `reference-${unique()}` },
    other: {
      path: '/wallet/operation-pricing/deduct',
      body: { branchId: institute.north.id, operationKey: 'ADD_STUDENT', referenceId: `reference-${unique()}` },
    },
  }),
  'PUT /wallet/operation-pricing/:id': async (institute) => {
    const id = await addPrice(institute);
    return {
      headers: institute.authorization('superadmin'),
      path: `/wallet/operation-pricing/${id}`,
      body: { price: 250 },
      other: { path: `/wallet/operation-pricing/${id}`, body: { price: 300 } },
    };
  },
  'DELETE /wallet/operation-pricing/:id': async (institute) => ({
    headers: institute.authorization('superadmin'),
    path: `/wallet/operation-pricing/${await addPrice(institute)}`,
    other: { path: `/wallet/operation-pricing/${await addPrice(institute)}` },
  }),
  'PATCH /wallet/operation-pricing/:id/toggle-status': async (institute) => ({
    headers: institute.authorization('superadmin'),
    path: `/wallet/operation-pricing/${await addPrice(institute)}/toggle-status`,
    other: { path: `/wallet/operation-pricing/${await addPrice(institute)}/toggle-status` },
  }),
  'POST /wallet/refund': async (institute) => {
    const { charge } = await asSystem(institute.db, (ctx) =>
      chargeOperation(ctx, { branchId: institute.north.id, operationKey: 'ADD_STUDENT', referenceId: `refunded-${unique()}` }),
    );
    return {
      headers: institute.authorization('superadmin'),
      path: '/wallet/refund',
      body: { chargeId: charge!.id, reason: 'Admission cancelled' },
      other: { path: '/wallet/refund', body: { chargeId: charge!.id, reason: 'Another reason' } },
    };
  },

  'POST /wallet/adjust': async (institute) => ({
    headers: institute.authorization('superadmin'),
    path: '/wallet/adjust',
    body: { branchId: institute.north.id, amount: 1_500, reason: 'Correction of a mistyped top-up' },
    other: { path: '/wallet/adjust', body: { branchId: institute.north.id, amount: 2_500, reason: 'Another correction' } },
  }),

  'POST /s3-upload/presigned-url': async (institute) => {
    const body = { fileName: 'photo.png', fileType: 'image/png', fileSize: png.length, formType: 'student' };
    return {
      headers: institute.authorization('branchStaff'),
      path: '/s3-upload/presigned-url',
      body,
      other: { path: '/s3-upload/presigned-url', body: { ...body, fileName: 'another.png' } },
    };
  },
  'POST /s3-upload/confirm-upload': async (institute) => {
    const headers = institute.authorization('branchStaff');
    const address = await request(institute.api, 'POST', '/api/v1/s3-upload/presigned-url', {
      headers,
      body: { fileName: 'photo.png', fileType: 'image/png', fileSize: png.length, formType: 'student' },
    });
    const { presignedUrl, key, headers: putHeaders } = address.body.data;
    const stored = await institute.api.request(presignedUrl, { method: 'PUT', body: new Uint8Array(png), headers: putHeaders });
    if (stored.status !== 200) throw new Error(`The fixture's upload was refused: ${stored.status}`);
    const body = { key, originalFileName: 'photo.png', fileSize: png.length, formType: 'student' };
    return {
      headers,
      path: '/s3-upload/confirm-upload',
      body,
      other: { path: '/s3-upload/confirm-upload', body: { ...body, originalFileName: 'another.png' } },
    };
  },
  'POST /invoices': async (institute) => ({
    headers: institute.authorization('superadmin'),
    path: '/invoices',
    body: invoiceDraft(institute.north.studentIds[0]!),
    other: { path: '/invoices', body: invoiceDraft(institute.north.studentIds[0]!, true) },
  }),
  'PUT /invoices/:id': async (institute) => {
    const { id } = await addInvoice(institute);
    const other = await addInvoice(institute);
    const body = invoiceDraft(institute.north.studentIds[0]!);
    return {
      headers: institute.authorization('superadmin'),
      path: `/invoices/${id}`,
      body,
      other: { path: `/invoices/${other.id}`, body },
    };
  },
  'DELETE /invoices/:id': async (institute) => ({
    headers: institute.authorization('superadmin'),
    path: `/invoices/${(await addInvoice(institute)).id}`,
    other: { path: `/invoices/${(await addInvoice(institute)).id}` },
  }),
  'POST /invoices/:id/issue': async (institute) => {
    const [first, second] = [await addInvoice(institute), await addInvoice(institute)];
    return {
      headers: institute.authorization('superadmin'),
      path: `/invoices/${first.id}/issue`,
      other: { path: `/invoices/${second.id}/issue` },
    };
  },
  'POST /invoices/:id/cancel': async (institute) => {
    const [first, second] = [await addInvoice(institute, { issue: true }), await addInvoice(institute, { issue: true })];
    return {
      headers: institute.authorization('superadmin'),
      path: `/invoices/${first.id}/cancel`,
      body: { reason: 'Billed in error' },
      other: { path: `/invoices/${second.id}/cancel`, body: { reason: 'Billed twice' } },
    };
  },
  'POST /invoices/:id/payments': async (institute) => {
    const { id } = await addInvoice(institute, { issue: true });
    return {
      headers: institute.authorization('superadmin'),
      path: `/invoices/${id}/payments`,
      body: { amount: 1_000, mode: 'cash', date: '2026-04-12' },
      other: { path: `/invoices/${id}/payments`, body: { amount: 2_000, mode: 'upi', date: '2026-04-12', reference: 'UPI-2' } },
    };
  },
  'POST /invoices/:id/payments/:paymentId/reverse': async (institute) => {
    const first = await addInvoice(institute, { issue: true, paid: 1_000 });
    const second = await addInvoice(institute, { issue: true, paid: 1_000 });
    return {
      headers: institute.authorization('superadmin'),
      path: `/invoices/${first.id}/payments/${first.paymentId}/reverse`,
      body: { reason: 'Cheque bounced' },
      other: { path: `/invoices/${second.id}/payments/${second.paymentId}/reverse`, body: { reason: 'Entered twice' } },
    };
  },
  'PUT /invoices/settings': async (institute) => ({
    headers: institute.authorization('superadmin'),
    path: '/invoices/settings',
    body: settingsBody('Reliability Institute'),
    other: { path: '/invoices/settings', body: settingsBody('Reliability Institute Ltd') },
  }),
  'POST /invoices/tax-rates': async (institute) => ({
    headers: institute.authorization('superadmin'),
    path: '/invoices/tax-rates',
    body: { rate: 100 + (randomBytes(2).readUInt16BE() % 9_000), from: '2030-04-01', until: null },
    other: { path: '/invoices/tax-rates', body: { rate: 100 + (randomBytes(2).readUInt16BE() % 9_000), from: '2031-04-01', until: null } },
  }),
};
