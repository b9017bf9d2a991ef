import { activeFields, examSubjectFileColumns } from '../../common/forms/fields';
import type { FormFieldConfig } from '../../common/forms/types';
import { checkUpload, resolveContentType, uploadMessages, uploadRuleFor } from '../../common/uploads/rules';
import type { FieldValues } from './record-events';
import { invalid } from './errors';
import type { ObjectStorage } from '../storage/object-storage';
import type { Actor } from './auth/actor';
import type { CommandContext } from './command';
import { contentMatchesType, SNIFF_BYTES } from './file-content';
import { formConfigOf, recordMessages } from './records';
import { newUploadKey, recordUpload } from './uploads';

/** A file part of a multipart form, under the name it was posted with. */
export interface PostedFile {
  part: string;
  file: File;
}

export const postedFileMessages = {
  noField: 'This form has no file field of this name',
  noRow: 'This file belongs to a subject row that was not sent',
} as const;

/** Where a posted file goes: a file field (`studentPhoto`), or a subject row's paper (`examSubjectsTable_0_examPaper`). */
type Place = { field: string } | { field: string; row: number; column: string };

function placeOf(fields: readonly FormFieldConfig[], part: string): Place | null {
  const active = activeFields(fields);
  if (active.some((field) => field.name === part && field.type === 'file')) return { field: part };
  const nested = /^(.+)_(\d+)_([A-Za-z]+)$/.exec(part);
  if (!nested) return null;
  const [, field, row, column] = nested as unknown as [string, string, string, string];
  const table = active.some((candidate) => candidate.name === field && candidate.type === 'examSubjectsTable');
  if (!table || !(examSubjectFileColumns as readonly string[]).includes(column)) return null;
  return { field, row: Number(row), column };
}

interface StagedFile {
  key: string;
  contentType: string;
  body: Uint8Array;
}

/**
 * Saves a record whose form was posted with its files (SPEC.md section 7: each file under its
 * field's name, a subject row's paper as `field_index_subfield`, several parts of one name a
 * file list). Each file is held to its field's upload rule and its bytes to their type, exactly
 * as an upload through an address is; its key goes into the values, and it is recorded as an
 * upload in the same transaction as the record. `save` validates and writes the record; the
 * files reach storage only after it has, so a refused record stores nothing. Should storing
 * fail, the files already stored are removed and the command fails as a whole.
 */
export async function saveWithPostedFiles<Result>(
  ctx: CommandContext,
  storage: ObjectStorage,
  by: Pick<Actor, 'id' | 'branchId'>,
  formType: string,
  values: FieldValues,
  files: readonly PostedFile[],
  save: (values: FieldValues) => Promise<Result>,
): Promise<Result> {
  if (files.length === 0) return save(values);
  const config = await formConfigOf(ctx, formType);

  const errors: Record<string, string[]> = {};
  const placed: FieldValues = { ...values };
  const staged: StagedFile[] = [];
  const keysByField = new Map<string, string[]>();
  for (const { part, file } of files) {
    const place = placeOf(config.fields, part);
    if (!place) {
      errors[part] = [postedFileMessages.noField];
      continue;
    }
    const rule = uploadRuleFor(part);
    const contentType = resolveContentType(file.type, file.name);
    const body = new Uint8Array(await file.arrayBuffer());
    const refusal =
      checkUpload(rule, { fileName: file.name, contentType, size: body.byteLength }) ??
      ((await contentMatchesType(contentType, body.subarray(0, SNIFF_BYTES))) ? null : uploadMessages.contentMismatch);
    if (refusal) {
      errors[part] = [refusal];
      continue;
    }
    const key = newUploadKey(formType, file.name, ctx.meta.occurredAt);
    if ('row' in place) {
      const rows = rowsOf(placed[place.field]);
      const row = rows?.[place.row];
      if (!rows || typeof row !== 'object' || row === null) {
        errors[part] = [postedFileMessages.noRow];
        continue;
      }
      rows[place.row] = { ...row, [place.column]: key };
      placed[place.field] = rows;
    } else {
      const keys = [...(keysByField.get(place.field) ?? []), key];
      keysByField.set(place.field, keys);
      placed[place.field] = keys.length === 1 ? key : keys;
    }
    staged.push({ key, contentType, body });
    await recordUpload(ctx, by, { key, originalFileName: file.name, contentType, size: body.byteLength, formType, fieldName: part });
  }
  if (Object.keys(errors).length) throw invalid(recordMessages.invalid, errors);

  const result = await save(placed);
  await storeAll(storage, staged);
  return result;
}

/** A subject table as posted: rows, or rows as JSON text. A copy, so the caller's values stay as given. */
function rowsOf(value: unknown): unknown[] | null {
  let rows = value;
  if (typeof value === 'string') {
    try {
      rows = JSON.parse(value);
    } catch {
      return null;
    }
  }
  return Array.isArray(rows) ? [...rows] : null;
}

async function storeAll(storage: ObjectStorage, files: readonly StagedFile[]): Promise<void> {
  const stored: string[] = [];
  try {
    for (const file of files) {
      stored.push(file.key);
      await storage.put(file);
    }
  } catch (error) {
    await Promise.allSettled(stored.map((key) => storage.delete(key)));
    throw error;
  }
}
