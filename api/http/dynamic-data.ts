import type { Context } from 'hono';
import { dynamicDataContract, dynamicDataMessages, recordSubmission, type RecordView } from '../../common/contracts/dynamic-data';
import { fieldsDataToValues, formTypeName } from '../../common/forms/fields';
import type { FieldData } from '../../common/forms/types';
import type { Executor } from '../db/client';
import type { FieldValues } from '../domain/record-events';
import type { Actor } from '../domain/auth/actor';
import { branchScope } from '../domain/auth/branch-scope';
import { findRecord, listChoices, listRecords, recordHistory } from '../domain/record-queries';
import { saveWithPostedFiles, type PostedFile } from '../domain/posted-files';
import { changeRecord, deleteRecord, submitRecord } from '../domain/records';
import type { ApiEnv } from './context';
import { defineEndpoint } from './endpoint';
import { notFound } from '../domain/errors';
import { badRequest } from './errors';
import { requireFormPermission, type FormAction } from './form-access';
import { ifMatchVersion, versionTag } from './if-match';
import { requireStorableText } from './storable-text';
import { FORM_WITH_FILES_BYTES, isMultipart, parseJsonBody, requireJsonShape } from './body-limits';

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
  if (isMultipart(contentType) || /^application\/x-www-form-urlencoded/i.test(contentType)) {
    return readFormData(contentType, await c.req.arrayBuffer());
  }
  // Decoded from the bytes the endpoint read: asked for as text, Hono would rebuild them as a web Response.
  const body = parseJsonBody(await c.req.arrayBuffer());
  const parsed = recordSubmission.safeParse(body);
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
  ...dynamicDataContract.list,
  access: { kind: 'authenticated' },
  async handle({ db, query, actor }) {
    requireFormPermission(actor, query.formType, 'read');
    return { message: 'Records', data: await listRecords(db, query, branchScope(actor)) };
  },
});

const branchList = defineEndpoint({
  ...dynamicDataContract.branchList,
  access: { kind: 'authenticated' },
  async handle({ db, query, actor }) {
    const scope = branchScope(actor);
    const branchId = scope ?? actor.branchId ?? query.branchId;
    if (!branchId) throw badRequest(dynamicDataMessages.noBranch, { branchId: [dynamicDataMessages.noBranch] });
    requireFormPermission(actor, query.formType, 'read');
    return { message: 'Records of the branch', data: await listRecords(db, { ...query, branchId }, scope) };
  },
});

const choices = defineEndpoint({
  ...dynamicDataContract.choices,
  access: { kind: 'authenticated' },
  async handle({ db, query, actor }) {
    requireFormPermission(actor, query.formType, 'read');
    return { message: 'Choices', data: await listChoices(db, query.formType, branchScope(actor)) };
  },
});

const show = defineEndpoint({
  ...dynamicDataContract.show,
  access: { kind: 'authenticated' },
  async handle({ db, params, actor, c }) {
    const record = await reachableRecord(db, actor, params.id, 'read');
    c.header('ETag', versionTag(record.version));
    return { message: 'Record', data: record };
  },
});

const history = defineEndpoint({
  ...dynamicDataContract.history,
  access: { kind: 'authenticated' },
  async handle({ db, params, actor }) {
    const record = await reachableRecord(db, actor, params.id, 'read');
    return { message: 'Record history', data: await recordHistory(db, record._id, record.formType) };
  },
});

const create = defineEndpoint({
  ...dynamicDataContract.create,
  access: { kind: 'authenticated' },
  maxBodyBytes: FORM_WITH_FILES_BYTES,
  async handle({ tx, meta, actor, c, deps }) {
    const { formType, values, files } = await readSubmission(c);
    if (!formType) throw badRequest(dynamicDataMessages.noFormType, { formType: [dynamicDataMessages.noFormType] });
    requireFormPermission(actor, formType, 'create');
    const ctx = { tx, meta, settings: deps.settings };
    const { id, generatedNumbers, charge } = await saveWithPostedFiles(ctx, deps.storage, actor, formType, values, files, (withKeys) =>
      submitRecord(ctx, actor, { formType, values: withKeys }),
    );
    const record = (await findRecord(tx, id, null))!;
    c.header('ETag', versionTag(record.version));
    return {
      status: 201,
      message: createdMessage(formType),
      data: { ...record, ...(generatedNumbers && { generatedNumbers }), ...(charge && { charge }) },
    };
  },
});

const update = defineEndpoint({
  ...dynamicDataContract.update,
  access: { kind: 'authenticated' },
  maxBodyBytes: FORM_WITH_FILES_BYTES,
  async handle({ tx, meta, actor, params, c, deps }) {
    const record = await reachableRecord(tx, actor, params.id, 'edit');
    const { formType, values, files } = await readSubmission(c);
    const ctx = { tx, meta, settings: deps.settings };
    const expectedVersion = ifMatchVersion(c);
    await saveWithPostedFiles(ctx, deps.storage, actor, record.formType, values, files, (withKeys) =>
      changeRecord(ctx, actor, record._id, { formType, values: withKeys, expectedVersion }),
    );
    const updated = (await findRecord(tx, record._id, null))!;
    c.header('ETag', versionTag(updated.version));
    return { message: updatedMessage(record.formType), data: updated };
  },
});

const remove = defineEndpoint({
  ...dynamicDataContract.remove,
  access: { kind: 'authenticated' },
  async handle({ tx, meta, actor, params, c }) {
    const record = await reachableRecord(tx, actor, params.id, 'delete');
    await deleteRecord({ tx, meta }, actor, record._id, ifMatchVersion(c));
    return { message: `${formTypeName(record.formType)} deleted successfully`, data: { _id: record._id } };
  },
});

/** /branch is listed before /:id, which would otherwise take it for an id. */
export const dynamicDataEndpoints = [list, branchList, choices, history, show, create, update, remove];
