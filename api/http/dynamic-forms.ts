import { z } from 'zod';
import { formFieldSchema, formFieldsSchema, formTypeSchema } from '../../common/forms/config-schema';
import {
  configureForm,
  enabledFieldCount,
  findFormConfig,
  formConfigMessages,
  listFormConfigs,
  updateFormConfig,
} from '../domain/form-configs';
import { defineEndpoint, type Reply } from './endpoint';
import { HttpError } from './errors';
import { customFormPermissions } from './form-access';
import { ifMatchVersion } from './if-match';

export const formConfigView = z.object({
  _id: z.string(),
  formType: z.string(),
  label: z.string(),
  description: z.string(),
  isCustom: z.boolean().describe('False for student, course, branch and examResult'),
  fields: z.array(formFieldSchema),
  version: z.number().int().describe('Send back in If-Match to update only this version'),
  createdAt: z.string().datetime(),
  updatedAt: z.string().datetime(),
});

const label = z.string().trim().max(100).optional();
const description = z.string().trim().max(500).optional();

const create = defineEndpoint({
  method: 'post',
  path: '/dynamic-forms',
  changesSettings: true,
  summary: 'Configure a form type that has no configuration yet (409 when it has one)',
  tag: 'dynamic-forms',
  access: { kind: 'superadmin' },
  body: z.object({
    formType: formTypeSchema.describe('student, course, branch, examResult, or a custom type: lowercase letters, digits, hyphens'),
    fields: formFieldsSchema,
    label: label.describe('Shown in the form editor; defaults to the form type in words'),
    description,
  }),
  response: formConfigView,
  async handle({ body, tx, meta }): Promise<Reply> {
    const config = await configureForm({ tx: tx!, meta }, body);
    return {
      status: 201,
      message: `${config.label} created successfully! ${enabledFieldCount(config.fields)} fields enabled.`,
      data: config,
    };
  },
});

const byType = defineEndpoint({
  method: 'get',
  path: '/dynamic-forms/type/:formType',
  summary: 'The configuration of a form type; public, as the form screen loads it without a token',
  tag: 'dynamic-forms',
  access: { kind: 'public' },
  params: z.object({ formType: z.string().min(1).max(60) }),
  response: formConfigView,
  async handle({ db, params }): Promise<Reply> {
    const config = await findFormConfig(db, params.formType);
    if (!config) throw new HttpError(404, formConfigMessages.notFound);
    return { message: 'Form configuration', data: config };
  },
});

const update = defineEndpoint({
  method: 'put',
  path: '/dynamic-forms/:id',
  changesSettings: true,
  summary: 'Replace the fields of a configuration (by its _id, or by form type); If-Match: "<version>" refuses a stale edit with 412',
  tag: 'dynamic-forms',
  access: { kind: 'superadmin' },
  params: z.object({ id: z.string().min(1).max(100) }),
  body: z.object({
    formType: z.string().max(60).optional().describe('Must be the configuration’s own form type when given'),
    fields: formFieldsSchema,
    label,
    description,
  }),
  response: formConfigView,
  async handle({ body, params, tx, meta, c }): Promise<Reply> {
    const config = await updateFormConfig({ tx: tx!, meta }, params.id, body, ifMatchVersion(c));
    return {
      message: `${config.label} updated successfully! ${enabledFieldCount(config.fields)} fields enabled.`,
      data: config,
    };
  },
});

const list = defineEndpoint({
  method: 'get',
  path: '/dynamic-forms',
  summary: 'Every form configuration, the built-in forms first, then custom forms; also for those who keep custom forms’ records',
  tag: 'dynamic-forms',
  // The admin area lists the custom forms for the users who fill them in.
  access: { kind: 'permission', anyOf: customFormPermissions },
  response: z.array(formConfigView),
  async handle({ db }): Promise<Reply> {
    return { message: 'Form configurations', data: await listFormConfigs(db) };
  },
});

export const dynamicFormEndpoints = [create, byType, update, list];
