import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiEndpoints } from '../../api/app';
import { append } from '../../api/db/event-store';
import { addCoursePaper } from '../../api/domain/course-papers/commands';
import type { FileUploadedData } from '../../api/domain/upload-events';
import { allPermissionNames } from '../../api/domain/permissions/catalogue';
import { createRecord } from '../../api/domain/records';
import { uploadStream } from '../../api/domain/uploads';
import { creditWallet } from '../../api/domain/wallet/credit-wallet';
import { SITTING_MARKSHEETS } from '../../api/domain/documents/sitting-marksheets';
import { enqueueJob } from '../../api/jobs/queue';
import { cancelInvoice, createInvoice, recordPayment } from '../../api/domain/invoices/commands';
import { createCertificateFormat } from '../../api/domain/certificate-formats/commands';
import { startBulkIssue } from '../../api/domain/certificates/bulk-issue';
import { issueDocument, issuerOf } from '../../api/domain/certificates/commands';
import { blankFormat } from '../../common/contracts/certificate-formats';
import { invoiceDraftBody, paymentBody } from '../../common/contracts/invoices';
import type { Endpoint } from '../../api/http/endpoint';
import { createImport, startImportRun } from '../../api/domain/imports/imports';
import {
  addBranch,
  addUser,
  asSystem,
  createAccountsApi,
  grant,
  instituteActor,
  syncCatalogue,
  tokenFor,
  type AccountsApi,
} from './accounts';

/**
 * The authorization walk: every endpoint of /api/v1 is called without a token, with an expired
 * token, by a user without permissions and, where it addresses one branch's data, by a user of
 * another branch. An endpoint added without an entry below fails the walk.
 */

type AnyEndpoint = Endpoint;
const key = (endpoint: Pick<AnyEndpoint, 'method' | 'path'>) => `${endpoint.method.toUpperCase()} ${endpoint.path}`;

/** The only endpoints anyone may call without signing in. Adding one is a decision: add it here. */
const publicEndpoints = [
  'GET /health',
  'POST /auth/v2/login',
  'POST /users/refresh',
  'POST /auth/v2/logout',
  'POST /users/logout',
  // SPEC.md section 7: the client sends no token to /dynamic-forms; a form's fields are not secret.
  'GET /dynamic-forms/type/:formType',
  // Anyone holding a marksheet or an admit card may check it: that is what its code is for.
  'GET /public/verify/:code',
  // The institute's public website reads what was published, and only that.
  'GET /public/site',
  'GET /public/site/:section',
];

/**
 * Routes mounted beside the endpoint list, without a bearer token by nature: the API's own
 * description, and the built-in file store's addresses, whose signature is the permission.
 */
const routesBesideTheList = [
  'GET /openapi.json',
  'PUT /storage/objects/*',
  'GET /storage/objects/*',
  'HEAD /storage/objects/*',
  // The published site's files, for any visitor; only a file a published section names opens.
  'GET /public/site/files/:year/:month/:name',
  // The WebP copies of the published site's images, under the same check.
  'GET /public/site/images/:year/:month/:name/:copy',
];

const walkDraft = (studentId: string) => ({
  kind: 'student',
  partyId: studentId,
  date: '2026-04-10',
  dueDate: '2026-04-25',
  lines: [{ kind: 'courseFee', description: 'Walk', quantity: 1, rate: 10_000 }],
});

/** An issued invoice of a student, with a payment on it, and a cancelled one, made as the institute's staff. */
async function walkInvoice(db: AccountsApi['db'], studentId: string) {
  const staff = instituteActor('walk');
  return asSystem(db, async (ctx) => {
    const issue = () => createInvoice(ctx, staff, invoiceDraftBody.parse({ ...walkDraft(studentId), issue: true }));
    const invoiceId = await issue();
    const paymentId = await recordPayment(ctx, staff, invoiceId, paymentBody.parse({ amount: 100, mode: 'cash', date: '2026-04-10' }));
    const cancelledInvoiceId = await issue();
    await cancelInvoice(ctx, staff, cancelledInvoiceId, 'Walk');
    return { invoiceId, paymentId, cancelledInvoiceId };
  });
}

/** A file of students imported by branch A's staff, with a dry run of it queued. */
async function walkImport(db: AccountsApi['db'], branchId: string, userId: string) {
  const staff = { ...instituteActor(userId), role: 'branch_admin', branchId };
  return asSystem(db, async (ctx) => {
    const file = { fileName: 'walk.csv', columns: ['Student Name'], rowCount: 1, sample: [['Walk']] };
    const row = await createImport(ctx, staff, { formType: 'student', fileKey: 'imports/2026/01/0190-walk.csv' }, file);
    const { run } = await startImportRun(ctx, staff, row, { mapping: [null], dryRun: true });
    return { importId: row.id, importJobId: run._id };
  });
}

/** An ID card issued to a student of branch A in its course, and a bulk issue queued for that branch. */
async function walkCertificates(db: AccountsApi['db'], branchId: string, courseId: string) {
  const staff = instituteActor('walk');
  return asSystem(db, async (ctx) => {
    const formatId = await createCertificateFormat(ctx, staff, { name: 'Walk card', layout: blankFormat('idcard').layout });
    const { id: studentId } = await createRecord(ctx, {
      formType: 'student',
      branchId,
      fields: { studentName: 'Card holder of A', selectedCourse: courseId },
    });
    const { id: certificateId } = await issueDocument(ctx, issuerOf(staff), { kind: 'idcard', formatId, studentId, courseId });
    const { job } = await startBulkIssue(ctx, { scope: branchId }, { kind: 'idcard', formatId, courseId });
    return { certificateId, certificateJobId: job.id };
  });
}

interface Fixture {
  /** Branch A's data, which a user of branch B must never reach. */
  branchA: {
    branchId: string;
    userId: string;
    studentId: string;
    courseId: string;
    examId: string;
    walletEntryId: string;
    uploadKey: string;
    paperId: string;
    /** A job making the marksheets of branch A's sitting. */
    jobId: string;
    /** An issued invoice of branch A's student, and a payment on it. */
    invoiceId: string;
    paymentId: string;
    /** A cancelled invoice of branch A's student: it has a credit note. */
    cancelledInvoiceId: string;
    /** An ID card issued to branch A's student, and the job that issued it. */
    certificateId: string;
    certificateJobId: string;
    /** A file of students imported by branch A's staff, and a dry run of it. */
    importId: string;
    importJobId: string;
  };
  branchB: { branchId: string };
}

/**
 * How a caller confined to one branch meets an endpoint's data:
 * - `by-id`: the path, query or body addresses one record; a caller of another branch gets 404, as if it
 *   did not exist;
 * - `list`: a list filtered to the caller's branch; nothing of another branch shows up in it;
 * - `create`: what it creates lands in the caller's own branch (the resource's tests prove it);
 * - `none`: data of no branch (the catalogue, the caller's own account), or super admins only.
 */
type BranchRule = 'by-id' | 'list' | 'create' | 'none';

interface WalkEntry {
  branch: BranchRule;
  /** Values for the path's parameters, addressing branch A's records (random ids otherwise). */
  params?: (fx: Fixture) => Record<string, string>;
  /** A query addressing branch A's record, for endpoints that take its id there. */
  query?: (fx: Fixture) => Record<string, string>;
  /** A valid body, so that validation does not answer before the branch check does. */
  body?: (fx: Fixture) => unknown;
}

const walk: Record<string, WalkEntry> = {
  'GET /users/current-user': { branch: 'none' },
  'POST /users/change-password': { branch: 'none' },
  'GET /permissions': { branch: 'none' },
  'POST /permissions/sync': { branch: 'none' },
  'GET /users': { branch: 'list', query: () => ({ limit: '100' }) },
  'GET /users/export': { branch: 'list' },
  'GET /access-changes': { branch: 'list', query: () => ({ limit: '100' }) },
  'GET /access-changes/export': { branch: 'list' },
  'GET /users/branch/:branchId': { branch: 'by-id', params: (fx) => ({ branchId: fx.branchA.branchId }) },
  'GET /users/:id': { branch: 'by-id', params: (fx) => ({ id: fx.branchA.userId }) },
  'POST /users': { branch: 'create' },
  'POST /users/register': { branch: 'create' },
  'POST /users/branch/create': { branch: 'create' },
  'PUT /users/:id': {
    branch: 'by-id',
    params: (fx) => ({ id: fx.branchA.userId }),
    body: () => ({ name: 'Renamed', email: 'renamed@example.com' }),
  },
  'PUT /users/:id/permissions': {
    branch: 'by-id',
    params: (fx) => ({ id: fx.branchA.userId }),
    body: () => ({ permissions: [] }),
  },
  'PATCH /users/:id/status': {
    branch: 'by-id',
    params: (fx) => ({ id: fx.branchA.userId }),
    body: () => ({ status: 'inactive' }),
  },
  'DELETE /users/:id': { branch: 'by-id', params: (fx) => ({ id: fx.branchA.userId }) },

  'GET /wallet/balance': { branch: 'list' },
  'GET /wallet/balance/current': { branch: 'none' },
  'GET /wallet/balance/:id': { branch: 'by-id', params: (fx) => ({ id: fx.branchA.branchId }) },
  'GET /wallet/transactions': { branch: 'list', query: (fx) => ({ branchId: fx.branchA.branchId, limit: '100' }) },
  'GET /wallet/transactions/export': { branch: 'list', query: (fx) => ({ branchId: fx.branchA.branchId }) },
  'GET /wallet/statistics': { branch: 'list' },
  'GET /dashboard': { branch: 'list' },
  'POST /wallet/add-balance': { branch: 'create' },
  'POST /wallet/operation-pricing/deduct': { branch: 'create' },
  'POST /wallet/refund': {
    branch: 'by-id',
    body: (fx) => ({ chargeId: fx.branchA.walletEntryId, reason: 'Walk' }),
  },
  'POST /wallet/adjust': { branch: 'create' },
  'GET /wallet/operation-pricing/quote': {
    branch: 'by-id',
    query: (fx) => ({ operationKey: 'ADD_STUDENT', branchId: fx.branchA.branchId }),
  },
  'GET /wallet/operation-pricing': { branch: 'none' },
  'POST /wallet/operation-pricing': { branch: 'none' },
  'PUT /wallet/operation-pricing/:id': { branch: 'none' },
  'DELETE /wallet/operation-pricing/:id': { branch: 'none' },
  'PATCH /wallet/operation-pricing/:id/toggle-status': { branch: 'none' },

  'GET /invoices': { branch: 'list', query: () => ({ limit: '100' }) },
  'GET /invoices/export': { branch: 'list' },
  'GET /invoices/settings': { branch: 'none' },
  'PUT /invoices/settings': { branch: 'none' },
  'GET /invoices/tax-rates': { branch: 'none' },
  'POST /invoices/tax-rates': { branch: 'none' },
  // Another branch's student answers 403 with its own message (api/http/invoices.test.ts).
  'POST /invoices': { branch: 'create' },
  'GET /invoices/:id': { branch: 'by-id', params: (fx) => ({ id: fx.branchA.invoiceId }) },
  'PUT /invoices/:id': { branch: 'by-id', params: (fx) => ({ id: fx.branchA.invoiceId }), body: (fx) => walkDraft(fx.branchA.studentId) },
  'DELETE /invoices/:id': { branch: 'by-id', params: (fx) => ({ id: fx.branchA.invoiceId }) },
  'POST /invoices/:id/issue': { branch: 'by-id', params: (fx) => ({ id: fx.branchA.invoiceId }) },
  'POST /invoices/:id/cancel': { branch: 'by-id', params: (fx) => ({ id: fx.branchA.invoiceId }), body: () => ({ reason: 'Walk' }) },
  'GET /invoices/:id/pdf': { branch: 'by-id', params: (fx) => ({ id: fx.branchA.invoiceId }) },
  'GET /invoices/:id/credit-note': { branch: 'by-id', params: (fx) => ({ id: fx.branchA.cancelledInvoiceId }) },
  'POST /invoices/:id/payments': {
    branch: 'by-id',
    params: (fx) => ({ id: fx.branchA.invoiceId }),
    body: () => ({ amount: 100, mode: 'cash', date: '2026-04-10' }),
  },
  'POST /invoices/:id/payments/:paymentId/reverse': {
    branch: 'by-id',
    params: (fx) => ({ id: fx.branchA.invoiceId, paymentId: fx.branchA.paymentId }),
    body: () => ({ reason: 'Walk' }),
  },
  'GET /invoices/:id/payments/:paymentId/receipt': {
    branch: 'by-id',
    params: (fx) => ({ id: fx.branchA.invoiceId, paymentId: fx.branchA.paymentId }),
  },
  'GET /payments': { branch: 'list', query: () => ({ limit: '100' }) },
  'GET /payments/export': { branch: 'list' },
  'GET /students/:studentId/fees': { branch: 'by-id', params: (fx) => ({ studentId: fx.branchA.studentId }) },

  'GET /dynamic-forms': { branch: 'none' },
  'POST /dynamic-forms': { branch: 'none' },
  'PUT /dynamic-forms/:id': { branch: 'none' },
  'GET /course/categories/all': { branch: 'none' },
  'GET /course/categories': { branch: 'none' },
  'GET /course/categories/export': { branch: 'none' },
  'POST /course/categories': { branch: 'none' },
  'PUT /course/categories/:id': { branch: 'none' },
  'PUT /course/categories/:id/status': { branch: 'none' },
  'DELETE /course/categories/:id': { branch: 'none' },
  // A paper is read and changed as its course is: a course of branch A is not branch B's.
  'GET /course/papers': { branch: 'list', query: () => ({ limit: '100' }) },
  'GET /course/papers/export': { branch: 'list' },
  'GET /course/papers/:id': { branch: 'by-id', params: (fx) => ({ id: fx.branchA.paperId }) },
  'POST /course/papers': {
    branch: 'by-id',
    body: (fx) => ({ courseId: fx.branchA.courseId, code: 'W-2', name: 'Walk', kind: 'theory', questionPaperMarks: 10, passingMarks: 4 }),
  },
  'PUT /course/papers/:id': {
    branch: 'by-id',
    params: (fx) => ({ id: fx.branchA.paperId }),
    body: () => ({ code: 'W-1', name: 'Walked', kind: 'theory', questionPaperMarks: 10, passingMarks: 4 }),
  },
  'DELETE /course/papers/:id': { branch: 'by-id', params: (fx) => ({ id: fx.branchA.paperId }) },
  'GET /dynamic-data': { branch: 'list', query: () => ({ formType: 'student', limit: '100' }) },
  'GET /dynamic-data/branch': { branch: 'list', query: (fx) => ({ branchId: fx.branchA.branchId, limit: '100' }) },
  'GET /dynamic-data/choices': { branch: 'list', query: () => ({ formType: 'student' }) },
  'GET /dynamic-data/export': { branch: 'list', query: () => ({ formType: 'student' }) },
  'GET /dynamic-data/:id': { branch: 'by-id', params: (fx) => ({ id: fx.branchA.studentId }) },
  'GET /dynamic-data/:id/history': { branch: 'by-id', params: (fx) => ({ id: fx.branchA.studentId }) },
  'POST /dynamic-data': { branch: 'create' },
  'PUT /dynamic-data/:id': {
    branch: 'by-id',
    params: (fx) => ({ id: fx.branchA.studentId }),
    body: () => ({ formType: 'student', fieldsData: [{ name: 'studentName', value: 'Renamed' }] }),
  },
  'DELETE /dynamic-data/:id': { branch: 'by-id', params: (fx) => ({ id: fx.branchA.studentId }) },

  'GET /courses': { branch: 'list', query: () => ({ limit: '100' }) },
  'GET /courses/all': { branch: 'list' },
  'GET /courses/:id': { branch: 'by-id', params: (fx) => ({ id: fx.branchA.courseId }) },
  'POST /courses': { branch: 'create' },
  'PUT /courses/:id': { branch: 'by-id', params: (fx) => ({ id: fx.branchA.courseId }), body: () => ({ courseName: 'Renamed' }) },
  'DELETE /courses/:id': { branch: 'by-id', params: (fx) => ({ id: fx.branchA.courseId }) },
  'GET /branches': { branch: 'list', query: () => ({ limit: '100' }) },
  'GET /branches/:id': { branch: 'by-id', params: (fx) => ({ id: fx.branchA.branchId }) },
  'POST /branches': { branch: 'create' },
  'PUT /branches/:id': { branch: 'by-id', params: (fx) => ({ id: fx.branchA.branchId }), body: () => ({ addBranch: 'Renamed' }) },
  'DELETE /branches/:id': { branch: 'by-id', params: (fx) => ({ id: fx.branchA.branchId }) },
  'GET /students': { branch: 'list', query: () => ({ limit: '100' }) },
  'GET /students/type/branch': { branch: 'list', query: (fx) => ({ branchId: fx.branchA.branchId, limit: '100' }) },
  'GET /students/:id': { branch: 'by-id', params: (fx) => ({ id: fx.branchA.studentId }) },
  'POST /students': { branch: 'create' },
  'PUT /students/:id': { branch: 'by-id', params: (fx) => ({ id: fx.branchA.studentId }), body: () => ({ studentName: 'Renamed' }) },
  'DELETE /students/:id': { branch: 'by-id', params: (fx) => ({ id: fx.branchA.studentId }) },
  'GET /results': { branch: 'list', query: () => ({ limit: '100' }) },
  'GET /exams/:id/results': { branch: 'by-id', params: (fx) => ({ id: fx.branchA.examId }) },
  'GET /exams/:id/results/export': { branch: 'by-id', params: (fx) => ({ id: fx.branchA.examId }) },
  'PUT /exams/:id/results/marks': {
    branch: 'by-id',
    params: (fx) => ({ id: fx.branchA.examId }),
    body: (fx) => ({ cells: [{ studentId: fx.branchA.studentId, subject: 'walk', value: 1, baseVersion: 0 }] }),
  },
  'POST /exams/:id/results/import': {
    branch: 'by-id',
    params: (fx) => ({ id: fx.branchA.examId }),
    body: (fx) => ({ fileKey: fx.branchA.uploadKey, dryRun: true }),
  },
  'POST /exams/:id/results/publish': {
    branch: 'by-id',
    params: (fx) => ({ id: fx.branchA.examId }),
    body: (fx) => ({ branchId: fx.branchA.branchId }),
  },
  'GET /students/:id/results': { branch: 'by-id', params: (fx) => ({ id: fx.branchA.studentId }) },
  'GET /exams/:id/sitting': { branch: 'by-id', params: (fx) => ({ id: fx.branchA.examId }) },
  'GET /exams/:id/sitting/candidates': { branch: 'by-id', params: (fx) => ({ id: fx.branchA.examId }) },
  'POST /exams/:id/sitting/students': {
    branch: 'by-id',
    params: (fx) => ({ id: fx.branchA.examId }),
    body: (fx) => ({ studentId: fx.branchA.studentId }),
  },
  'POST /exams/:id/sitting/students/:studentId/excuse': {
    branch: 'by-id',
    params: (fx) => ({ id: fx.branchA.examId, studentId: fx.branchA.studentId }),
    body: () => ({ reason: 'Walked' }),
  },
  'POST /exams/:id/results/revisions': {
    branch: 'by-id',
    params: (fx) => ({ id: fx.branchA.examId }),
    body: (fx) => ({ studentId: fx.branchA.studentId, marks: [{ subject: 'walk', value: 1 }], reason: 'Walked' }),
  },
  'GET /exams/:id/results/history': { branch: 'by-id', params: (fx) => ({ id: fx.branchA.examId }) },
  'GET /exams/:id/results/marksheets': { branch: 'by-id', params: (fx) => ({ id: fx.branchA.examId }) },
  'GET /exams/:id/results/marksheets/:studentId': {
    branch: 'by-id',
    params: (fx) => ({ id: fx.branchA.examId, studentId: fx.branchA.studentId }),
  },
  'POST /exams/:id/results/marksheets/jobs': {
    branch: 'by-id',
    params: (fx) => ({ id: fx.branchA.examId }),
    body: (fx) => ({ branchId: fx.branchA.branchId }),
  },
  'GET /exams/:id/results/marksheets/jobs/:jobId': {
    branch: 'by-id',
    params: (fx) => ({ id: fx.branchA.examId, jobId: fx.branchA.jobId }),
  },
  'GET /exams/:id/results/marksheets/jobs/:jobId/pdf': {
    branch: 'by-id',
    params: (fx) => ({ id: fx.branchA.examId, jobId: fx.branchA.jobId }),
  },
  'GET /exams/:id/admit-cards': { branch: 'by-id', params: (fx) => ({ id: fx.branchA.examId }) },
  'POST /exams/:id/admit-cards': {
    branch: 'by-id',
    params: (fx) => ({ id: fx.branchA.examId }),
    body: (fx) => ({ branchId: fx.branchA.branchId }),
  },
  'GET /exams/:id/admit-cards/pdf': { branch: 'by-id', params: (fx) => ({ id: fx.branchA.examId }) },
  'GET /marksheet-templates': { branch: 'none' },
  'GET /marksheet-templates/:id': { branch: 'none', params: () => ({ id: 'walk' }) },
  'POST /marksheet-templates': { branch: 'none' },
  'PUT /marksheet-templates/:id': { branch: 'none', params: () => ({ id: 'walk' }) },
  'POST /marksheet-templates/:id/default': { branch: 'none', params: () => ({ id: 'walk' }) },
  'GET /marksheet-templates/:id/preview': { branch: 'none', params: () => ({ id: 'walk' }) },
  'POST /marksheet-templates/preview': { branch: 'none' },
  // The institute's formats: a branch's staff read them all and change none (api/http/certificate-formats.test.ts).
  'GET /certificate-formats': { branch: 'none' },
  'GET /certificate-formats/:id': { branch: 'none', params: () => ({ id: 'walk' }) },
  'POST /certificate-formats': { branch: 'none' },
  'PUT /certificate-formats/:id': { branch: 'none', params: () => ({ id: 'walk' }) },
  'POST /certificate-formats/:id/archive': { branch: 'none', params: () => ({ id: 'walk' }) },
  'POST /certificate-formats/:id/unarchive': { branch: 'none', params: () => ({ id: 'walk' }) },
  // Whoever may see the format and the student; a branch's staff only their own students (api/http/certificate-format-preview.test.ts).
  'GET /certificate-formats/:id/sample': { branch: 'none', params: () => ({ id: 'walk' }) },
  'GET /certificate-formats/:id/preview': { branch: 'none', params: () => ({ id: 'walk' }) },
  'GET /certificates': { branch: 'list', query: () => ({ limit: '100' }) },
  'GET /certificates/export': { branch: 'list' },
  'GET /certificates/overview': { branch: 'list' },
  'GET /certificates/students': { branch: 'list', query: () => ({ kind: 'idcard', limit: '100' }) },
  'GET /certificates/:id': { branch: 'by-id', params: (fx) => ({ id: fx.branchA.certificateId }) },
  // Another branch's student answers 403 with its own message (api/http/certificates.test.ts).
  'POST /certificates': { branch: 'create' },
  'POST /certificates/:id/revoke': {
    branch: 'by-id',
    params: (fx) => ({ id: fx.branchA.certificateId }),
    body: () => ({ reason: 'Walk' }),
  },
  'POST /certificates/:id/reissue': { branch: 'by-id', params: (fx) => ({ id: fx.branchA.certificateId }), body: () => ({}) },
  'POST /certificates/bulk': { branch: 'create' },
  'POST /imports': { branch: 'create' },
  'GET /imports/templates/:formType': { branch: 'none', params: () => ({ formType: 'student' }) },
  'GET /imports/:id': { branch: 'by-id', params: (fx) => ({ id: fx.branchA.importId }) },
  'POST /imports/:id/runs': {
    branch: 'by-id',
    params: (fx) => ({ id: fx.branchA.importId }),
    body: () => ({ mapping: [null], dryRun: true }),
  },
  'GET /imports/:id/runs/:jobId': { branch: 'by-id', params: (fx) => ({ id: fx.branchA.importId, jobId: fx.branchA.importJobId }) },
  'GET /imports/:id/runs/:jobId/failed-rows': {
    branch: 'by-id',
    params: (fx) => ({ id: fx.branchA.importId, jobId: fx.branchA.importJobId }),
  },
  'GET /certificates/jobs/:jobId': { branch: 'by-id', params: (fx) => ({ jobId: fx.branchA.certificateJobId }) },
  'GET /certificates/:id/pdf': { branch: 'by-id', params: (fx) => ({ id: fx.branchA.certificateId }) },
  'POST /certificates/pdf': { branch: 'by-id', body: (fx) => ({ ids: [fx.branchA.certificateId] }) },
  'POST /certificates/idcard-sheet': { branch: 'by-id', body: (fx) => ({ ids: [fx.branchA.certificateId] }) },
  // Another user's job of one's own branch is none of one's own either (api/http/jobs.test.ts).
  'GET /jobs': { branch: 'list', query: () => ({ limit: '100' }) },
  'POST /jobs/:jobId/cancel': { branch: 'by-id', params: (fx) => ({ jobId: fx.branchA.jobId }) },
  'GET /settings': { branch: 'none' },
  // The public site is the institute's: no branch has a part of it.
  'GET /site-content': { branch: 'none' },
  'GET /site-content/preview': { branch: 'none' },
  'GET /site-content/:section': { branch: 'none', params: () => ({ section: 'header' }) },
  'PUT /site-content/:section': {
    branch: 'none',
    params: () => ({ section: 'header' }),
    body: () => ({ content: { instituteName: 'Walk' } }),
  },
  'POST /site-content/:section/publish': { branch: 'none', params: () => ({ section: 'header' }) },
  'POST /site-content/:section/restore': { branch: 'none', params: () => ({ section: 'header' }), body: () => ({ number: 1 }) },
  'POST /site-content/:section/discard': { branch: 'none', params: () => ({ section: 'header' }) },

  'POST /s3-upload/presigned-url': { branch: 'create' },
  'POST /s3-upload/confirm-upload': { branch: 'create' },
  'GET /s3-upload/download-url': { branch: 'by-id', query: (fx) => ({ key: fx.branchA.uploadKey }) },
};

const nonPublic = apiEndpoints.filter((endpoint) => !publicEndpoints.includes(key(endpoint)));
const pathParams = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);

function pathWith(endpoint: AnyEndpoint, params: Record<string, string>, query: Record<string, string> = {}): string {
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? randomUUID()));
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

/** Parameters that address nothing, for calls that must pass the access rule and change nothing. */
const randomParams = (endpoint: AnyEndpoint) => Object.fromEntries(pathParams(endpoint.path).map((n) => [n, randomUUID()]));

describe('access rules', () => {
  it('every endpoint declares one of the four kinds of access, naming permissions of the catalogue', () => {
    for (const endpoint of apiEndpoints) {
      const name = key(endpoint);
      expect(endpoint.access, name).toBeDefined();
      expect(['public', 'authenticated', 'permission', 'superadmin'], name).toContain(endpoint.access.kind);
      if (endpoint.access.kind === 'permission') {
        expect(endpoint.access.anyOf.length, `${name} names no permission`).toBeGreaterThan(0);
        for (const permission of endpoint.access.anyOf) {
          expect(allPermissionNames, `${name} names an unknown permission`).toContain(permission);
        }
      }
    }
  });

  it('public endpoints are exactly the allow-list', () => {
    const open = apiEndpoints.filter((e) => e.access.kind === 'public').map(key);
    expect(open.sort()).toEqual([...publicEndpoints].sort());
  });

  it('every other endpoint has an entry in the walk, and the walk names no endpoint that is gone', () => {
    const declared = nonPublic.map(key).sort();
    expect(Object.keys(walk).sort()).toEqual(declared);
    for (const endpoint of nonPublic) {
      const entry = walk[key(endpoint)]!;
      const names = pathParams(endpoint.path);
      if (entry.params) {
        expect(Object.keys(entry.params(fakeFixture)).sort(), `${key(endpoint)} params`).toEqual(names.sort());
      }
      if (entry.branch === 'by-id') {
        expect(Boolean(entry.params || entry.query || entry.body), `${key(endpoint)} addresses no record of branch A`).toBe(true);
      }
      if (entry.branch === 'list') expect(endpoint.method, `${key(endpoint)} is a list`).toBe('get');
    }
  });

  it('every route of the app is an endpoint of the list, or one of the few routes beside it', async () => {
    const accounts = await createAccountsApi();
    try {
      const routes = new Set(
        accounts.api.routes
          .filter((route) => route.method !== 'ALL')
          .map((route) => `${route.method} ${route.path.replace(/^\/api\/v1/, '')}`),
      );
      const listed = new Set(apiEndpoints.map(key));
      expect(
        [...listed].filter((route) => !routes.has(route)),
        'endpoints that are not mounted',
      ).toEqual([]);
      const beside = [...routes].filter((route) => !listed.has(route));
      expect(
        beside.filter((route) => !routesBesideTheList.includes(route)),
        'routes outside the endpoint list',
      ).toEqual([]);
      expect((await accounts.call('GET', '/openapi.json')).status).toBe(200);
    } finally {
      await accounts.cleanup();
    }
  });
});

const fakeFixture: Fixture = {
  branchA: {
    branchId: 'a',
    userId: 'a',
    studentId: 'a',
    courseId: 'a',
    examId: 'a',
    walletEntryId: 'a',
    uploadKey: 'a',
    paperId: 'a',
    jobId: 'a',
    invoiceId: 'a',
    paymentId: 'a',
    cancelledInvoiceId: 'a',
    certificateId: 'a',
    certificateJobId: 'a',
    importId: 'a',
    importJobId: 'a',
  },
  branchB: { branchId: 'b' },
};

describe('the walk', () => {
  let accounts: AccountsApi;
  let fx: Fixture;
  const tokens = {} as {
    superadmin: string;
    expired: string;
    /** Signed in, holding no permission at all. */
    nobody: string;
    /** Every permission of the catalogue, but not a super admin. */
    everything: string;
    /** A user of branch B whose permissions each check sets. */
    probe: string;
  };
  let probeId: string;

  beforeAll(async () => {
    accounts = await createAccountsApi();
    const { db, auth } = accounts;
    await syncCatalogue(db);
    const branchA = await addBranch(db, 'Branch A', 'BA');
    const branchB = await addBranch(db, 'Branch B', 'BB');
    const { id: studentId } = await asSystem(db, (ctx) =>
      createRecord(ctx, { formType: 'student', branchId: branchA, fields: { studentName: 'Student of A' } }),
    );
    const { id: courseId } = await asSystem(db, (ctx) =>
      createRecord(ctx, { formType: 'course', branchId: branchA, fields: { courseName: 'Course of A' } }),
    );
    const { id: examId } = await asSystem(db, (ctx) =>
      createRecord(ctx, { formType: 'examResult', branchId: branchA, fields: { examId: 'EXA', examName: 'Exam of A' } }),
    );
    const userA = await addUser(db, { role: 'branch_user', branchId: branchA });
    const walletEntry = await asSystem(db, (ctx) => creditWallet(ctx, { branchId: branchA, amount: 10_000 }));
    const uploadKey = 'student/2026/01/0190-walk.pdf';
    const upload: FileUploadedData = {
      originalFileName: 'walk.pdf',
      contentType: 'application/pdf',
      size: 4,
      formType: 'student',
      fieldName: null,
      uploadedBy: userA,
      branchId: branchA,
    };
    await asSystem(db, (ctx) => append(ctx.tx, uploadStream(uploadKey), 'no_stream', [{ type: 'FileUploaded', data: upload }], ctx.meta));
    const paperId = await asSystem(db, (ctx) =>
      addCoursePaper(
        ctx,
        { role: 'admin', branchId: null },
        { courseId, code: 'W-1', name: 'Walk', kind: 'theory', questionPaperMarks: 10, passingMarks: 4, questionPaper: null },
      ),
    );
    const { job } = await asSystem(db, (ctx) =>
      enqueueJob(ctx.tx, {
        kind: SITTING_MARKSHEETS,
        subject: `${examId}:${branchA}`,
        payload: { examId, branchId: branchA, origin: 'http://localhost' },
        total: 1,
        requestedBy: userA,
        branchId: branchA,
        now: ctx.meta.occurredAt,
      }),
    );
    const certificates = await walkCertificates(db, branchA, courseId);
    fx = {
      branchA: {
        branchId: branchA,
        userId: userA,
        studentId,
        courseId,
        examId,
        walletEntryId: walletEntry.id,
        uploadKey,
        paperId,
        jobId: job.id,
        ...(await walkInvoice(db, studentId)),
        ...certificates,
        ...(await walkImport(db, branchA, userA)),
      },
      branchB: { branchId: branchB },
    };

    const superadmin = await addUser(db, { role: 'superadmin' });
    tokens.superadmin = await tokenFor(db, auth, superadmin);
    tokens.expired = await tokenFor(db, auth, superadmin, new Date(Date.now() - 2 * 60 * 60 * 1000));
    tokens.nobody = await tokenFor(db, auth, await addUser(db, { role: 'admin' }));
    tokens.everything = await tokenFor(db, auth, await addUser(db, { role: 'admin', permissions: allPermissionNames }));
    probeId = await addUser(db, { role: 'branch_admin', branchId: branchB });
    tokens.probe = await tokenFor(db, auth, probeId);
  });
  afterAll(() => accounts?.cleanup());

  const call = (
    endpoint: AnyEndpoint,
    token: string | undefined,
    params: Record<string, string>,
    { query, body }: { query?: Record<string, string>; body?: unknown } = {},
  ) => accounts.call(endpoint.method, pathWith(endpoint, params, query), { token, body });

  it.each(nonPublic.map((endpoint) => [key(endpoint), endpoint] as const))('%s', async (name, endpoint) => {
    const entry = walk[name];
    if (!entry) throw new Error(`${name} has no entry in the walk: state its branch rule and path parameters`);
    const params = entry.params?.(fx) ?? randomParams(endpoint);
    const access = endpoint.access;

    const anonymous = await call(endpoint, undefined, params);
    expect(anonymous.status, 'without a token').toBe(401);
    expect(anonymous.body.success).toBe(false);
    expect((await call(endpoint, tokens.expired, params)).status, 'with an expired token').toBe(410);
    expect((await call(endpoint, 'not-a-token', params)).status, 'with a malformed token').toBe(401);

    const nobody = await call(endpoint, tokens.nobody, randomParams(endpoint));
    if (access.kind === 'authenticated') {
      expect(nobody.status, 'signed in without permissions').toBeLessThan(500);
      expect([401, 403, 410], 'signed in without permissions').not.toContain(nobody.status);
    } else {
      expect(nobody.status, 'signed in without permissions').toBe(403);
    }

    if (access.kind === 'superadmin') {
      const everything = await call(endpoint, tokens.everything, randomParams(endpoint));
      expect(everything.status, 'every permission, not a super admin').toBe(403);
      const allowed = await call(endpoint, tokens.superadmin, randomParams(endpoint));
      expect([401, 403, 410], 'as the super admin').not.toContain(allowed.status);
      expect(allowed.status, 'as the super admin').toBeLessThan(500);
    }

    if (access.kind === 'permission') {
      // Each permission of the rule opens the endpoint on its own.
      for (const permission of access.anyOf) {
        await grant(accounts.db, probeId, [permission]);
        const allowed = await call(endpoint, tokens.probe, randomParams(endpoint));
        expect([401, 403, 410], `holding only ${permission}: ${JSON.stringify(allowed.body)}`).not.toContain(allowed.status);
        expect(allowed.status, `holding only ${permission}`).toBeLessThan(500);
      }
    }

    if (access.kind === 'superadmin' || access.kind === 'public') return;
    // A caller of branch B holding every permission there is: belonging to a branch confines
    // them to it, whatever they hold.
    await grant(accounts.db, probeId, allPermissionNames);
    if (entry.branch === 'by-id') {
      const other = await call(endpoint, tokens.probe, params, { query: entry.query?.(fx), body: entry.body?.(fx) });
      expect(other.status, 'a user of another branch addressing branch A').toBe(404);
    }
    if (entry.branch === 'list') {
      const other = await call(endpoint, tokens.probe, params, { query: entry.query?.(fx) });
      expect(other.status, `a user of another branch listing: ${JSON.stringify(other.body)}`).toBe(200);
      const text = JSON.stringify(other.body);
      for (const id of Object.values(fx.branchA)) {
        expect(text.includes(id), `branch A's ${id} in a list of branch B`).toBe(false);
      }
    }
  });
});
