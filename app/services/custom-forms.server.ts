import { activeFields, customFormType } from '../../common/forms/fields';
import type { FormFieldConfig } from '../../common/forms/types';
import type { ApiResult } from './api.server';
import type { AuthedApi } from './auth.server';

/** A form the super admin added beside the four built-in ones. */
export interface CustomForm {
  formType: string;
  label: string;
}

interface FormConfigSummary {
  _id: string;
  formType: string;
  label: string;
  isCustom: boolean;
}

/** The custom forms, in the API's order; empty when they cannot be read (the panel still works). */
export async function listCustomForms(api: AuthedApi): Promise<CustomForm[]> {
  const result = await api.call<FormConfigSummary[]>('GET', '/dynamic-forms');
  if (!result.ok || !Array.isArray(result.data)) return [];
  return result.data.filter((form) => form.isCustom).map(({ formType, label }) => ({ formType, label }));
}

/** Creates an empty custom form named `name`; its form type is the name in lowercase with hyphens. */
export function createCustomForm(api: AuthedApi, name: string): Promise<ApiResult<FormConfigSummary>> {
  const label = name.trim();
  return api.call<FormConfigSummary>('POST', '/dynamic-forms', {
    body: { formType: customFormType(label), label, fields: [] },
  });
}

/** A custom form's label and active fields, for its records list; null when it has no configuration. */
export async function loadCustomForm(
  api: AuthedApi,
  formType: string,
): Promise<{ label: string; fields: FormFieldConfig[] } | null> {
  const result = await api.call<FormConfigSummary & { fields: FormFieldConfig[] }>(
    'GET',
    `/dynamic-forms/type/${encodeURIComponent(formType)}`,
  );
  if (!result.ok || !result.data.isCustom) return null;
  return { label: result.data.label, fields: activeFields(result.data.fields) };
}
