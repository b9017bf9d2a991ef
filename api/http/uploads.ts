import { uploadContract } from '../../common/contracts/uploads';
import { checkUpload, resolveContentType, uploadMessages, uploadRuleFor } from '../../common/uploads/rules';
import { canSeeUpload, confirmUpload, findUpload, newUploadKey, prepareUpload, type UploadRecord } from '../domain/uploads';
import { isSafeKey } from '../storage/object-storage';
import { defineEndpoint } from './endpoint';
import { HttpError, badRequest } from './errors';

/** Seconds an upload address stays valid. */
const UPLOAD_ADDRESS_TTL_SECONDS = 600;

const presignedUrl = defineEndpoint({
  ...uploadContract.presignedUrl,
  access: { kind: 'authenticated' },
  async handle({ body, deps, meta }) {
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
        method: 'PUT' as const,
        headers: put.headers,
        contentType,
        maxSize: rule.maxBytes,
      },
    };
  },
});

/** The record as it travels: its time as JSON writes it; an image's sizes are the public site's business. */
function uploadView({ imageWidth: _width, imageHeight: _height, webCopies: _copies, ...record }: UploadRecord) {
  return { ...record, createdAt: record.createdAt.toISOString() };
}

const confirm = defineEndpoint({
  ...uploadContract.confirm,
  access: { kind: 'authenticated' },
  prepare: ({ body, db, deps }) => prepareUpload(db, deps.storage, body),
  async handle({ body, actor, tx, meta, deps, prepared }) {
    const result = await confirmUpload({ tx, meta }, deps.storage, actor, body, prepared);
    switch (result.kind) {
      case 'confirmed':
        return { status: 201, message: 'File uploaded successfully', data: uploadView(result.record) };
      case 'already-confirmed':
        return { message: 'File uploaded successfully', data: uploadView(result.record) };
      case 'not-found':
        throw new HttpError(404, result.message);
      case 'rejected':
        // Commits: the file is gone, and the refusal stays in the log.
        return { status: 400, message: result.message, data: null };
    }
  },
});

const downloadUrl = defineEndpoint({
  ...uploadContract.downloadUrl,
  access: { kind: 'authenticated' },
  async handle({ query, actor, db, deps }) {
    const record = isSafeKey(query.key) ? await findUpload(db, query.key) : null;
    if (!record || !canSeeUpload(actor, record)) throw new HttpError(404, uploadMessages.notFound);
    const url = await deps.storage.presignGet({
      key: record.key,
      expiresIn: query.expiresIn,
      downloadName: query.download ? query.filename?.trim() || record.originalFileName : undefined,
    });
    return { message: 'Download address created', data: { url, expiresIn: query.expiresIn } };
  },
});

export const uploadEndpoints = [presignedUrl, confirm, downloadUrl];
