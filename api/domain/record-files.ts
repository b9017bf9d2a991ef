import { and, inArray, ne } from 'drizzle-orm';
import { activeFields, examSubjectFileColumns, isEmptyValue, uniqueFields } from '../../common/forms/fields';
import type { FormFieldConfig } from '../../common/forms/types';
import { checkUpload, uploadRuleFor } from '../../common/uploads/rules';
import type { Executor } from '../db/client';
import type { FieldValues } from './record-events';
import { recordFiles } from '../db/schema';
import { isSafeKey } from '../storage/object-storage';
import type { Actor } from './auth/actor';
import { invalid } from './errors';
import { canSeeUpload, findUpload } from './uploads';

export const recordFileMessages = {
  notAKey: 'Upload the file first, then send its stored key',
  notUploaded: 'This file was not uploaded for this form. Please upload it again.',
  inUse: 'This file is already attached to another record. Please upload it again for this one.',
} as const;

/** One file value of a record: where it sits, the field whose upload rule it answers to, the value. */
export interface FileReference {
  /** `studentPhoto`, or `examSubjectsTable[0].examPaper` for a subject row's file. */
  path: string;
  /** The name the upload rules know it by: `studentPhoto`, `examSubjectsTable_0_examPaper`. */
  ruleName: string;
  value: unknown;
}

/** Every file value of the form's active fields: file fields (one key or a list) and subject rows' papers. */
export function fileReferences(fields: readonly FormFieldConfig[], values: FieldValues): FileReference[] {
  return referencesIn(activeFields(fields), values);
}

/**
 * The upload keys a record's stored values hold in any file field of its form, shown or not (a
 * hidden field keeps its value, and with it its file).
 */
export function heldFileKeys(fields: readonly FormFieldConfig[], values: FieldValues): string[] {
  const keys = referencesIn(uniqueFields(fields), values).flatMap(({ value }) => (typeof value === 'string' ? [value] : []));
  return [...new Set(keys)];
}

function referencesIn(fields: readonly FormFieldConfig[], values: FieldValues): FileReference[] {
  const found: FileReference[] = [];
  for (const field of fields) {
    const value = values[field.name];
    if (field.type === 'file') {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (!isEmptyValue(item)) found.push({ path: field.name, ruleName: field.name, value: item });
      }
    }
    if (field.type === 'examSubjectsTable' && Array.isArray(value)) {
      value.forEach((row: unknown, index) => {
        if (typeof row !== 'object' || row === null) return;
        for (const column of examSubjectFileColumns) {
          const cell = (row as Record<string, unknown>)[column];
          if (isEmptyValue(cell)) continue;
          found.push({ path: `${field.name}[${index}].${column}`, ruleName: `${field.name}_${index}_${column}`, value: cell });
        }
      });
    }
  }
  return found;
}

/**
 * Why each file value of a record cannot be kept, by path (none: all can). A file value must be
 * the key of a confirmed upload of this form type that the caller may see, whose recorded size
 * and type fit the rule of the field it is put in: the field chosen when the upload address was
 * asked for does not count, as the client may leave it out or name another. A key the record
 * already holds at the same place stays acceptable (it was checked when it was put there, and a
 * record moved to another branch keeps its files). A file belongs to one record only: a key
 * another record holds is refused.
 */
export async function recordFileErrors(
  db: Executor,
  by: Pick<Actor, 'branchId'>,
  formType: string,
  fields: readonly FormFieldConfig[],
  values: FieldValues,
  current: { id: string; fields: FieldValues } | null,
): Promise<Record<string, string[]>> {
  const held = new Set(current ? fileReferences(fields, current.fields).map(({ path, value }) => `${path}\n${String(value)}`) : []);
  const references = fileReferences(fields, values);
  const taken = await keysHeldElsewhere(
    db,
    references.flatMap(({ value }) => (typeof value === 'string' ? [value] : [])),
    current?.id ?? null,
  );
  const errors: Record<string, string[]> = {};
  for (const { path, ruleName, value } of references) {
    const refusal =
      typeof value === 'string' && taken.has(value)
        ? recordFileMessages.inUse
        : typeof value === 'string' && held.has(`${path}\n${value}`)
          ? null
          : await uploadRefusal(db, by, formType, ruleName, value);
    if (refusal && !errors[path]?.includes(refusal)) (errors[path] ??= []).push(refusal);
  }
  return errors;
}

/** Which of the keys a record other than this one holds. */
async function keysHeldElsewhere(db: Executor, keys: string[], recordId: string | null): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const inKeys = inArray(recordFiles.key, [...new Set(keys)]);
  const rows = await db
    .select({ key: recordFiles.key })
    .from(recordFiles)
    .where(recordId ? and(inKeys, ne(recordFiles.recordId, recordId)) : inKeys);
  return new Set(rows.map((row) => row.key));
}

/**
 * Why a value cannot be kept as a file of this form type under the field `ruleName`: not a key,
 * not a confirmed upload of the form type the caller may see, or a file the field's rule refuses.
 */
export async function uploadRefusal(
  db: Executor,
  by: Pick<Actor, 'branchId'>,
  formType: string,
  ruleName: string,
  value: unknown,
): Promise<string | null> {
  if (typeof value !== 'string') return recordFileMessages.notAKey;
  const upload = isSafeKey(value) ? await findUpload(db, value) : null;
  if (!upload || upload.formType !== formType || !canSeeUpload(by, upload)) return recordFileMessages.notUploaded;
  return checkUpload(uploadRuleFor(ruleName), {
    fileName: upload.originalFileName,
    contentType: upload.contentType,
    size: upload.size,
  });
}

/** An image a document's content names: where it sits (as the API names fields), the upload rule it answers to, its key. */
export interface NamedImage {
  path: string;
  rule: string;
  key: string;
}

/**
 * Refuses content naming an image that cannot be printed: each must be a confirmed upload of the
 * form type that the caller may see, within its rule (docs/decisions/008), unless `held` says
 * the content's owners print it already: those images are the institute's, whoever uploaded them.
 * Every refusal is answered at once, under its image's path, with `message`.
 */
export async function requireUploadedImages(
  db: Executor,
  caller: Pick<Actor, 'branchId'>,
  images: readonly NamedImage[],
  { formType, held, message }: { formType: string; held: (key: string) => Promise<boolean>; message: string },
): Promise<void> {
  const errors: Record<string, string[]> = {};
  for (const { path, rule, key } of images) {
    if (await held(key)) continue;
    const refusal = await uploadRefusal(db, caller, formType, rule, key);
    if (refusal) errors[path] = [refusal];
  }
  if (Object.keys(errors).length) throw invalid(message, errors);
}
