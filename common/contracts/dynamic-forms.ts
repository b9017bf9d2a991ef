import { z } from 'zod';
import { formFieldSchema, formFieldsSchema, formTypeSchema } from '../forms/config-schema';
import { defineContract } from './endpoint';

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
export type FormConfigView = z.infer<typeof formConfigView>;

const label = z.string().trim().max(100).optional();
const description = z.string().trim().max(500).optional();

export const dynamicFormContract = {
  create: defineContract({
    method: 'post',
    path: '/dynamic-forms',
    summary: 'Configure a form type that has no configuration yet (409 when it has one)',
    tag: 'dynamic-forms',
    body: z.object({
      formType: formTypeSchema.describe('student, course, branch, examResult, or a custom type: lowercase letters, digits, hyphens'),
      fields: formFieldsSchema,
      label: label.describe('Shown in the form editor; defaults to the form type in words'),
      description,
    }),
    response: formConfigView,
    creates: true,
    example: {
      body: {
        formType: 'enquiry',
        label: 'Enquiry',
        fields: [{ name: 'visitorName', label: 'Visitor Name', type: 'text', required: true }],
      },
    },
  }),
  byType: defineContract({
    method: 'get',
    path: '/dynamic-forms/type/:formType',
    summary: 'The configuration of a form type; public, as the form screen loads it without a token',
    tag: 'dynamic-forms',
    params: z.object({ formType: z.string().min(1).max(60) }),
    response: formConfigView,
    refuses: [404],
  }),
  update: defineContract({
    method: 'put',
    path: '/dynamic-forms/:id',
    summary: 'Replace the fields of a configuration (by its _id, or by form type); If-Match: "<version>" refuses a stale edit with 412',
    tag: 'dynamic-forms',
    params: z.object({ id: z.string().min(1).max(100) }),
    body: z.object({
      formType: z.string().max(60).optional().describe('Must be the configuration’s own form type when given'),
      fields: formFieldsSchema,
      label,
      description,
    }),
    response: formConfigView,
    ifMatch: true,
    refuses: [404],
    example: {
      body: {
        label: 'Enquiry',
        fields: [
          { name: 'visitorName', label: 'Visitor Name', type: 'text', required: true },
          { name: 'phone', label: 'Phone', type: 'tel' },
        ],
      },
    },
  }),
  list: defineContract({
    method: 'get',
    path: '/dynamic-forms',
    summary: 'Every form configuration, the built-in forms first, then custom forms; also for those who keep custom forms’ records',
    tag: 'dynamic-forms',
    response: z.array(formConfigView),
  }),
};
