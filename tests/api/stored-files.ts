import { expect } from 'vitest';
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
