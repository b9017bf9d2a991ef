import type { AppLoadContext } from '@remix-run/node';
import {
  certificateFormatContract,
  certificateFormatMessages,
  formatImageUpload,
  type CertificateFormatContent,
  type CertificateFormatListQuery,
} from '../../common/contracts/certificate-formats';
import { dynamicDataContract } from '../../common/contracts/dynamic-data';
import { formatLayout, type FormatKind, type FormatLayout } from '../../common/certificate-layout';
import { callEndpoint, callFile, ifMatch, type ApiResult } from './api.server';
import { imageInputName, imagePath, imageSlots, withImages, type FormatImages } from '~/lib/certificate-formats';
import type { AuthedApi } from './auth.server';
import { validateCsrf } from './csrf.server';
import { readPost, storePostedFiles } from './posted-files.server';

export function listCertificateFormats(
  api: AuthedApi,
  query: Partial<Omit<CertificateFormatListQuery, 'archived'>> & { archived?: boolean },
) {
  const { archived, ...rest } = query;
  return callEndpoint(api, certificateFormatContract.list, { query: { ...rest, archived: archived ? 'true' : undefined } });
}

export function loadCertificateFormat(api: AuthedApi, id: string) {
  return callEndpoint(api, certificateFormatContract.show, { params: { id } });
}

export function createCertificateFormat(api: AuthedApi, content: CertificateFormatContent) {
  return callEndpoint(api, certificateFormatContract.create, { body: content });
}

export function saveCertificateFormat(api: AuthedApi, id: string, content: CertificateFormatContent, version?: number) {
  return callEndpoint(api, certificateFormatContract.save, { params: { id }, body: content, ...ifMatch(version) });
}

export function archiveCertificateFormat(api: AuthedApi, id: string, archived: boolean) {
  return callEndpoint(api, archived ? certificateFormatContract.archive : certificateFormatContract.unarchive, { params: { id } });
}

export function certificateFormatSample(api: AuthedApi, id: string, studentId: string) {
  return callEndpoint(api, certificateFormatContract.sample, { params: { id }, query: { studentId } });
}

export function certificateFormatPreview(api: AuthedApi, id: string, query: { studentId: string; revision?: number }, origin: string) {
  return callFile(api, certificateFormatContract.preview, { params: { id }, query, origin });
}

/**
 * The designer's post as a format's content: the name typed, the layout the designer sent (as
 * it was loaded when the page works without JavaScript) and the images chosen. Without
 * JavaScript an image comes as a file, stored here first (docs/decisions/008); `uploadErrors`
 * says why any could not be, under the API's names for the images.
 */
export async function readDesignerPost(request: Request, api: AuthedApi, context: AppLoadContext, kind: FormatKind, saved: FormatLayout) {
  const { formData, tooLarge } = await readPost(request);
  await validateCsrf(formData, request);
  const stored = await storePostedFiles(api, context, formatImageUpload.formType, formData, tooLarge);
  const slots = imageSlots(kind);
  const uploadErrors = Object.fromEntries(
    slots.flatMap((slot) => {
      const messages = stored[imageInputName(kind, slot)];
      return messages ? [[imagePath(slot), messages]] : [];
    }),
  );
  const posted = formatLayout.safeParse(parseJson(String(formData.get('layout') ?? '')));
  const layout = posted.success ? posted.data : saved;
  const images: FormatImages = { front: null, back: null, signature: null };
  for (const slot of slots) images[slot] = String(formData.get(imageInputName(kind, slot)) ?? '') || null;
  const content: CertificateFormatContent = { name: String(formData.get('name') ?? ''), layout: withImages(layout, images) };
  const version = Number(formData.get('version'));
  return {
    intent: String(formData.get('intent') ?? ''),
    content,
    version: Number.isInteger(version) && version > 0 ? version : undefined,
    refused: Object.keys(uploadErrors).length ? { message: certificateFormatMessages.imagesRefused, errors: uploadErrors } : null,
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A student offered for the preview: their name, and what tells two of one name apart. */
export interface PreviewStudent {
  _id: string;
  name: string;
  detail: string;
}

const STUDENT_MATCHES = 8;

/** Students matching a name or registration number, as the preview's picker offers them. */
export async function searchPreviewStudents(api: AuthedApi, search: string): Promise<ApiResult<PreviewStudent[]>> {
  const answer = await callEndpoint(api, dynamicDataContract.list, {
    query: { formType: 'student', search: search.trim() || undefined, limit: STUDENT_MATCHES, sort: 'title', order: 'asc' },
  });
  if (!answer.ok) return answer;
  return {
    ...answer,
    data: answer.data.records.map((record) => ({
      _id: record._id,
      name: record.title,
      detail: [record.registrationNo, record.courseName, record.branchName].filter(Boolean).join(' · '),
    })),
  };
}
