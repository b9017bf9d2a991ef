import {
  MAX_GRADES,
  MAX_SIGNATURES,
  marksheetDetails,
  marksheetTemplateContract,
  type MarksheetDetail,
  type MarksheetTemplateContent,
} from '../../common/contracts/marksheet-templates';
import { callEndpoint, callFile, ifMatch } from './api.server';
import type { AuthedApi } from './auth.server';

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

const field = (formData: FormData, name: string) => String(formData.get(name) ?? '');

/** A number typed in a form: blank is no number (the API names what is missing), anything else as typed. */
const percentage = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * The editor's form as a template's content. Rows of the grading scale and signatures left blank
 * are dropped (the form without JavaScript offers a few spare ones); the API checks the rest.
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
    title: field(formData, 'title'),
    details: marksheetDetails.filter((detail): detail is MarksheetDetail => detailsTicked.has(detail)),
    gradingScale,
    signatures: Array.from({ length: MAX_SIGNATURES }, (_, index) => field(formData, `signature.${index}`).trim()).filter(Boolean),
    footer: field(formData, 'footer'),
  };
}
