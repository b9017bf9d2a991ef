import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodTypeAny } from 'zod';
import { apiEndpoints } from '../../api/app';
import { ensureDefaultFormConfigs } from '../../api/domain/form-configs';
import { allPermissionNames } from '../../api/domain/permissions/catalogue';
import { createInvoice } from '../../api/domain/invoices/commands';
import { createCertificateFormat } from '../../api/domain/certificate-formats/commands';
import { blankFormat } from '../../common/contracts/certificate-formats';
import { createRecord } from '../../api/domain/records';
import type { Endpoint } from '../../api/http/endpoint';
import { invoiceDraftBody } from '../../common/contracts/invoices';
import { apiConformance, apiDocument } from '../support/test-database';
import { addUser, asSystem, createAccountsApi, instituteActor, syncCatalogue, tokenFor, type AccountsApi } from './accounts';
import { addWalletBranch, priceOperation } from './wallet-fixtures';
import { runQueuedJobs, waitingJob } from './jobs';
import { storeFile } from './stored-files';

/**
 * The OpenAPI document against the API it describes: it passes an OpenAPI linter, its examples
 * are requests the endpoints take, and every operation, called with its example, succeeds with an
 * answer the document allows. The request helper holds every answer of the API suite to the
 * document (tests/support/openapi-conformance.ts); this walk makes sure each operation is among them.
 */

const operationName = (endpoint: Pick<Endpoint, 'method' | 'path'>) => `${endpoint.method.toUpperCase()} ${endpoint.path}`;

describe('the OpenAPI document', () => {
  it('passes the OpenAPI linter’s recommended rules with no error', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(apiDocument), absoluteRef: 'openapi.json', config });
    const errors = problems.filter((problem) => problem.severity === 'error');
    expect(errors.map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`)).toEqual([]);
  });

  it('declares bearer security on every operation that needs a token, and the error envelope on every refusal', () => {
    for (const endpoint of apiEndpoints) {
      const operation = apiDocument.paths[`/api/v1${endpoint.path.replace(/:(\w+)/g, '{$1}')}`]![endpoint.method]! as unknown as {
        security: Record<string, string[]>[];
        responses: Record<string, { content: { 'application/json': { schema: { $ref?: string } } } }>;
      };
      const anonymous = operation.security.some((requirement) => Object.keys(requirement).length === 0);
      expect(anonymous, operationName(endpoint)).toBe(endpoint.access.kind === 'public');
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) >= 400) expect(response.content['application/json'].schema.$ref).toBe('#/components/schemas/Error');
      }
    }
  });

  it('states required fields in the schema, not in a description', () => {
    const body = (path: string, method: string) =>
      (
        apiDocument.paths[path]![method] as unknown as {
          requestBody: { required: boolean; content: Record<string, { schema: { required?: string[] } }> };
        }
      ).requestBody;
    expect(body('/api/v1/users', 'post').content['application/json']!.schema.required).toEqual(['name', 'email', 'password']);
    expect(body('/api/v1/users/{id}', 'put').content['application/json']!.schema.required).toEqual(['name', 'email']);
    expect(body('/api/v1/wallet/add-balance', 'post').required).toBe(true);
  });

  it('declares 402 on adding a student, whose admission charges the wallet, and not on adding a course or a branch', () => {
    const refusals = (path: string) => Object.keys((apiDocument.paths[path]!.post as unknown as { responses: object }).responses);
    expect(refusals('/api/v1/students')).toContain('402');
    expect(refusals('/api/v1/courses')).not.toContain('402');
    expect(refusals('/api/v1/branches')).not.toContain('402');
  });

  it('gives every body and query an example the endpoint’s own schemas take', () => {
    for (const endpoint of apiEndpoints) {
      const name = operationName(endpoint);
      const bodySchema = (endpoint.body ?? endpoint.submission) as ZodTypeAny | undefined;
      if (bodySchema) {
        expect(endpoint.example?.body, `${name}: body example`).toBeDefined();
        const parsed = bodySchema.safeParse(endpoint.example!.body);
        expect(parsed.success, `${name}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      }
      if (endpoint.query && endpoint.example?.query) {
        const parsed = (endpoint.query as ZodTypeAny).safeParse(endpoint.example.query);
        expect(parsed.success, `${name}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      }
    }
  });
});

describe('the check of answers against the document', () => {
  const { violationsOf } = apiConformance;
  const json = (extra: Record<string, string> = {}) => new Headers({ 'Content-Type': 'application/json', 'X-Request-Id': 'r1', ...extra });
  const category = {
    _id: 'c1',
    name: 'Computer Courses',
    status: 'active',
    courseCount: 0,
    version: 1,
    createdAt: '2026-11-26T10:00:00.000Z',
    updatedAt: '2026-11-26T10:00:00.000Z',
  };
  const exchange = { method: 'PUT', path: '/api/v1/course/categories/c1', requestHeaders: {} };

  it('passes an answer the document allows', () => {
    const answer = { status: 200, headers: json({ ETag: '"1"' }), body: { success: true, message: 'Renamed', data: category } };
    expect(violationsOf({ ...exchange, ...answer })).toEqual([]);
  });

  it('names a status the operation does not declare, a body outside its schema and a header it does not state', () => {
    const teapot = { status: 418, headers: json(), body: { success: false, message: 'No' } };
    expect(violationsOf({ ...exchange, ...teapot })).toEqual([
      'PUT /api/v1/course/categories/{id} answered 418, a status the document does not declare',
    ]);
    const wrongBody = { status: 200, headers: json(), body: { success: true, message: 'Renamed', data: { ...category, version: 'one' } } };
    expect(violationsOf({ ...exchange, ...wrongBody })).toEqual([
      expect.stringContaining('outside its schema: answer/data/version must be integer'),
    ]);
    const noRequestId = {
      status: 404,
      headers: new Headers({ 'Content-Type': 'application/json' }),
      body: { success: false, message: 'Category not found' },
    };
    expect(violationsOf({ ...exchange, ...noRequestId })).toEqual([expect.stringContaining('without its X-Request-Id header')]);
    const list = { method: 'GET', path: '/api/v1/course/categories/all', requestHeaders: { 'If-Match': '"1"' } };
    const withETag = { status: 200, headers: json({ ETag: '"1"' }), body: { success: true, message: 'Categories', data: [] } };
    expect(violationsOf({ ...list, ...withETag })).toEqual([
      'GET /api/v1/course/categories/all answered 200: takes If-Match, undocumented',
      'GET /api/v1/course/categories/all answered 200 with an undocumented ETag header',
    ]);
  });

  it('leaves alone what is no operation of the document', () => {
    expect(violationsOf({ method: 'GET', path: '/api/v1/nowhere', requestHeaders: {}, status: 404, headers: json(), body: {} })).toEqual(
      [],
    );
  });
});

type Caller = 'anonymous' | 'admin' | 'superadmin' | 'branchAdmin' | 'changer';

/** Ids made by earlier steps, for the parameters and references an example cannot know. */
interface Made {
  branchId: string;
  userId: string;
  formConfigId: string;
  categoryId: string;
  courseId: string;
  topCourseId: string;
  topBranchId: string;
  studentId: string;
  paperId: string;
  /** An exam of a course with one subject, and a registered student sitting it. */
  examId: string;
  sittingStudentId: string;
  templateId: string;
  certificateFormatId: string;
  idcardFormatId: string;
  /** The exam's course, which one student completed. */
  examCourseId: string;
  graduateId: string;
  issuedId: string;
  reissuedId: string;
  bulkJobId: string;
  idcardId: string;
  /** The job making the published sitting's marksheets. */
  marksheetsJobId: string;
  /** A job that has not started, to cancel. */
  waitingJobId: string;
  /** The code of the admit card issued to the student sitting the exam. */
  admitCardCode: string;
  priceId: string;
  chargeId: string;
  invoiceId: string;
  /** A draft of its own, to delete: the one the steps make is issued. */
  draftInvoiceId: string;
  paymentId: string;
  refreshTokens: string[];
  upload: { key: string; presignedUrl: string; headers: Record<string, string> };
  /** A file of students, uploaded as any file is. */
  importFileKey: string;
  importId: string;
  importMapping: (string | null)[];
  importJobId: string;
  /** A file of the exam's marks: the sitting student's row. */
  marksFileKey: string;
  sittingRollNo: string;
}

type Example = Record<string, unknown>;

const invoiceDraft = {
  kind: 'student',
  date: '2026-04-10',
  dueDate: '2026-04-25',
  lines: [{ kind: 'courseFee', description: 'Course fee', quantity: 1, rate: 10_000, taxRate: 1800 }],
};

interface Step {
  operation: string;
  as: Caller;
  params?: (made: Made) => Record<string, string>;
  /** The example's body with the ids it needs from earlier steps. */
  body?: (made: Made, example: Example) => Example;
  query?: (made: Made, example: Record<string, string>) => Record<string, string>;
  /** Keeps what the answer made, for the steps after it. */
  keep?: (data: Example, made: Made) => void;
  /** What a client does between the steps, outside the API's operations. */
  before?: (accounts: AccountsApi, made: Made, body: Example) => Promise<void>;
}

/** A JPEG of the example's size: the upload's checks read its first bytes and its size. */
const jpeg = (size: number) =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]), Buffer.alloc(size - 11)]);

/** Every operation in an order in which each finds what it needs; ids come from the steps before. */
const steps: Step[] = [
  { operation: 'GET /health', as: 'anonymous' },
  {
    operation: 'POST /auth/v2/login',
    as: 'anonymous',
    keep: (data, made) => void made.refreshTokens.push(data.refreshToken as string),
  },
  { operation: 'POST /users/refresh', as: 'anonymous', body: (made) => ({ refreshToken: made.refreshTokens.pop() }) },
  { operation: 'GET /users/current-user', as: 'admin' },
  { operation: 'POST /users/change-password', as: 'changer' },
  { operation: 'GET /permissions', as: 'admin' },
  { operation: 'POST /permissions/sync', as: 'admin' },

  { operation: 'GET /users', as: 'admin' },
  { operation: 'GET /users/export', as: 'admin', query: () => ({ format: 'xlsx' }) },
  { operation: 'GET /users/branch/:branchId', as: 'admin', params: (made) => ({ branchId: made.branchId }) },
  { operation: 'POST /users', as: 'admin', keep: (data, made) => void (made.userId = data._id as string) },
  { operation: 'GET /users/:id', as: 'admin', params: (made) => ({ id: made.userId }) },
  { operation: 'PUT /users/:id', as: 'admin', params: (made) => ({ id: made.userId }) },
  { operation: 'PUT /users/:id/permissions', as: 'superadmin', params: (made) => ({ id: made.userId }) },
  { operation: 'PATCH /users/:id/status', as: 'admin', params: (made) => ({ id: made.userId }) },
  { operation: 'DELETE /users/:id', as: 'admin', params: (made) => ({ id: made.userId }) },
  { operation: 'POST /users/branch/create', as: 'admin', body: (made, example) => ({ ...example, branchId: made.branchId }) },
  { operation: 'GET /access-changes', as: 'admin' },
  { operation: 'GET /access-changes/export', as: 'admin', query: () => ({ format: 'xlsx' }) },
  {
    operation: 'POST /users/register',
    as: 'admin',
    body: (made, example) => ({ ...example, email: 'meera.registered@institute.demo' }),
  },

  { operation: 'POST /dynamic-forms', as: 'superadmin', keep: (data, made) => void (made.formConfigId = data._id as string) },
  { operation: 'GET /dynamic-forms/type/:formType', as: 'anonymous', params: () => ({ formType: 'enquiry' }) },
  { operation: 'PUT /dynamic-forms/:id', as: 'superadmin', params: (made) => ({ id: made.formConfigId }) },
  { operation: 'GET /dynamic-forms', as: 'admin' },

  { operation: 'POST /course/categories', as: 'admin', keep: (data, made) => void (made.categoryId = data._id as string) },
  { operation: 'GET /course/categories', as: 'admin' },
  { operation: 'GET /course/categories/export', as: 'admin', query: () => ({ format: 'xlsx' }) },
  { operation: 'GET /course/categories/all', as: 'admin' },
  { operation: 'PUT /course/categories/:id', as: 'admin', params: (made) => ({ id: made.categoryId }) },
  {
    operation: 'POST /dynamic-data',
    as: 'admin',
    body: (made, example) => ({ ...example, fieldsData: { ...(example.fieldsData as Example), category: made.categoryId } }),
    keep: (data, made) => void (made.courseId = data._id as string),
  },
  {
    operation: 'PUT /dynamic-data/:id',
    as: 'admin',
    params: (made) => ({ id: made.courseId }),
    body: (made, example) => ({ ...example, fieldsData: { ...(example.fieldsData as Example), category: made.categoryId } }),
  },
  { operation: 'GET /dynamic-data', as: 'admin' },
  { operation: 'GET /dynamic-data/export', as: 'admin' },
  { operation: 'GET /dynamic-data/branch', as: 'branchAdmin' },
  { operation: 'GET /dynamic-data/choices', as: 'admin' },
  { operation: 'GET /dynamic-data/:id', as: 'admin', params: (made) => ({ id: made.courseId }) },
  { operation: 'GET /dynamic-data/:id/history', as: 'admin', params: (made) => ({ id: made.courseId }) },
  {
    operation: 'POST /course/papers',
    as: 'admin',
    body: (made, example) => ({ ...example, courseId: made.courseId }),
    keep: (data, made) => void (made.paperId = data._id as string),
  },
  { operation: 'GET /course/papers', as: 'admin' },
  { operation: 'GET /course/papers/export', as: 'admin', query: () => ({ format: 'xlsx' }) },
  { operation: 'GET /course/papers/:id', as: 'admin', params: (made) => ({ id: made.paperId }) },
  { operation: 'PUT /course/papers/:id', as: 'admin', params: (made) => ({ id: made.paperId }) },
  { operation: 'DELETE /course/papers/:id', as: 'admin', params: (made) => ({ id: made.paperId }) },
  { operation: 'DELETE /dynamic-data/:id', as: 'admin', params: (made) => ({ id: made.courseId }) },
  {
    operation: 'POST /courses',
    as: 'admin',
    body: (made, example) => ({ ...example, category: made.categoryId }),
    keep: (data, made) => void (made.topCourseId = data._id as string),
  },
  { operation: 'GET /courses', as: 'admin' },
  { operation: 'GET /courses/all', as: 'admin' },
  { operation: 'GET /courses/:id', as: 'admin', params: (made) => ({ id: made.topCourseId }) },
  {
    operation: 'PUT /courses/:id',
    as: 'admin',
    params: (made) => ({ id: made.topCourseId }),
    body: (made, example) => ({ ...example, category: made.categoryId }),
  },
  { operation: 'POST /branches', as: 'admin', keep: (data, made) => void (made.topBranchId = data._id as string) },
  { operation: 'GET /branches', as: 'admin' },
  { operation: 'GET /branches/:id', as: 'admin', params: (made) => ({ id: made.topBranchId }) },
  { operation: 'PUT /branches/:id', as: 'admin', params: (made) => ({ id: made.topBranchId }) },
  { operation: 'GET /results', as: 'admin' },
  { operation: 'GET /exams/:id/results', as: 'admin', params: (made) => ({ id: made.examId }) },
  { operation: 'GET /exams/:id/results/export', as: 'admin', params: (made) => ({ id: made.examId }), query: () => ({ format: 'xlsx' }) },
  {
    operation: 'PUT /exams/:id/results/marks',
    as: 'admin',
    params: (made) => ({ id: made.examId }),
    body: (made, example) => ({ cells: (example.cells as Example[]).map((cell) => ({ ...cell, studentId: made.sittingStudentId })) }),
  },
  {
    operation: 'POST /exams/:id/results/import',
    as: 'admin',
    params: (made) => ({ id: made.examId }),
    body: (made, example) => ({ ...example, fileKey: made.marksFileKey }),
  },
  { operation: 'GET /exams/:id/sitting', as: 'admin', params: (made) => ({ id: made.examId }) },
  { operation: 'GET /exams/:id/sitting/candidates', as: 'admin', params: (made) => ({ id: made.examId }) },
  {
    operation: 'POST /exams/:id/sitting/students/:studentId/excuse',
    as: 'admin',
    params: (made) => ({ id: made.examId, studentId: made.sittingStudentId }),
  },
  {
    operation: 'POST /exams/:id/sitting/students',
    as: 'admin',
    params: (made) => ({ id: made.examId }),
    body: (made, example) => ({ ...example, studentId: made.sittingStudentId }),
  },
  {
    operation: 'POST /exams/:id/results/publish',
    as: 'admin',
    params: (made) => ({ id: made.examId }),
    body: (made) => ({ branchId: made.branchId }),
  },
  {
    operation: 'POST /exams/:id/results/revisions',
    as: 'admin',
    params: (made) => ({ id: made.examId }),
    body: (made, example) => ({ ...example, studentId: made.sittingStudentId }),
  },
  { operation: 'GET /exams/:id/results/history', as: 'admin', params: (made) => ({ id: made.examId }) },
  { operation: 'GET /exams/:id/results/marksheets', as: 'admin', params: (made) => ({ id: made.examId }) },
  { operation: 'GET /students/:id/results', as: 'admin', params: (made) => ({ id: made.sittingStudentId }) },
  {
    operation: 'GET /exams/:id/results/marksheets/:studentId',
    as: 'admin',
    params: (made) => ({ id: made.examId, studentId: made.sittingStudentId }),
  },
  {
    operation: 'POST /exams/:id/results/marksheets/jobs',
    as: 'admin',
    params: (made) => ({ id: made.examId }),
    body: (made) => ({ branchId: made.branchId }),
    keep: (data, made) => void (made.marksheetsJobId = data._id as string),
  },
  {
    operation: 'GET /exams/:id/results/marksheets/jobs/:jobId',
    as: 'admin',
    params: (made) => ({ id: made.examId, jobId: made.marksheetsJobId }),
  },
  {
    operation: 'GET /exams/:id/results/marksheets/jobs/:jobId/pdf',
    as: 'admin',
    params: (made) => ({ id: made.examId, jobId: made.marksheetsJobId }),
    before: async (accounts) => void (await runQueuedJobs(accounts)),
  },
  { operation: 'GET /exams/:id/admit-cards', as: 'admin', params: (made) => ({ id: made.examId }) },
  {
    operation: 'POST /exams/:id/admit-cards',
    as: 'admin',
    params: (made) => ({ id: made.examId }),
    body: (made) => ({ branchId: made.branchId }),
    keep: (data, made) => void (made.admitCardCode = (data.students as Example[])[0]!.code as string),
  },
  { operation: 'GET /exams/:id/admit-cards/pdf', as: 'admin', params: (made) => ({ id: made.examId }) },
  { operation: 'GET /public/verify/:code', as: 'anonymous', params: (made) => ({ code: made.admitCardCode }) },
  { operation: 'POST /marksheet-templates', as: 'admin', keep: (data, made) => void (made.templateId = data._id as string) },
  { operation: 'GET /marksheet-templates', as: 'admin' },
  { operation: 'GET /marksheet-templates/:id', as: 'admin', params: (made) => ({ id: made.templateId }) },
  { operation: 'PUT /marksheet-templates/:id', as: 'admin', params: (made) => ({ id: made.templateId }) },
  { operation: 'POST /marksheet-templates/:id/default', as: 'admin', params: (made) => ({ id: made.templateId }) },
  { operation: 'GET /marksheet-templates/:id/preview', as: 'admin', params: (made) => ({ id: made.templateId }) },
  { operation: 'POST /marksheet-templates/preview', as: 'admin' },
  {
    operation: 'POST /certificate-formats',
    as: 'admin',
    keep: (data, made) => void (made.certificateFormatId = data._id as string),
  },
  { operation: 'GET /certificate-formats', as: 'admin' },
  { operation: 'GET /certificate-formats/:id', as: 'admin', params: (made) => ({ id: made.certificateFormatId }) },
  { operation: 'PUT /certificate-formats/:id', as: 'admin', params: (made) => ({ id: made.certificateFormatId }) },
  { operation: 'POST /certificate-formats/:id/archive', as: 'admin', params: (made) => ({ id: made.certificateFormatId }) },
  { operation: 'POST /certificate-formats/:id/unarchive', as: 'admin', params: (made) => ({ id: made.certificateFormatId }) },
  {
    operation: 'GET /certificate-formats/:id/sample',
    as: 'admin',
    params: (made) => ({ id: made.certificateFormatId }),
    query: (made) => ({ studentId: made.sittingStudentId }),
  },
  {
    operation: 'GET /certificate-formats/:id/preview',
    as: 'admin',
    params: (made) => ({ id: made.certificateFormatId }),
    query: (made) => ({ studentId: made.sittingStudentId }),
  },
  {
    operation: 'POST /certificates',
    as: 'admin',
    body: (made) => ({ kind: 'certificate', formatId: made.certificateFormatId, studentId: made.graduateId, courseId: made.examCourseId }),
    keep: (data, made) => void (made.issuedId = data._id as string),
  },
  { operation: 'GET /certificates/:id', as: 'admin', params: (made) => ({ id: made.issuedId }) },
  { operation: 'GET /certificates/:id/pdf', as: 'admin', params: (made) => ({ id: made.issuedId }) },
  {
    operation: 'POST /certificates/:id/reissue',
    as: 'admin',
    params: (made) => ({ id: made.issuedId }),
    keep: (data, made) => void (made.reissuedId = data._id as string),
  },
  { operation: 'POST /certificates/:id/revoke', as: 'admin', params: (made) => ({ id: made.reissuedId }) },
  {
    operation: 'POST /certificates/bulk',
    as: 'admin',
    body: (made) => ({ kind: 'idcard', formatId: made.idcardFormatId, courseId: made.examCourseId }),
    keep: (data, made) => void (made.bulkJobId = data._id as string),
  },
  {
    operation: 'GET /certificates/jobs/:jobId',
    as: 'admin',
    params: (made) => ({ jobId: made.bulkJobId }),
    before: async (accounts) => void (await runQueuedJobs(accounts)),
  },
  {
    operation: 'GET /jobs',
    as: 'admin',
    before: async (accounts, made) => void (made.waitingJobId = await waitingJob(accounts.db)),
  },
  { operation: 'POST /jobs/:jobId/cancel', as: 'admin', params: (made) => ({ jobId: made.waitingJobId }) },
  {
    operation: 'GET /certificates',
    as: 'admin',
    query: () => ({ kind: 'idcard' }),
    keep: (data, made) => void (made.idcardId = (data.documents as Example[])[0]!._id as string),
  },
  { operation: 'GET /certificates/export', as: 'admin', query: () => ({ format: 'xlsx' }) },
  { operation: 'GET /certificates/overview', as: 'admin' },
  { operation: 'GET /certificates/students', as: 'admin' },
  { operation: 'POST /certificates/pdf', as: 'admin', body: (made) => ({ ids: [made.issuedId, made.reissuedId] }) },
  { operation: 'POST /certificates/idcard-sheet', as: 'admin', body: (made) => ({ ids: [made.idcardId] }) },
  { operation: 'GET /settings', as: 'admin' },
  { operation: 'GET /site-content', as: 'admin' },
  { operation: 'GET /site-content/preview', as: 'admin' },
  { operation: 'PUT /site-content/:section', as: 'admin', params: () => ({ section: 'header' }) },
  { operation: 'POST /site-content/:section/discard', as: 'admin', params: () => ({ section: 'header' }) },
  // A section never published has something to publish: its first day's content.
  { operation: 'POST /site-content/:section/publish', as: 'admin', params: () => ({ section: 'header' }) },
  { operation: 'POST /site-content/:section/restore', as: 'admin', params: () => ({ section: 'header' }) },
  { operation: 'GET /site-content/:section', as: 'admin', params: () => ({ section: 'header' }) },
  { operation: 'GET /public/site', as: 'anonymous' },
  { operation: 'GET /public/site/:section', as: 'anonymous', params: () => ({ section: 'header' }) },

  { operation: 'POST /wallet/add-balance', as: 'admin', body: (made, example) => ({ ...example, branchId: made.branchId }) },
  {
    operation: 'POST /students',
    as: 'admin',
    body: (made, example) => ({ ...example, centerName: made.branchId, selectedCourse: made.topCourseId }),
    keep: (data, made) => void (made.studentId = data._id as string),
  },
  { operation: 'GET /students', as: 'admin' },
  { operation: 'GET /students/type/branch', as: 'branchAdmin' },
  { operation: 'GET /students/:id', as: 'admin', params: (made) => ({ id: made.studentId }) },
  {
    operation: 'PUT /students/:id',
    as: 'admin',
    params: (made) => ({ id: made.studentId }),
    body: (made, example) => ({ ...example, centerName: made.branchId, selectedCourse: made.topCourseId }),
  },
  {
    operation: 'POST /invoices',
    as: 'admin',
    body: (made) => ({ ...invoiceDraft, partyId: made.studentId }),
    keep: (data, made) => void (made.invoiceId = data._id as string),
  },
  {
    operation: 'PUT /invoices/:id',
    as: 'admin',
    params: (made) => ({ id: made.invoiceId }),
    body: (made) => ({ ...invoiceDraft, partyId: made.studentId }),
  },
  { operation: 'DELETE /invoices/:id', as: 'admin', params: (made) => ({ id: made.draftInvoiceId }) },
  { operation: 'POST /invoices/:id/issue', as: 'admin', params: (made) => ({ id: made.invoiceId }) },
  {
    operation: 'POST /invoices/:id/payments',
    as: 'admin',
    params: (made) => ({ id: made.invoiceId }),
    body: () => ({ amount: 5_000, mode: 'upi', date: '2026-04-12', reference: 'UPI-1' }),
    keep: (data, made) => void (made.paymentId = (data.payments as Example[])[0]!._id as string),
  },
  {
    operation: 'GET /invoices/:id/payments/:paymentId/receipt',
    as: 'admin',
    params: (made) => ({ id: made.invoiceId, paymentId: made.paymentId }),
  },
  {
    operation: 'POST /invoices/:id/payments/:paymentId/reverse',
    as: 'admin',
    params: (made) => ({ id: made.invoiceId, paymentId: made.paymentId }),
    body: () => ({ reason: 'Entered twice' }),
  },
  {
    operation: 'POST /invoices/:id/cancel',
    as: 'admin',
    params: (made) => ({ id: made.invoiceId }),
    body: () => ({ reason: 'Billed in error' }),
  },
  { operation: 'GET /invoices/:id', as: 'admin', params: (made) => ({ id: made.invoiceId }) },
  { operation: 'GET /invoices/:id/pdf', as: 'admin', params: (made) => ({ id: made.invoiceId }) },
  // Cancelled above: it has a credit note.
  { operation: 'GET /invoices/:id/credit-note', as: 'admin', params: (made) => ({ id: made.invoiceId }) },
  { operation: 'GET /invoices', as: 'admin' },
  { operation: 'GET /invoices/export', as: 'admin' },
  { operation: 'GET /payments', as: 'admin' },
  { operation: 'GET /payments/export', as: 'admin', query: () => ({ format: 'xlsx' }) },
  { operation: 'GET /students/:studentId/fees', as: 'admin', params: (made) => ({ studentId: made.studentId }) },
  { operation: 'GET /invoices/settings', as: 'admin' },
  {
    operation: 'PUT /invoices/settings',
    as: 'admin',
    body: () => ({
      registered: true,
      gstin: '27AAAPL1234C1ZV',
      legalName: 'Institute',
      state: 'Maharashtra',
      stateCode: '27',
      invoiceFeesAtAdmission: false,
    }),
  },
  { operation: 'GET /invoices/tax-rates', as: 'admin' },
  { operation: 'POST /invoices/tax-rates', as: 'admin', body: () => ({ rate: 300, from: '2026-05-01', until: null }) },
  { operation: 'DELETE /students/:id', as: 'admin', params: (made) => ({ id: made.studentId }) },
  { operation: 'DELETE /courses/:id', as: 'admin', params: (made) => ({ id: made.topCourseId }) },
  { operation: 'DELETE /branches/:id', as: 'admin', params: (made) => ({ id: made.topBranchId }) },
  { operation: 'PUT /course/categories/:id/status', as: 'admin', params: (made) => ({ id: made.categoryId }) },
  { operation: 'DELETE /course/categories/:id', as: 'admin', params: (made) => ({ id: made.categoryId }) },
  { operation: 'GET /wallet/balance', as: 'admin' },
  { operation: 'GET /wallet/balance/current', as: 'branchAdmin' },
  { operation: 'GET /wallet/balance/:id', as: 'admin', params: (made) => ({ id: made.branchId }) },
  { operation: 'GET /wallet/operation-pricing', as: 'admin' },
  { operation: 'POST /wallet/operation-pricing', as: 'admin', keep: (data, made) => void (made.priceId = data._id as string) },
  { operation: 'PUT /wallet/operation-pricing/:id', as: 'admin', params: (made) => ({ id: made.priceId }) },
  { operation: 'PATCH /wallet/operation-pricing/:id/toggle-status', as: 'admin', params: (made) => ({ id: made.priceId }) },
  { operation: 'DELETE /wallet/operation-pricing/:id', as: 'admin', params: (made) => ({ id: made.priceId }) },
  {
    operation: 'GET /wallet/operation-pricing/quote',
    as: 'admin',
    query: (made, example) => ({ ...example, branchId: made.branchId }),
  },
  {
    operation: 'POST /wallet/operation-pricing/deduct',
    as: 'admin',
    body: (made, example) => ({ ...example, branchId: made.branchId }),
    keep: (data, made) => void (made.chargeId = (data.charge as Example)._id as string),
  },
  { operation: 'POST /wallet/refund', as: 'admin', body: (made, example) => ({ ...example, chargeId: made.chargeId }) },
  { operation: 'POST /wallet/adjust', as: 'admin', body: (made, example) => ({ ...example, branchId: made.branchId }) },
  { operation: 'GET /dashboard', as: 'admin' },
  { operation: 'GET /wallet/transactions', as: 'admin' },
  { operation: 'GET /wallet/transactions/export', as: 'admin', query: () => ({ format: 'xlsx' }) },
  { operation: 'GET /wallet/statistics', as: 'admin' },

  {
    operation: 'POST /s3-upload/presigned-url',
    as: 'admin',
    keep: (data, made) => void (made.upload = data as Made['upload']),
  },
  {
    operation: 'POST /s3-upload/confirm-upload',
    as: 'admin',
    body: (made, example) => ({ ...example, key: made.upload.key }),
    // The browser's part: the file itself, PUT to the address (the built-in store is served by the same app).
    before: async (accounts, made, body) => {
      const { presignedUrl, headers } = made.upload;
      const stored = await accounts.api.request(presignedUrl, { method: 'PUT', body: jpeg(body.fileSize as number), headers });
      expect(stored.status).toBe(200);
    },
  },
  { operation: 'GET /s3-upload/download-url', as: 'admin', query: (made, example) => ({ ...example, key: made.upload.key }) },
  { operation: 'GET /imports/templates/:formType', as: 'admin', params: () => ({ formType: 'student' }) },
  {
    operation: 'POST /imports',
    as: 'admin',
    body: (made) => ({ formType: 'student', fileKey: made.importFileKey }),
    keep: (data, made) => {
      made.importId = data._id as string;
      made.importMapping = data.mapping as (string | null)[];
    },
  },
  { operation: 'GET /imports/:id', as: 'admin', params: (made) => ({ id: made.importId }) },
  {
    operation: 'POST /imports/:id/runs',
    as: 'admin',
    params: (made) => ({ id: made.importId }),
    body: (made) => ({ mapping: made.importMapping, dryRun: true }),
    keep: (data, made) => void (made.importJobId = data._id as string),
  },
  {
    operation: 'GET /imports/:id/runs/:jobId',
    as: 'admin',
    params: (made) => ({ id: made.importId, jobId: made.importJobId }),
    before: async (accounts) => void (await runQueuedJobs(accounts)),
  },
  {
    operation: 'GET /imports/:id/runs/:jobId/failed-rows',
    as: 'admin',
    params: (made) => ({ id: made.importId, jobId: made.importJobId }),
  },

  { operation: 'POST /auth/v2/logout', as: 'anonymous', body: (made) => ({ refreshToken: made.refreshTokens.pop() }) },
  { operation: 'POST /users/logout', as: 'anonymous', body: (made) => ({ refreshToken: made.refreshTokens.pop() }) },
];

describe('every operation called with its example', () => {
  let accounts: AccountsApi;
  const tokens = {} as Record<Exclude<Caller, 'anonymous'>, string>;
  const made = { refreshTokens: [] as string[] } as Made;

  beforeAll(async () => {
    accounts = await createAccountsApi();
    const { db, auth } = accounts;
    await syncCatalogue(db);
    await asSystem(db, ensureDefaultFormConfigs);
    made.branchId = await addWalletBranch(db, { name: 'North Campus' });
    await priceOperation(db, { price: 5000 });
    // The sign-in example's account, and one more to change its password without ending the others' sessions.
    const admin = await addUser(db, {
      role: 'admin',
      email: 'admin@institute.demo',
      password: 'Admin@123',
      permissions: allPermissionNames,
    });
    const changer = await addUser(db, { role: 'admin', password: 'Admin@123' });
    await asSystem(db, async (ctx) => {
      const course = await createRecord(ctx, { formType: 'course', branchId: null, fields: { courseName: 'Exam Course' } });
      const subject = { subjectName: 'Accounting Basics', subjectCode: 'ACC', questionPaperMarks: 100, passingMarks: 40 };
      const exam = { examId: 'EX-1', examName: 'Half Yearly', selectedCourse: course.id, examSubjectsTable: [subject] };
      made.examId = (await createRecord(ctx, { formType: 'examResult', branchId: null, fields: exam })).id;
      const student = { studentName: 'Asha Rao', centerName: made.branchId, selectedCourse: course.id, isRegistered: true, isActive: true };
      const sitter = await createRecord(ctx, { formType: 'student', branchId: made.branchId, fields: student });
      made.sittingStudentId = sitter.id;
      made.sittingRollNo = sitter.generatedNumbers!.rollNo;
      made.examCourseId = course.id;
      // Not registered, so it sits no exam: a pass-out of the course.
      const graduate = { ...student, studentName: 'Ravi Kumar', isRegistered: false, completedCourse: true };
      made.graduateId = (await createRecord(ctx, { formType: 'student', branchId: made.branchId, fields: graduate })).id;
      made.idcardFormatId = await createCertificateFormat(ctx, instituteActor('openapi'), {
        ...blankFormat('idcard'),
        name: 'Student card',
      });
      const draft = invoiceDraftBody.parse({ ...invoiceDraft, partyId: made.sittingStudentId });
      made.draftInvoiceId = await createInvoice(ctx, instituteActor('openapi'), draft);
    });
    const superadmin = await addUser(db, { role: 'superadmin' });
    const branchAdmin = await addUser(db, { role: 'branch_admin', branchId: made.branchId, permissions: allPermissionNames });
    for (const [caller, userId] of Object.entries({ admin, changer, superadmin, branchAdmin })) {
      tokens[caller as keyof typeof tokens] = await tokenFor(db, auth, userId);
    }
    made.importFileKey = await storeFile(accounts, tokens.admin, {
      fileName: 'students.csv',
      fileType: 'text/csv',
      bytes: Buffer.from(
        'Student Name,Center Name,Selected Course,Student Email,Phone Number\r\nOpen Api,North Campus,Exam Course,api@example.com,9810000000\r\n',
      ),
      formType: 'imports',
      fieldName: 'importFile',
    });
    made.marksFileKey = await storeFile(accounts, tokens.admin, {
      fileName: 'marks.csv',
      fileType: 'text/csv',
      bytes: Buffer.from(`Roll No,Name,Accounting Basics (100)\r\n${made.sittingRollNo},Asha Rao,64\r\n`),
      formType: 'imports',
      fieldName: 'importFile',
    });
    // Sessions for the two sign-outs, besides the one the sign-in step opens.
    for (let session = 0; session < 2; session++) {
      const login = await accounts.call('POST', '/auth/v2/login', { body: { email: 'admin@institute.demo', password: 'Admin@123' } });
      made.refreshTokens.push(login.body.data.refreshToken);
    }
  });
  afterAll(() => accounts?.cleanup());

  it('walks every operation the document lists, each once', () => {
    const walked = steps.map((step) => step.operation).sort();
    expect(walked).toEqual(apiEndpoints.map(operationName).sort());
    expect(apiConformance.documentedOperations().length).toBe(apiEndpoints.length);
  });

  it('succeeds at each with the status it documents and an answer its schema allows', async () => {
    for (const step of steps) {
      const endpoint = apiEndpoints.find((each) => operationName(each) === step.operation)!;
      const example = endpoint.example ?? {};
      const params = step.params?.(made) ?? {};
      const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name]!));
      const query = step.query ? step.query(made, example.query ?? {}) : example.query;
      const body = step.body ? step.body(made, (example.body ?? {}) as Example) : example.body;
      await step.before?.(accounts, made, body as Example);
      const response = await accounts.call(endpoint.method, `${path}${query ? `?${new URLSearchParams(query)}` : ''}`, {
        token: step.as === 'anonymous' ? undefined : tokens[step.as],
        body,
      });
      expect(response.status, `${step.operation}: ${JSON.stringify(response.body)}`).toBe(endpoint.creates ? 201 : 200);
      step.keep?.(response.body.data, made);
    }
    // One call per operation, PDFs laid out and jobs run among them: longer than a single test's default.
  }, 60_000);
});
