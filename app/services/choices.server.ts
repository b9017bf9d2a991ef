import { dynamicDataContract } from '../../common/contracts/dynamic-data';
import { formOptionContract } from '../../common/contracts/form-options';
import type { Option as Choice } from '~/lib/list-query';
import { callEndpoint } from './api.server';
import type { AuthedApi } from './auth.server';

/** Every record of a form type the caller may read, by title; null when they may not. */
export async function recordChoices(api: AuthedApi, formType: 'branch' | 'course'): Promise<Choice[] | null> {
  const result = await callEndpoint(api, dynamicDataContract.choices, { query: { formType } });
  return result.ok ? result.data.map((record) => ({ value: record._id, label: record.title })) : null;
}

/** Every course category; null when they cannot be read. */
export async function categoryChoices(api: AuthedApi): Promise<Choice[] | null> {
  const result = await callEndpoint(api, formOptionContract.courseCategories);
  return result.ok ? result.data.map((category) => ({ value: category._id, label: category.name })) : null;
}
