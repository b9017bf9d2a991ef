import { z } from 'zod';
import { checkUpload, resolveContentType, uploadMessages, uploadRuleFor } from '../../common/uploads/rules';
import { canSeeUpload, confirmUpload, findUpload, FORM_TYPE_PATTERN, newUploadKey } from '../domain/uploads';
import { isSafeKey } from '../storage/object-storage';
import { defineEndpoint, type Reply } from './endpoint';
import { HttpError, badRequest } from './errors';

/** Seconds an upload address stays valid. */
const UPLOAD_ADDRESS_TTL_SECONDS = 600;
/** Seconds a download address stays valid unless the caller asks otherwise (SPEC.md: 300). */
const DOWNLOAD_ADDRESS_TTL_SECONDS = 300;
const MAX_DOWNLOAD_ADDRESS_TTL_SECONDS = 3600;

const formType = z.string().trim().regex(FORM_TYPE_PATTERN, 'Invalid form type');
const fieldName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,100}$/, 'Invalid field name')
  .optional();
const fileSize = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

const uploadRecord = z.object({
  _id: z.string(),
  key: z.string(),
  originalFileName: z.string(),
  contentType: z.string(),
  size: z.number(),
  formType: z.string(),
  uploadedBy: z.string().nullable(),
  branchId: z.string().nullable(),
  createdAt: z.string(),
});

const presignedUrl = defineEndpoint({
  method: 'post',
  path: '/s3-upload/presigned-url',
  summary:
    'An address to PUT one file to, valid for 10 minutes: send the body with exactly `headers` ' +
    '(its Content-Type) and `fileSize` bytes, then confirm. `cloudFrontUrl` and `s3Url` are null: ' +
    'files are private and read through /s3-upload/download-url.',
  tag: 'uploads',
  access: { kind: 'authenticated' },
  body: z.object({
    // Missing name or size answer "No file provided" rather than a schema error.
    fileName: z.string().max(255).default(''),
    fileType: z.string().max(255).default(''),
    fileSize: fileSize.default(0),
    formType,
    fieldName,
  }),
  response: z.object({
    presignedUrl: z.string(),
    key: z.string(),
    cloudFrontUrl: z.string().nullable(),
    s3Url: z.string().nullable(),
    requiresAclHeader: z.boolean(),
    expiresIn: z.number(),
    method: z.literal('PUT'),
    headers: z.record(z.string()),
    contentType: z.string(),
    maxSize: z.number(),
  }),
  async handle({ body, deps, meta }): Promise<Reply> {
    const rule = uploadRuleFor(body.fieldName);
    const contentType = resolveContentType(body.fileType, body.fileName);
    const refusal = checkUpload(rule, { fileName: body.fileName, contentType, size: body.fileSize });
    if (refusal) throw badRequest(refusal);
    const key = newUploadKey(body.formType, body.fileName, meta.occurredAt);
    const put = await deps.storage.presignPut({
      key,
      contentType,
      size: body.fileSize,
      expiresIn: UPLOAD_ADDRESS_TTL_SECONDS,
    });
    return {
      message: 'Upload address created',
      data: {
        presignedUrl: put.url,
        key,
        cloudFrontUrl: null,
        s3Url: null,
        requiresAclHeader: put.requiresAclHeader,
        expiresIn: UPLOAD_ADDRESS_TTL_SECONDS,
        method: 'PUT',
        headers: put.headers,
        contentType,
        maxSize: rule.maxBytes,
      },
    };
  },
});

const confirm = defineEndpoint({
  method: 'post',
  path: '/s3-upload/confirm-upload',
  summary:
    'Checks the stored file (real size, type and first bytes) and records it; a file that breaks ' +
    'the limits or its declared type is deleted and refused with 400',
  tag: 'uploads',
  access: { kind: 'authenticated' },
  body: z.object({
    key: z.string().min(1).max(512),
    originalFileName: z.string().max(255).default(''),
    fileSize,
    formType,
    fieldName,
  }),
  response: uploadRecord,
  async handle({ body, actor, tx, meta, deps }): Promise<Reply> {
    const result = await confirmUpload({ tx: tx!, meta }, deps.storage, actor!, body);
    switch (result.kind) {
      case 'confirmed':
        return { status: 201, message: 'File uploaded successfully', data: result.record };
      case 'already-confirmed':
        return { message: 'File uploaded successfully', data: result.record };
      case 'not-found':
        throw new HttpError(404, result.message);
      case 'rejected':
        // Commits: the file is gone, and the refusal stays in the log.
        return { status: 400, message: result.message, data: null };
    }
  },
});

const downloadUrl = defineEndpoint({
  method: 'get',
  path: '/s3-upload/download-url',
  summary: 'A short-lived address to read a confirmed file (default 300 s, at most an hour)',
  tag: 'uploads',
  access: { kind: 'authenticated' },
  query: z.object({
    key: z.string().min(1).max(512),
    expiresIn: z.coerce
      .number()
      .int()
      .positive()
      .default(DOWNLOAD_ADDRESS_TTL_SECONDS)
      .transform((seconds) => Math.min(seconds, MAX_DOWNLOAD_ADDRESS_TTL_SECONDS)),
    download: z
      .enum(['true', 'false', '1', '0'])
      .default('false')
      .transform((value) => value === 'true' || value === '1'),
    filename: z.string().max(255).optional(),
  }),
  response: z.object({ url: z.string(), expiresIn: z.number() }),
  async handle({ query, actor, db, deps }): Promise<Reply> {
    const record = isSafeKey(query.key) ? await findUpload(db, query.key) : null;
    if (!record || !canSeeUpload(actor!, record)) throw new HttpError(404, uploadMessages.notFound);
    const url = await deps.storage.presignGet({
      key: record.key,
      expiresIn: query.expiresIn,
      downloadName: query.download ? query.filename?.trim() || record.originalFileName : undefined,
    });
    return { message: 'Download address created', data: { url, expiresIn: query.expiresIn } };
  },
});

export const uploadEndpoints = [presignedUrl, confirm, downloadUrl];
