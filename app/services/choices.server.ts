import type { Option as Choice } from '~/lib/list-query';
import type { AuthedApi } from './auth.server';

/** Every record of a form type the caller may read, by title; null when they may not. */
export async function recordChoices(api: AuthedApi, formType: 'branch' | 'course'): Promise<Choice[] | null> {
  const result = await api.call<Array<{ _id: string; title: string }>>('GET', '/dynamic-data/choices', { query: { formType } });
  return result.ok ? result.data.map((record) => ({ value: record._id, label: record.title })) : null;
}

/** Every course category; null when they cannot be read. */
export async function categoryChoices(api: AuthedApi): Promise<Choice[] | null> {
  const result = await api.call<Array<{ _id: string; name: string }>>('GET', '/course/categories/all');
  return result.ok && Array.isArray(result.data) ? result.data.map((category) => ({ value: category._id, label: category.name })) : null;
}
