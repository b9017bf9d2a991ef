import { activeFields, customFormType } from '../../common/forms/fields';
import { dynamicFormContract } from '../../common/contracts/dynamic-forms';
import type { FormFieldConfig } from '../../common/forms/types';
import { callEndpoint } from './api.server';
import type { AuthedApi } from './auth.server';

/** A form the super admin added beside the four built-in ones. */
export interface CustomForm {
  formType: string;
  label: string;
}

/** The custom forms, in the API's order; empty when they cannot be read (the panel still works). */
export async function listCustomForms(api: AuthedApi): Promise<CustomForm[]> {
  const result = await callEndpoint(api, dynamicFormContract.list);
  if (!result.ok) return [];
  return result.data.filter((form) => form.isCustom).map(({ formType, label }) => ({ formType, label }));
}

/** Creates an empty custom form named `name`; its form type is the name in lowercase with hyphens. */
export function createCustomForm(api: AuthedApi, name: string) {
  const label = name.trim();
  return callEndpoint(api, dynamicFormContract.create, { body: { formType: customFormType(label), label, fields: [] } });
}

/** A custom form's label and active fields, for its records list; null when it has no configuration. */
export async function loadCustomForm(api: AuthedApi, formType: string): Promise<{ label: string; fields: FormFieldConfig[] } | null> {
  const result = await callEndpoint(api, dynamicFormContract.byType, { params: { formType } });
  if (!result.ok || !result.data.isCustom) return null;
  return { label: result.data.label, fields: activeFields(result.data.fields) };
}
