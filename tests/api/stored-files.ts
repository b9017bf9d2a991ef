import { expect } from 'vitest';
import { tinyPng } from '../support/images';
import type { AccountsApi } from './accounts';

export interface StoredFile {
  fileName: string;
  fileType: string;
  bytes: Buffer;
  formType: string;
  fieldName?: string;
}

/** A file stored as a browser stores it (docs/decisions/008): address, PUT, confirm. Answers its key. */
export async function storeFile(accounts: AccountsApi, token: string, file: StoredFile): Promise<string> {
  const { fileName, fileType, bytes, formType, fieldName } = file;
  const address = await accounts.call('POST', '/s3-upload/presigned-url', {
    token,
    body: { fileName, fileType, fileSize: bytes.length, formType, fieldName },
  });
  expect(address.status, JSON.stringify(address.body)).toBe(200);
  const { presignedUrl, headers, key } = address.body.data as { presignedUrl: string; headers: Record<string, string>; key: string };
  expect((await accounts.api.request(presignedUrl, { method: 'PUT', body: new Uint8Array(bytes), headers })).status).toBe(200);
  const confirmed = await accounts.call('POST', '/s3-upload/confirm-upload', {
    token,
    body: { key, originalFileName: fileName, fileSize: bytes.length, formType, fieldName },
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
  return key;
}

/**
 * Keys no image field of `formType` takes: a photo uploaded for students, a PDF uploaded under
 * `formType`, and a key of its shape that no upload has.
 */
export async function notImageUploads(accounts: AccountsApi, token: string, formType: string) {
  const photo = await storeFile(accounts, token, {
    fileName: 'photo.png',
    fileType: 'image/png',
    bytes: tinyPng,
    formType: 'student',
    fieldName: 'studentPhoto',
  });
  const paper = await storeFile(accounts, token, {
    fileName: 'paper.pdf',
    fileType: 'application/pdf',
    bytes: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
    formType,
    fieldName: 'questionPaper',
  });
  return { photo, paper, neverUploaded: `${formType}/2026/01/00000000-0000-4000-8000-000000000000-image.png` };
}
