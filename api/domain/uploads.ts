import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { append, type StreamRef } from '../db/event-store';
import type { FileUploadedData, UploadEvent } from './upload-events';
import { uploads } from '../db/schema';
import { isSafeKey, safeFileName, type ObjectStorage } from '../storage/object-storage';
import type { Actor } from './auth/actor';
import type { CommandContext } from './command';
import { checkUpload, uploadMessages, uploadRuleFor, type UploadRule } from '../../common/uploads/rules';
import { contentMatchesType, SNIFF_BYTES } from './file-content';
import { FORM_TYPE_PATTERN } from '../../common/uploads/keys';
import { deleteWebCopies, makeWebCopies, type ImageSizes, type WebCopies } from '../images/web-copies';

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

/** An image's web copies, made from the stored file; null when it is not stored or is over the limit (confirming refuses it). */
async function webCopiesOf(
  storage: ObjectStorage,
  key: string,
  rule: UploadRule & { webCopies: readonly number[] },
): Promise<WebCopies | null> {
  const stored = await storage.head(key);
  if (!stored || stored.size > rule.maxBytes) return null;
  return makeWebCopies(storage, key, await storage.readStart(key, stored.size), rule.webCopies);
}

/**
 * The slow part of confirming an image whose rule makes web copies, done before the transaction
 * opens so that the database waits on no decoding: the copies made, or the image refused. Null
 * when there is nothing to copy: another rule, a key no upload has, one confirmed already, a file
 * not stored or over the limit, which confirmUpload answers by itself.
 */
export async function prepareUpload(db: Executor, storage: ObjectStorage, input: ConfirmUploadInput): Promise<WebCopies | null> {
  const rule = uploadRuleFor(input.fieldName);
  if (!rule.webCopies || !isUploadKeyOf(input.key, input.formType) || (await findUpload(db, input.key))) return null;
  return webCopiesOf(storage, input.key, { ...rule, webCopies: rule.webCopies });
}

/**
 * Accepts an uploaded file once what was stored matches the rules: its real size is the size
 * given and within the limit, its content type is accepted, its first bytes are of that type,
 * and an image whose rule makes web copies reads whole (its copies are made, by `prepared` or
 * here). A file that breaks them is deleted with any copies and the refusal recorded
 * (FileRejected); an accepted one is recorded as FileUploaded, with the caller as uploader and
 * the caller's branch as owner. Confirming the same key again answers with the first record.
 */
export async function confirmUpload(
  { tx, meta }: CommandContext,
  storage: ObjectStorage,
  actor: Actor,
  input: ConfirmUploadInput,
  prepared: WebCopies | null = null,
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
  const copies =
    refusal || !rule.webCopies ? null : (prepared ?? (await webCopiesOf(storage, input.key, { ...rule, webCopies: rule.webCopies })));
  const refused = refusal ?? (copies?.kind === 'refused' ? copies.message : null);

  if (refused) {
    await storage.delete(input.key);
    if (prepared?.kind === 'made') await deleteWebCopies(storage, input.key, prepared.image.webCopies);
    await append(
      tx,
      uploadStream(input.key),
      'any',
      [
        {
          type: 'FileRejected',
          data: {
            reason: refused,
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
    return { kind: 'rejected', message: refused };
  }

  const record = await recordUpload({ tx, meta }, actor, {
    key: input.key,
    originalFileName: input.originalFileName,
    contentType: stored.contentType,
    size: stored.size,
    formType: input.formType,
    fieldName: input.fieldName ?? null,
    image: copies?.kind === 'made' ? copies.image : undefined,
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
  image?: ImageSizes;
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
    ...(file.image && { image: file.image }),
  };
  await append(tx, uploadStream(file.key), 'any', [{ type: 'FileUploaded', data }], meta);
  return (await findUpload(tx, file.key))!;
}
