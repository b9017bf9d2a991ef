import {
  MAX_GRADES,
  MAX_SIGNATURES,
  marksheetDetails,
  marksheetTemplateContract,
  marksheetTemplateMessages,
  templateImageUpload,
  type MarksheetDetail,
  type MarksheetTemplateContent,
} from '../../common/contracts/marksheet-templates';
import type { AppLoadContext } from '@remix-run/node';
import { imageErrorsAsContent, templateFormNames } from '~/lib/marksheet-template-form';
import { callEndpoint, callFile, ifMatch } from './api.server';
import type { AuthedApi } from './auth.server';
import { validateCsrf } from './csrf.server';
import { readPost, storePostedFiles } from './posted-files.server';

export function listMarksheetTemplates(api: AuthedApi) {
  return callEndpoint(api, marksheetTemplateContract.list, { query: { limit: 100 } });
}

export function loadMarksheetTemplate(api: AuthedApi, id: string) {
  return callEndpoint(api, marksheetTemplateContract.show, { params: { id } });
}

export function createMarksheetTemplate(api: AuthedApi, content: MarksheetTemplateContent) {
  return callEndpoint(api, marksheetTemplateContract.create, { body: content });
}

export function saveMarksheetTemplate(api: AuthedApi, id: string, content: MarksheetTemplateContent, version?: number) {
  return callEndpoint(api, marksheetTemplateContract.save, { params: { id }, body: content, ...ifMatch(version) });
}

export function makeMarksheetTemplateDefault(api: AuthedApi, id: string) {
  return callEndpoint(api, marksheetTemplateContract.makeDefault, { params: { id } });
}

export function marksheetTemplatePreview(api: AuthedApi, id: string, revision: number | undefined, origin: string) {
  return callFile(api, marksheetTemplateContract.preview, { params: { id }, query: { revision }, origin });
}

/** A sample marksheet laid out by content not saved yet: the editor's live preview. */
export function previewMarksheetTemplateDraft(api: AuthedApi, content: MarksheetTemplateContent, origin: string) {
  return callFile(api, marksheetTemplateContract.previewDraft, { body: content, origin });
}

const field = (formData: FormData, name: string) => String(formData.get(name) ?? '');

/** A number typed in a form: blank is no number (the API names what is missing), anything else as typed. */
const percentage = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * The editor's form as a template's content. Rows of the grading scale and signatures left blank
 * are dropped (the form without JavaScript offers a few spare ones); the API checks the rest,
 * images included (their stored keys: uploaded as chosen, or by the action without JavaScript).
 */
export function readTemplateForm(formData: FormData): MarksheetTemplateContent {
  const gradingScale = Array.from({ length: MAX_GRADES + 2 }, (_, index) => ({
    grade: field(formData, `grade.${index}`),
    from: field(formData, `from.${index}`),
    to: field(formData, `to.${index}`),
  }))
    .filter((row) => row.grade.trim() || row.from.trim() || row.to.trim())
    .map((row) => ({ grade: row.grade, from: percentage(row.from), to: percentage(row.to) }));
  const detailsTicked = new Set(formData.getAll('details').map(String));
  return {
    name: field(formData, 'name'),
    instituteName: field(formData, 'instituteName'),
    address: field(formData, 'address'),
    logo: field(formData, templateFormNames.logo) || null,
    title: field(formData, 'title'),
    details: marksheetDetails.filter((detail): detail is MarksheetDetail => detailsTicked.has(detail)),
    gradingScale,
    signatures: Array.from({ length: MAX_SIGNATURES }, (_, index) => ({
      role: field(formData, templateFormNames.signatureRole(index)).trim(),
      image: field(formData, templateFormNames.signatureImage(index)) || null,
    })).filter((signature) => signature.role || signature.image),
    footer: field(formData, 'footer'),
  };
}

/**
 * The editor's post as a template's content. Without JavaScript its images come as files, which
 * are uploaded here first (docs/decisions/008); `refused` says why any could not be.
 */
export async function readTemplatePost(request: Request, api: AuthedApi, context: AppLoadContext) {
  const { formData, tooLarge } = await readPost(request);
  await validateCsrf(formData, request);
  const uploadErrors = imageErrorsAsContent(await storePostedFiles(api, context, templateImageUpload.formType, formData, tooLarge));
  const content = readTemplateForm(formData);
  const refused = Object.keys(uploadErrors).length ? { message: marksheetTemplateMessages.imagesRefused, errors: uploadErrors } : null;
  return { formData, content, refused };
}
