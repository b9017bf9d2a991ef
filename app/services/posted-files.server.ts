import { data, unstable_parseMultipartFormData, type AppLoadContext, type UploadHandler } from '@remix-run/node';
import { MB, uploadMessages, uploadRuleFor } from '../../common/uploads/rules';
import { uploadContract } from '../../common/contracts/uploads';
import { dynamicFormMessages, FILE_PART_PREFIX, uploadFieldName } from '~/lib/dynamic-form';
import { uploadFailedMessage } from '~/machines/upload.machine';
import { callEndpoint } from './api.server';
import type { AuthedApi } from './auth.server';

/**
 * Forms that carry files work without JavaScript too: the browser posts the files themselves,
 * and the action takes the browser's upload steps on its behalf, so the API receives stored keys
 * as it does from a browser that uploaded them directly (docs/decisions/008).
 */

const MAX_TEXT_PART = 1 * MB;

/**
 * The upload rule's name for a file field of a form (common/uploads/rules.ts); by default its path
 * as the rules name it (`examSubjectsTable_0_subjectPaper`).
 */
export type UploadRuleOf = (path: string) => string;

/**
 * Reads the post. Browsers without JavaScript send multipart bodies with the files themselves
 * (under `__file__<field>`), kept in memory up to the limit of the field's upload rule; a larger
 * file is read to its end and dropped, so the rest of the form still arrives.
 */
export async function readPost(
  request: Request,
  ruleOf: UploadRuleOf = uploadFieldName,
): Promise<{ formData: FormData; tooLarge: string[] }> {
  const tooLarge: string[] = [];
  if (!/^multipart\/form-data/i.test(request.headers.get('Content-Type') ?? '')) {
    return { formData: await request.formData(), tooLarge };
  }
  const handler: UploadHandler = async ({ name, filename, contentType, data: stream }) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    const limit = filename === undefined ? MAX_TEXT_PART : uploadRuleFor(ruleOf(name.replace(FILE_PART_PREFIX, ''))).maxBytes;
    for await (const chunk of stream) {
      size += chunk.byteLength;
      if (size <= limit) chunks.push(chunk);
    }
    if (filename === undefined) {
      if (size > limit) throw data('Form field too large', { status: 413 });
      return new TextDecoder().decode(Buffer.concat(chunks));
    }
    if (size > limit) {
      tooLarge.push(name);
      return undefined;
    }
    if (!filename && size === 0) return undefined;
    return new File(chunks as Uint8Array<ArrayBuffer>[], filename, { type: contentType });
  };
  return { formData: await unstable_parseMultipartFormData(request, handler), tooLarge };
}

interface Stored {
  key?: string;
  error?: string;
}

/** Presign, PUT, confirm: the browser's three steps, taken on its behalf. */
async function storeFile(api: AuthedApi, context: AppLoadContext, formType: string, fieldName: string, file: File): Promise<Stored> {
  const address = await callEndpoint(api, uploadContract.presignedUrl, {
    body: { fileName: file.name, fileType: file.type, fileSize: file.size, formType, fieldName },
  });
  if (!address.ok) return { error: address.message };
  const { presignedUrl, key, headers } = address.data;
  const body = new Uint8Array(await file.arrayBuffer());
  const init = { method: 'PUT', headers, body };
  // The built-in store's addresses are root-relative and served by the API app in this process.
  const response = presignedUrl.startsWith('/')
    ? await context.api(new Request(new URL(presignedUrl, 'http://api.internal'), init))
    : await fetch(presignedUrl, init);
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as { message?: string } | null;
    return { error: payload?.message || `Storage upload failed with status ${response.status}` };
  }
  const confirmed = await callEndpoint(api, uploadContract.confirm, {
    body: { key, originalFileName: file.name, fileSize: file.size, formType, fieldName },
  });
  return confirmed.ok ? { key } : { error: confirmed.message };
}

/**
 * Stores the files a browser without JavaScript posted, and puts their keys in their fields;
 * answers why each that could not be stored was not (`tooLarge`: those readPost dropped), by field.
 */
export async function storePostedFiles(
  api: AuthedApi,
  context: AppLoadContext,
  formType: string,
  formData: FormData,
  tooLarge: readonly string[] = [],
  ruleOf: UploadRuleOf = uploadFieldName,
) {
  const errors: Record<string, string[]> = {};
  const parts = [...formData.entries()].filter(([name]) => name.startsWith(FILE_PART_PREFIX));
  for (const [name, value] of parts) {
    formData.delete(name);
    const path = name.slice(FILE_PART_PREFIX.length);
    if (typeof value === 'string' || (value.size === 0 && value.name === '')) continue;
    const stored = await storeFile(api, context, formType, ruleOf(path), value);
    if (stored.key) formData.set(path, stored.key);
    else errors[path] = [uploadFailedMessage(stored.error ?? dynamicFormMessages.generic)];
  }
  for (const name of tooLarge) {
    const path = name.slice(FILE_PART_PREFIX.length);
    errors[path] = [uploadFailedMessage(uploadMessages.tooLarge(uploadRuleFor(ruleOf(path))))];
  }
  return errors;
}
