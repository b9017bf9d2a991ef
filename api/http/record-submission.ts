import type { Context } from 'hono';
import { dynamicDataMessages, recordSubmission } from '../../common/contracts/dynamic-data';
import { fieldsDataToValues } from '../../common/forms/fields';
import type { FieldData } from '../../common/forms/types';
import type { FieldValues } from '../domain/record-events';
import type { PostedFile } from '../domain/posted-files';
import type { ApiEnv } from './context';
import { badRequest } from './errors';
import { requireStorableText } from './storable-text';
import { isMultipart, parseJsonBody, requireJsonShape } from './body-limits';

export interface Submission {
  formType?: string;
  values: FieldValues;
  files: PostedFile[];
}

/**
 * How a JSON body carries the values: `fieldsData`, as /dynamic-data takes them
 * ({ formType, fieldsData: [{ name, value }] }), or `flat`, as the top-level paths take them (the
 * values by field name, the form type implied by the path).
 */
type JsonShape = 'fieldsData' | 'flat';

/**
 * A form submission as JSON, or as a browser form (multipart or urlencoded: formType and each
 * field by name, lists as JSON text, files as file parts under their field's name, a subject row's
 * file as `field_index_subfield`).
 */
export async function readSubmission(c: Context<ApiEnv>, shape: JsonShape): Promise<Submission> {
  const submission = await decodeSubmission(c, shape);
  requireStorableText({ body: { formType: submission.formType, ...submission.values } });
  return submission;
}

async function decodeSubmission(c: Context<ApiEnv>, shape: JsonShape): Promise<Submission> {
  const contentType = c.req.header('Content-Type') ?? '';
  if (isMultipart(contentType) || /^application\/x-www-form-urlencoded/i.test(contentType)) {
    return readFormData(contentType, await c.req.arrayBuffer());
  }
  // Decoded from the bytes the endpoint read: asked for as text, Hono would rebuild them as a web Response.
  const body = parseJsonBody(await c.req.arrayBuffer());
  if (shape === 'flat') {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw badRequest('Invalid request body', { body: ['Send the form’s values as one JSON object, by field name'] });
    }
    const { formType, ...values } = body as FieldValues;
    return { formType: typeof formType === 'string' ? formType : undefined, values, files: [] };
  }
  const parsed = recordSubmission.safeParse(body);
  if (!parsed.success) throw badRequest('Invalid request body', { fieldsData: parsed.error.issues.map((i) => i.message) });
  const { formType, fieldsData = [] } = parsed.data;
  const values = Array.isArray(fieldsData) ? fieldsDataToValues(fieldsData as FieldData[]) : fieldsData;
  return { formType, values, files: [] };
}

async function readFormData(contentType: string, body: ArrayBuffer): Promise<Submission> {
  let form: FormData;
  try {
    form = await new Request('http://form.local/', { method: 'POST', headers: { 'Content-Type': contentType }, body }).formData();
  } catch {
    throw badRequest(dynamicDataMessages.invalidForm);
  }
  const values: FieldValues = {};
  const files: PostedFile[] = [];
  let formType: string | undefined;
  for (const [name, value] of form.entries()) {
    if (typeof value !== 'string') {
      // A file input left empty still sends a nameless, empty part.
      if (value.name !== '' || value.size > 0) files.push({ part: name, file: value });
      continue;
    }
    if (name === 'formType') formType = value;
    else if (name === 'fieldsData') Object.assign(values, fieldsDataFromText(value));
    else values[name] = name in values ? [values[name], value].flat() : value;
  }
  return { formType, values, files };
}

function fieldsDataFromText(text: string): FieldValues {
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch {
    // Not a list: reported as invalid below.
  }
  if (Array.isArray(requireJsonShape(list))) return fieldsDataToValues(list as FieldData[]);
  throw badRequest(dynamicDataMessages.invalidForm, { fieldsData: ['fieldsData must be a JSON list of { name, value }'] });
}
