import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { append, type StreamRef } from '../db/event-store';
import type { FileUploadedData, UploadEvent } from './upload-events';
import { uploads } from '../db/schema';
import { isSafeKey, safeFileName, type ObjectStorage } from '../storage/object-storage';
import type { Actor } from './auth/actor';
import type { CommandContext } from './command';
import { checkUpload, uploadMessages, uploadRuleFor } from '../../common/uploads/rules';
import { contentMatchesType, SNIFF_BYTES } from './file-content';
import { FORM_TYPE_PATTERN } from '../../common/uploads/keys';

export const uploadStream = (key: string): StreamRef<UploadEvent> => ({ type: 'upload', id: key });

/** `<formType>/<yyyy>/<mm>/<uuid>-<safe-name>`: unguessable, sorted by month, readable. */
export function newUploadKey(formType: string, fileName: string, now: Date): string {
  if (!FORM_TYPE_PATTERN.test(formType)) throw new RangeError('Invalid form type');
  const year = now.getUTCFullYear();
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${formType}/${year}/${month}/${randomUUID()}-${safeFileName(fileName)}`;
}

/** Whether the key is one this API could have issued for the form type. */
export function isUploadKeyOf(key: string, formType: string): boolean {
  return isSafeKey(key) && key.startsWith(`${formType}/`) && key.split('/').length === 4;
}

/** A stored upload, as its row holds it; `_id` is its key. */
export type UploadRecord = typeof uploads.$inferSelect & { _id: string };

export async function findUpload(db: Executor, key: string): Promise<UploadRecord | null> {
  const [row] = await db.select().from(uploads).where(eq(uploads.key, key));
  return row ? { _id: row.key, ...row } : null;
}

/** Branch staff see their branch's files only; everyone else sees all files. */
export function canSeeUpload(actor: Pick<Actor, 'branchId'>, record: Pick<UploadRecord, 'branchId'>): boolean {
  return actor.branchId === null || record.branchId === actor.branchId;
}

export interface ConfirmUploadInput {
  key: string;
  originalFileName: string;
  fileSize: number;
  formType: string;
  fieldName?: string;
}

export type ConfirmUploadResult =
  | { kind: 'confirmed'; record: UploadRecord }
  | { kind: 'already-confirmed'; record: UploadRecord }
  | { kind: 'not-found'; message: string }
  | { kind: 'rejected'; message: string };

/**
 * Accepts an uploaded file once what was stored matches the rules: its real size is the size
 * given and within the limit, its content type is accepted, and its first bytes are of that type.
 * A file that breaks them is deleted and the refusal recorded (FileRejected); an accepted one is
 * recorded as FileUploaded, with the caller as uploader and the caller's branch as owner.
 * Confirming the same key again answers with the first record.
 */
export async function confirmUpload(
  { tx, meta }: CommandContext,
  storage: ObjectStorage,
  actor: Actor,
  input: ConfirmUploadInput,
): Promise<ConfirmUploadResult> {
  if (!isUploadKeyOf(input.key, input.formType)) return { kind: 'rejected', message: uploadMessages.invalidKey };
  const existing = await findUpload(tx, input.key);
  if (existing) {
    return canSeeUpload(actor, existing)
      ? { kind: 'already-confirmed', record: existing }
      : { kind: 'not-found', message: uploadMessages.notFound };
  }

  const stored = await storage.head(input.key);
  if (!stored) return { kind: 'not-found', message: uploadMessages.notUploaded };

  const rule = uploadRuleFor(input.fieldName);
  const refusal =
    stored.size !== input.fileSize
      ? uploadMessages.sizeMismatch
      : (checkUpload(rule, { fileName: input.originalFileName, contentType: stored.contentType, size: stored.size }) ??
        ((await contentMatchesType(stored.contentType, await storage.readStart(input.key, SNIFF_BYTES)))
          ? null
          : uploadMessages.contentMismatch));

  if (refusal) {
    await storage.delete(input.key);
    await append(
      tx,
      uploadStream(input.key),
      'any',
      [
        {
          type: 'FileRejected',
          data: {
            reason: refusal,
            size: stored.size,
            contentType: stored.contentType,
            declaredSize: input.fileSize,
            formType: input.formType,
            fieldName: input.fieldName ?? null,
          },
        },
      ],
      meta,
    );
    return { kind: 'rejected', message: refusal };
  }

  const record = await recordUpload({ tx, meta }, actor, {
    key: input.key,
    originalFileName: input.originalFileName,
    contentType: stored.contentType,
    size: stored.size,
    formType: input.formType,
    fieldName: input.fieldName ?? null,
  });
  return { kind: 'confirmed', record };
}

export interface AcceptedFile {
  key: string;
  originalFileName: string;
  contentType: string;
  size: number;
  formType: string;
  fieldName: string | null;
}

/** Records an accepted file (FileUploaded), with the caller as uploader and the caller's branch as owner. */
export async function recordUpload(
  { tx, meta }: CommandContext,
  actor: Pick<Actor, 'id' | 'branchId'>,
  file: AcceptedFile,
): Promise<UploadRecord> {
  const data: FileUploadedData = {
    originalFileName: file.originalFileName.trim().slice(0, 255),
    contentType: file.contentType,
    size: file.size,
    formType: file.formType,
    fieldName: file.fieldName,
    uploadedBy: actor.id,
    branchId: actor.branchId,
  };
  await append(tx, uploadStream(file.key), 'any', [{ type: 'FileUploaded', data }], meta);
  return (await findUpload(tx, file.key))!;
}
