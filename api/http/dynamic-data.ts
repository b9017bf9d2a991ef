import type { Context } from 'hono';
import { z } from 'zod';
import { fieldsDataToValues, formTypeName, isDefaultFormType } from '../../common/forms/fields';
import { validDate } from '../../common/forms/schema-builder';
import type { FieldData } from '../../common/forms/types';
import type { Executor } from '../db/client';
import type { FieldValues } from '../db/projections/records';
import type { Actor } from '../domain/auth/actor';
import { branchScope } from '../domain/auth/branch-scope';
import {
  findRecord,
  listChoices,
  listRecords,
  MAX_CHOICES,
  recordHistory,
  recordSortFields,
  type RecordView,
} from '../domain/record-queries';
import { saveWithPostedFiles, type PostedFile } from '../domain/posted-files';
import { changeRecord, deleteRecord, submitRecord } from '../domain/records';
import type { ApiEnv } from './context';
import { defineEndpoint, type Reply } from './endpoint';
import { badRequest, HttpError, notFound } from './errors';
import { requireFormPermission, type FormAction } from './form-access';
import { ifMatchVersion, versionTag } from './if-match';
import { requireStorableText } from './storable-text';
import { FORM_WITH_FILES_BYTES, requireJsonShape, TEXT_BODY_BYTES, tooLargeMessage } from './body-limits';
import { pagingQuery } from './paging';

export const dynamicDataMessages = {
  noFormType: 'Form type not specified.',
  invalidJson: 'Request body must be valid JSON',
  invalidForm: 'Request body must be valid form data',
  noBranch: 'Choose a branch: this account does not belong to one',
} as const;

const fieldData = z.object({ name: z.string(), value: z.unknown() });

export const recordView = z.object({
  _id: z.string(),
  formType: z.string(),
  branchId: z.string().nullable().describe('The branch the record belongs to; null for institute-wide records and branches'),
  branchName: z.string().nullable(),
  title: z.string().describe('Student, course, branch or exam name'),
  code: z.string().nullable().describe('registrationNumber, courseCode, branchCode or examId'),
  courseId: z.string().nullable().describe('The selectedCourse'),
  courseName: z.string().nullable(),
  registrationNo: z.string().nullable().describe('Generated for students'),
  rollNo: z.string().nullable().describe('Generated for students'),
  isActive: z.boolean(),
  isRegistered: z.boolean(),
  completedCourse: z.boolean(),
  walletEnabled: z.boolean(),
  admissionDate: z.string().nullable(),
  fieldsData: z.array(fieldData).describe('The stored values; empty ones are left out'),
  version: z.number().int().describe('Send back as If-Match: "<version>" to change only this version'),
  createdAt: z.string().datetime(),
  updatedAt: z.string().datetime(),
});

export const recordList = z.object({
  records: z.array(recordView),
  total: z.number().int().describe('Records matching the search and filters'),
  page: z.number().int(),
  limit: z.number().int(),
  totalPages: z.number().int(),
});

const createdRecord = recordView.extend({
  generatedNumbers: z.object({ registrationNo: z.string(), rollNo: z.string() }).optional().describe('Students only'),
});

const historyEntry = z.object({
  version: z.number().int(),
  type: z.enum(['RecordCreated', 'RecordUpdated', 'RecordDeleted']),
  at: z.string().datetime(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable().describe('Null for changes made by the system (the demo seed)'),
  changes: z.array(z.object({ name: z.string(), label: z.string(), from: z.unknown(), to: z.unknown() })),
});

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);
const flag = z.preprocess(blankToUndefined, z.enum(['true', 'false']).transform((v) => v === 'true').optional());
const day = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the form YYYY-MM-DD')
    .refine((text) => validDate(text) !== null, 'No such date')
    .optional(),
);
const optionalId = z.preprocess(blankToUndefined, z.string().max(100).optional());

const listFilters = {
  search: z.string().trim().max(100).optional().describe('Text anywhere in the record’s values or numbers'),
  courseId: optionalId,
  registered: flag.describe('isRegistered'),
  passout: flag.describe('completedCourse'),
  active: flag.describe('isActive'),
  admissionFrom: day.describe('Admission date on or after, YYYY-MM-DD'),
  admissionTo: day.describe('Admission date on or before, YYYY-MM-DD'),
  sort: z.enum(recordSortFields).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  ...pagingQuery,
};

/** The form type a list names: required, with SPEC.md's message. */
const formTypeParam = z.string({ required_error: dynamicDataMessages.noFormType }).min(1, dynamicDataMessages.noFormType).max(60);

const listQuery = z.object({
  formType: formTypeParam,
  branchId: optionalId.describe('A branch’s own staff always see their branch only'),
  ...listFilters,
});

const branchListQuery = z.object({
  formType: z.string().min(1).max(60).default('student'),
  branchId: optionalId.describe('For callers who belong to no branch: the branch to list'),
  ...listFilters,
});

const idParams = z.object({ id: z.string().min(1).max(100) });

const jsonSubmission = z.object({
  formType: z.string().max(60).optional(),
  fieldsData: z
    .union([z.array(z.object({ name: z.string().min(1).max(100), value: z.unknown() })).max(500), z.record(z.unknown())])
    .optional(),
});

interface Submission {
  formType?: string;
  values: FieldValues;
  files: PostedFile[];
}

/**
 * A form submission as JSON ({ formType, fieldsData: [{ name, value }] }) or as a browser form
 * (multipart or urlencoded: formType and each field by name, lists as JSON text, files as file
 * parts under their field's name, a subject row's file as `field_index_subfield`).
 */
async function readSubmission(c: Context<ApiEnv>): Promise<Submission> {
  const submission = await decodeSubmission(c);
  requireStorableText({ body: { formType: submission.formType, ...submission.values } });
  return submission;
}

async function decodeSubmission(c: Context<ApiEnv>): Promise<Submission> {
  const contentType = c.req.header('Content-Type') ?? '';
  if (/^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(contentType)) {
    return readFormData(contentType, await c.req.arrayBuffer());
  }
  // Decoded here from the bytes the endpoint read: asked for as text, Hono would rebuild them as a web Response.
  const bytes = await c.req.arrayBuffer();
  // A body of another type came in under the limit of a form with files; as JSON it is text.
  if (bytes.byteLength > TEXT_BODY_BYTES) throw new HttpError(413, tooLargeMessage(TEXT_BODY_BYTES));
  const raw = new TextDecoder().decode(bytes);
  let body: unknown;
  try {
    body = raw.trim() ? JSON.parse(raw) : {};
  } catch {
    throw badRequest(dynamicDataMessages.invalidJson);
  }
  requireJsonShape(body);
  const parsed = jsonSubmission.safeParse(body);
  if (!parsed.success) throw badRequest('Invalid request body', { fieldsData: parsed.error.issues.map((i) => i.message) });
  const { formType, fieldsData = [] } = parsed.data;
  const values = Array.isArray(fieldsData) ? fieldsDataToValues(fieldsData as FieldData[]) : fieldsData;
  return { formType, values, files: [] };
}

async function readFormData(contentType: string, body: ArrayBuffer): Promise<Submission> {
  let form: FormData;
  try {
    form = await new Request('http://form.local/', { method: 'POST', headers: { 'Content-Type': contentType }, body }).formData();
  } catch {
    throw badRequest(dynamicDataMessages.invalidForm);
  }
  const values: FieldValues = {};
  const files: PostedFile[] = [];
  let formType: string | undefined;
  for (const [name, value] of form.entries()) {
    if (typeof value !== 'string') {
      // A file input left empty still sends a nameless, empty part.
      if (value.name !== '' || value.size > 0) files.push({ part: name, file: value });
      continue;
    }
    if (name === 'formType') formType = value;
    else if (name === 'fieldsData') Object.assign(values, fieldsDataFromText(value));
    else values[name] = name in values ? [values[name], value].flat() : value;
  }
  return { formType, values, files };
}

function fieldsDataFromText(text: string): FieldValues {
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch {
    // Not a list: reported as invalid below.
  }
  if (Array.isArray(requireJsonShape(list))) return fieldsDataToValues(list as FieldData[]);
  throw badRequest(dynamicDataMessages.invalidForm, { fieldsData: ['fieldsData must be a JSON list of { name, value }'] });
}

/** The record, if the caller's branch may see it and their permissions let them `action` it. */
async function reachableRecord(db: Executor, actor: Actor, id: string, action: FormAction): Promise<RecordView> {
  const record = await findRecord(db, id, branchScope(actor));
  if (!record) throw notFound('Record');
  requireFormPermission(actor, record.formType, action);
  return record;
}

function createdMessage(formType: string): string {
  if (formType === 'student') return 'Student Registered Successfully!';
  if (formType === 'examResult') return 'Exam created successfully!';
  return `${formTypeName(formType)} created successfully`;
}

function updatedMessage(formType: string): string {
  return formType === 'examResult' ? 'Exam updated successfully!' : `${formTypeName(formType)} updated successfully`;
}

const list = defineEndpoint({
  method: 'get',
  path: '/dynamic-data',
  summary: 'A page of one form type’s records: search, filters, sort; a branch’s own staff see their branch',
  tag: 'dynamic-data',
  access: { kind: 'authenticated' },
  query: listQuery,
  response: recordList,
  async handle({ db, query, actor }): Promise<Reply> {
    requireFormPermission(actor!, query.formType, 'read');
    return { message: 'Records', data: await listRecords(db, query, branchScope(actor!)) };
  },
});

const branchList = defineEndpoint({
  method: 'get',
  path: '/dynamic-data/branch',
  summary: 'A page of the records of the caller’s branch (students unless formType says otherwise)',
  tag: 'dynamic-data',
  access: { kind: 'authenticated' },
  query: branchListQuery,
  response: recordList,
  async handle({ db, query, actor }): Promise<Reply> {
    const scope = branchScope(actor!);
    const branchId = scope ?? actor!.branchId ?? query.branchId;
    if (!branchId) throw badRequest(dynamicDataMessages.noBranch, { branchId: [dynamicDataMessages.noBranch] });
    requireFormPermission(actor!, query.formType, 'read');
    return { message: 'Records of the branch', data: await listRecords(db, { ...query, branchId }, scope) };
  },
});

const choices = defineEndpoint({
  method: 'get',
  path: '/dynamic-data/choices',
  summary: `Every record of one form type the caller can read, as id and title by title (at most ${MAX_CHOICES}): the choices of a filter or select`,
  tag: 'dynamic-data',
  access: { kind: 'authenticated' },
  query: z.object({ formType: formTypeParam }),
  response: z.array(z.object({ _id: z.string(), title: z.string() })),
  async handle({ db, query, actor }): Promise<Reply> {
    requireFormPermission(actor!, query.formType, 'read');
    return { message: 'Choices', data: await listChoices(db, query.formType, branchScope(actor!)) };
  },
});

const show = defineEndpoint({
  method: 'get',
  path: '/dynamic-data/:id',
  summary: 'One record; its ETag is its version',
  tag: 'dynamic-data',
  access: { kind: 'authenticated' },
  params: idParams,
  response: recordView,
  async handle({ db, params, actor, c }): Promise<Reply> {
    const record = await reachableRecord(db, actor!, params.id, 'read');
    c.header('ETag', versionTag(record.version));
    return { message: 'Record', data: record };
  },
});

const history = defineEndpoint({
  method: 'get',
  path: '/dynamic-data/:id/history',
  summary: 'Who changed the record, when, and which values, oldest first',
  tag: 'dynamic-data',
  access: { kind: 'authenticated' },
  params: idParams,
  response: z.array(historyEntry),
  async handle({ db, params, actor }): Promise<Reply> {
    const record = await reachableRecord(db, actor!, params.id, 'read');
    return { message: 'Record history', data: await recordHistory(db, record._id, record.formType) };
  },
});

const create = defineEndpoint({
  method: 'post',
  path: '/dynamic-data',
  summary:
    'Add a record through its form: JSON { formType, fieldsData: [{ name, value }] }, or multipart/form-data ' +
    '(formType and each field by name, lists as JSON text, files as file parts under their field’s name, a subject ' +
    'row’s file as `examSubjectsTable_<row>_<column>`; at most 64 MB). A file value is the key of a confirmed upload ' +
    'that fits its field’s limits, or a file part held to the same limits. 400 with `errors` per field; students ' +
    'answer generatedNumbers',
  tag: 'dynamic-data',
  access: { kind: 'authenticated' },
  maxBodyBytes: FORM_WITH_FILES_BYTES,
  response: createdRecord,
  async handle({ tx, meta, actor, c, deps }): Promise<Reply> {
    const { formType, values, files } = await readSubmission(c);
    if (!formType) throw badRequest(dynamicDataMessages.noFormType, { formType: [dynamicDataMessages.noFormType] });
    requireFormPermission(actor!, formType, 'create');
    const ctx = { tx: tx!, meta, settings: deps.settings };
    const { id, generatedNumbers, charge } = await saveWithPostedFiles(ctx, deps.storage, actor!, formType, values, files, (withKeys) =>
      submitRecord(ctx, actor!, { formType, values: withKeys }),
    );
    const record = (await findRecord(tx!, id, null))!;
    c.header('ETag', versionTag(record.version));
    return {
      status: 201,
      message: createdMessage(formType),
      data: { ...record, ...(generatedNumbers && { generatedNumbers }), ...(charge && { charge }) },
    };
  },
});

const update = defineEndpoint({
  method: 'put',
  path: '/dynamic-data/:id',
  summary:
    'Replace the values of a record’s form (the same shapes as adding one, files included); If-Match: "<version>" refuses a stale edit with 412',
  tag: 'dynamic-data',
  access: { kind: 'authenticated' },
  maxBodyBytes: FORM_WITH_FILES_BYTES,
  params: idParams,
  response: recordView,
  async handle({ tx, meta, actor, params, c, deps }): Promise<Reply> {
    const record = await reachableRecord(tx!, actor!, params.id, 'edit');
    const { formType, values, files } = await readSubmission(c);
    const ctx = { tx: tx!, meta, settings: deps.settings };
    const expectedVersion = ifMatchVersion(c);
    await saveWithPostedFiles(ctx, deps.storage, actor!, record.formType, values, files, (withKeys) =>
      changeRecord(ctx, actor!, record._id, { formType, values: withKeys, expectedVersion }),
    );
    const updated = (await findRecord(tx!, record._id, null))!;
    c.header('ETag', versionTag(updated.version));
    return { message: updatedMessage(record.formType), data: updated };
  },
});

const remove = defineEndpoint({
  method: 'delete',
  path: '/dynamic-data/:id',
  summary: 'Delete a record (its history stays in the log); If-Match: "<version>" refuses a stale delete with 412',
  tag: 'dynamic-data',
  access: { kind: 'authenticated' },
  params: idParams,
  response: z.object({ _id: z.string() }),
  async handle({ tx, meta, actor, params, c }): Promise<Reply> {
    const record = await reachableRecord(tx!, actor!, params.id, 'delete');
    await deleteRecord({ tx: tx!, meta }, actor!, record._id, ifMatchVersion(c));
    return { message: `${formTypeName(record.formType)} deleted successfully`, data: { _id: record._id } };
  },
});

/** /branch is listed before /:id, which would otherwise take it for an id. */
export const dynamicDataEndpoints = [list, branchList, choices, history, show, create, update, remove];
