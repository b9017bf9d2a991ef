import { and, eq, sql, type Placeholder } from 'drizzle-orm';
import { courseChoices } from '../../common/forms/course-options';
import { activeFields, isEmptyValue, optionsSourceOf } from '../../common/forms/fields';
import { buildRecordSchema, fieldErrors, fieldMessages, type RecordSchema } from '../../common/forms/schema-builder';
import { ADMISSION_OPERATION, type AdmissionCharge } from '../../common/wallet';
import { chargeOperation } from './wallet/charge-operation';
import { findBranch, type WalletBranch } from './wallet/branches';
import { isUniqueViolation } from '../db/errors';
import { append, ConcurrencyError, type StreamRef } from '../db/event-store';
import type { FieldValues, ImportedRow, RecordCreatedData, RecordEvent, RecordUpdatedData } from './record-events';
import { courseCategories, numberSequences, records } from '../db/schema';
import type { Executor } from '../db/client';
import { compiledQuery } from '../db/compiled-query';
import { forbidden, invalid, missing, notFound, stale, type DomainError } from './errors';
import type { Actor } from './auth/actor';
import { branchScope } from './auth/branch-scope';
import type { CommandContext } from './command';
import { activeCourseCategories } from './course-categories/queries';
import { indianDay } from '../../common/india-time';
import { formConfigMessages } from './form-configs';
import type { FormConfigView } from '../../common/contracts/dynamic-forms';
import { freshSettings } from './settings';
import { newId } from './ids';
import { invoiceCourseFee } from './invoices/admission-fees';
import { heldFileKeys, recordFileErrors } from './record-files';
import { readableBy, recordState } from './record-queries';
import { otherBranchMessage, refuseReadOnly } from './record-reach';

export const recordStream = (id: string): StreamRef<RecordEvent> => ({ type: 'record', id });

export interface CreateRecordInput {
  formType: string;
  branchId: string | null;
  fields: FieldValues;
  /** The upload keys of the files the record holds. */
  files?: string[];
  /** The record's branch, when the caller has read it in this transaction already. */
  branch?: WalletBranch;
  imported?: ImportedRow;
}

export interface GeneratedNumbers {
  registrationNo: string;
  rollNo: string;
}

/**
 * Takes the next number of a branch's year. The row lock of the upsert queues concurrent
 * admissions, and a rolled-back admission gives its number back with everything else.
 */
async function nextSequenceValue(db: Executor, scope: string, year: number): Promise<number> {
  const [row] = await takeSequenceValue(db, { scope, year });
  return row!.value;
}

const takeSequenceValue = compiledQuery('number_sequence_next', { value: numberSequences.lastValue }, (db, selection) =>
  db
    .insert(numberSequences)
    .values({ scope: sql.placeholder('scope'), year: sql.placeholder('year'), lastValue: 1 })
    .onConflictDoUpdate({
      target: [numberSequences.scope, numberSequences.year],
      set: { lastValue: sql`${numberSequences.lastValue} + 1` },
    })
    .returning(selection),
);

async function branchCode(db: Executor, branchId: string | null, known?: WalletBranch): Promise<string> {
  if (!branchId) return 'HQ';
  const branch = known ?? (await findBranch(db, branchId));
  return (branch?.code ?? 'BR').toUpperCase().replace(/[^A-Z0-9]/g, '') || 'BR';
}

export async function createRecord(
  { tx, meta }: CommandContext,
  input: CreateRecordInput,
): Promise<{ id: string; generatedNumbers?: GeneratedNumbers }> {
  const id = newId(meta.occurredAt.getTime());
  const data: RecordCreatedData = {
    formType: input.formType,
    branchId: input.branchId,
    fields: input.fields,
    ...(input.files?.length && { files: input.files }),
    ...(input.imported && { imported: input.imported }),
  };
  let generatedNumbers: GeneratedNumbers | undefined;
  if (input.formType === 'student') {
    // The institute's year is India's: an admission at 01:00 IST on 1 January belongs to the new year.
    const year = Number(indianDay(meta.occurredAt).slice(0, 4));
    const scope = input.branchId ?? 'none';
    const value = await nextSequenceValue(tx, scope, year);
    const code = await branchCode(tx, input.branchId, input.branch);
    const serial = String(value).padStart(4, '0');
    generatedNumbers = { registrationNo: `${code}/${year}/${serial}`, rollNo: `${code}${year % 100}${serial}` };
    Object.assign(data, generatedNumbers, { sequence: { scope, year, value } });
  }
  try {
    await append(tx, recordStream(id), 'no_stream', [{ type: 'RecordCreated', data }], meta);
  } catch (error) {
    throw lostFileRace(error, id);
  }
  return { id, generatedNumbers };
}

/**
 * Another record took one of this record's files since the check (record_files' primary key): a
 * lost race on `any`, so the request runs again and the check then names the file.
 */
function lostFileRace(error: unknown, streamId: string): unknown {
  return isUniqueViolation(error, 'record_files_pkey') ? new ConcurrencyError(streamId, 'any') : error;
}

export const recordMessages = {
  notFound: 'Record not found',
  invalid: 'Please fill all required fields correctly',
  otherBranch: otherBranchMessage,
  branchesByAdmins: 'Only institute administrators can add branches',
  stale: 'This record was changed by someone else. Reload it and try again.',
  typeChanged: 'The form type of a record cannot be changed',
} as const;

/** Who submits a form: their role and branch decide where the record may go. */
export type Submitter = Pick<Actor, 'id' | 'role' | 'branchId'>;

/** Values never kept on a record: a branch form's password must not sit in the log in clear. */
export const unstoredFields: ReadonlySet<string> = new Set(['password']);

function storedValues(values: FieldValues): FieldValues {
  return Object.fromEntries(Object.entries(values).filter(([name, value]) => !unstoredFields.has(name) && !isEmptyValue(value)));
}

/** A form's configuration through the settings the command runs with (kept per process), or refused as missing. */
export async function formConfigOf(ctx: CommandContext, formType: string): Promise<FormConfigView> {
  const config = await (ctx.settings ?? freshSettings).formConfig(ctx.tx, formType);
  if (!config) throw missing(formConfigMessages.notFound);
  return config;
}

function invalidRecord(errors: Record<string, string[]>): DomainError {
  return invalid(recordMessages.invalid, errors);
}

// Schemas built for the configurations in use, by their fields: building the student form's
// schema cost a tenth of an admission. A changed configuration has other fields, so another key.
// A kept configuration (settings) is the same object on every request, which spares writing out
// its fields to find the key.
const recordSchemas = new Map<string, RecordSchema>();
const schemaOfFields = new WeakMap<FormConfigView['fields'], RecordSchema>();
const MAX_RECORD_SCHEMAS = 100;

function recordSchemaOf(fields: FormConfigView['fields']): RecordSchema {
  let schema = schemaOfFields.get(fields);
  if (schema) return schema;
  const key = JSON.stringify(fields);
  schema = recordSchemas.get(key);
  if (!schema) {
    if (recordSchemas.size >= MAX_RECORD_SCHEMAS) recordSchemas.delete(recordSchemas.keys().next().value!);
    schema = buildRecordSchema(fields);
    recordSchemas.set(key, schema);
  }
  schemaOfFields.set(fields, schema);
  return schema;
}

/** Validates the submitted values against the form's active fields. */
function validate(config: FormConfigView, values: FieldValues): FieldValues {
  const result = recordSchemaOf(config.fields).safeParse(values);
  if (!result.success) throw invalidRecord(fieldErrors(result.error));
  return result.data;
}

/**
 * Every select whose choice names another record must name one that exists; a course select
 * takes exactly the choices the form offers the submitter (courses, else categories, else the
 * static list). Answers the branches the values name, by id, so that the admission does not read
 * its branch again.
 */
async function checkReferences(
  db: Executor,
  by: Submitter,
  config: FormConfigView,
  values: FieldValues,
): Promise<Map<string, WalletBranch>> {
  const errors: Record<string, string[]> = {};
  const branches = new Map<string, WalletBranch>();
  for (const field of activeFields(config.fields)) {
    const value = values[field.name];
    const source = optionsSourceOf(field);
    if (typeof value !== 'string' || !source) continue;
    let offered: boolean;
    if (source === 'branches') {
      const branch = await findBranch(db, value);
      if (branch) branches.set(branch.id, branch);
      offered = branch !== null;
    } else {
      offered =
        source === 'courseCategories'
          ? (await db.select({ id: courseCategories.id }).from(courseCategories).where(eq(courseCategories.id, value))).length > 0
          : await offersCourse(db, by, value);
    }
    if (!offered) errors[field.name] = [fieldMessages.selection(field.label || field.name)];
  }
  if (Object.keys(errors).length) throw invalidRecord(errors);
  return branches;
}

/**
 * Whether the course select offers this value to the submitter: one of the courses they can read,
 * else (with no such course) one of the active categories, else one of the static list. Looked
 * up by the value rather than by listing every course.
 */
async function offersCourse(db: Executor, by: Submitter, value: string): Promise<boolean> {
  const scope = branchScope(by);
  const [course] = scope === null ? await courseById(db, { id: value }) : await courseByIdInScope(db, { id: value, scope });
  if (course) return true;
  const readable = and(eq(records.formType, 'course'), readableBy(scope));
  const [anyCourse] = await db.select({ id: records.id }).from(records).where(readable).limit(1);
  if (anyCourse) return false;
  const categories = (await activeCourseCategories(db)).map((category) => ({ value: category._id, label: category.name }));
  return courseChoices([], categories).some((choice) => choice.value === value);
}

const courseQuery = (db: Executor, scope: Placeholder | null) =>
  db
    .select({ id: records.id })
    .from(records)
    .where(and(eq(records.formType, 'course'), readableBy(scope), eq(records.id, sql.placeholder('id'))))
    .limit(1);
const courseById = compiledQuery('course_by_id', { id: records.id }, (db) => courseQuery(db, null));
const courseByIdInScope = compiledQuery('course_by_id_in_scope', { id: records.id }, (db) => courseQuery(db, sql.placeholder('scope')));

/** Every file value must be a confirmed upload that fits its field's rule (see recordFileErrors). */
async function checkFiles(
  db: Executor,
  by: Submitter,
  config: FormConfigView,
  values: FieldValues,
  current: { id: string; fields: FieldValues } | null,
) {
  const errors = await recordFileErrors(db, by, config.formType, config.fields, values, current);
  if (Object.keys(errors).length) throw invalidRecord(errors);
}

/**
 * The branch a record belongs to. A branch's own staff work in their branch only; for others a
 * student goes to the branch chosen as its center, and other records belong to no branch.
 */
function branchOf(formType: string, scope: string | null, values: FieldValues, current: string | null): string | null {
  if (formType === 'branch') return null;
  if (scope !== null) {
    if (formType === 'student' && typeof values.centerName === 'string' && values.centerName !== scope) {
      throw forbidden(recordMessages.otherBranch);
    }
    return scope;
  }
  if (formType === 'student' && typeof values.centerName === 'string') return values.centerName;
  return current;
}

/** A branch's own staff need not choose their center: it is their branch. */
function withOwnCenter(formType: string, scope: string | null, values: FieldValues): FieldValues {
  if (formType !== 'student' || scope === null || !isEmptyValue(values.centerName)) return values;
  return { ...values, centerName: scope };
}

/** The course the form's course select names, if it names one. */
function chosenCourse(config: FormConfigView, values: FieldValues): string | null {
  const field = activeFields(config.fields).find((candidate) => optionsSourceOf(candidate) === 'courses');
  const value = field && values[field.name];
  return typeof value === 'string' ? value : null;
}

export interface SubmitRecordInput {
  formType: string;
  values: FieldValues;
  /** The imported row the record is made from. */
  imported?: ImportedRow;
}

export interface SubmittedRecord {
  id: string;
  generatedNumbers?: GeneratedNumbers;
  charge?: AdmissionCharge;
}

/** Adds a record through its form: validated against the stored configuration, placed in a branch. */
export async function submitRecord(ctx: CommandContext, by: Submitter, input: SubmitRecordInput): Promise<SubmittedRecord> {
  const config = await formConfigOf(ctx, input.formType);
  const scope = branchScope(by);
  if (input.formType === 'branch' && scope !== null) throw forbidden(recordMessages.branchesByAdmins);
  const values = validate(config, withOwnCenter(input.formType, scope, input.values));
  const branches = await checkReferences(ctx.tx, by, config, values);
  await checkFiles(ctx.tx, by, config, values, null);
  const branchId = branchOf(input.formType, scope, values, null);
  // The branch as the reference check read it; a form without a branch select leaves it to be read.
  const branch = branchId === null ? undefined : branches.get(branchId);
  const fields = storedValues(values);
  const files = heldFileKeys(config.fields, fields);
  const created = await createRecord(ctx, { formType: input.formType, branchId, fields, files, branch, imported: input.imported });
  if (input.formType !== 'student') return created;
  await invoiceCourseFee(ctx, created.id, chosenCourse(config, values));
  if (!branchId) return created;
  // Same transaction: too little money throws and takes the new student with it, and the fee's
  // invoice and its number with them. The ledger entry takes the price's own name.
  const result = await chargeOperation(ctx, {
    branchId,
    branch,
    operationKey: ADMISSION_OPERATION.key,
    referenceId: created.id,
    newReference: true,
  });
  return {
    ...created,
    charge: {
      charged: result.charged,
      price: result.price,
      balance: result.balance,
      operationName: result.charge?.operationName ?? result.operationPrice?.operationName ?? ADMISSION_OPERATION.name,
    },
  };
}

export interface ChangeRecordInput {
  formType?: string;
  values: FieldValues;
  /** The version the client last read (If-Match); without it the change applies to the latest. */
  expectedVersion?: number;
}

async function writableRecord(ctx: CommandContext, by: Submitter, id: string, expectedVersion?: number) {
  const current = await recordState(ctx.tx, id, branchScope(by));
  if (!current || current.reach === 'none') throw notFound('Record');
  refuseReadOnly(current.reach);
  if (expectedVersion !== undefined && expectedVersion !== current.version) throw stale(recordMessages.stale);
  return current;
}

/**
 * Appends at the version the command read. Without If-Match a lost race is reported as a
 * conflict on `any`, which makes the request run again on the newer state.
 */
async function appendAt(ctx: CommandContext, id: string, version: number, event: RecordEvent, ifMatch: boolean) {
  try {
    await append(ctx.tx, recordStream(id), version, [event], ctx.meta);
  } catch (error) {
    if (!(error instanceof ConcurrencyError)) throw lostFileRace(error, id);
    if (ifMatch) throw stale(recordMessages.stale);
    throw new ConcurrencyError(id, 'any');
  }
}

/**
 * Replaces the values of a record's active fields; values of fields the form no longer shows
 * are kept. A student may move to another branch (not by a branch's own staff); its numbers stay.
 */
export async function changeRecord(ctx: CommandContext, by: Submitter, id: string, input: ChangeRecordInput): Promise<void> {
  const current = await writableRecord(ctx, by, id, input.expectedVersion);
  if (input.formType !== undefined && input.formType !== current.formType) {
    throw invalid(recordMessages.typeChanged, { formType: [recordMessages.typeChanged] });
  }
  const config = await formConfigOf(ctx, current.formType);
  const scope = branchScope(by);
  const values = validate(config, withOwnCenter(current.formType, scope, input.values));
  await checkReferences(ctx.tx, by, config, values);
  await checkFiles(ctx.tx, by, config, values, current);
  const shown = new Set(activeFields(config.fields).map((field) => field.name));
  const kept = Object.fromEntries(Object.entries(current.fields).filter(([name]) => !shown.has(name)));
  const fields = { ...storedValues(kept), ...storedValues(values) };
  const branchId = branchOf(current.formType, scope, values, current.branchId);
  const data: RecordUpdatedData = {
    fields,
    files: heldFileKeys(config.fields, fields),
    ...(branchId !== current.branchId && { branchId }),
  };
  await appendAt(ctx, id, current.version, { type: 'RecordUpdated', data }, input.expectedVersion !== undefined);
}

export async function deleteRecord(ctx: CommandContext, by: Submitter, id: string, expectedVersion?: number): Promise<void> {
  const current = await writableRecord(ctx, by, id, expectedVersion);
  if (current.formType === 'branch' && branchScope(by) !== null) throw forbidden(recordMessages.branchesByAdmins);
  await appendAt(ctx, id, current.version, { type: 'RecordDeleted', data: {} }, expectedVersion !== undefined);
}
