import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createAccountsApi, syncCatalogue, tokenFor, type AccountsApi } from '../../tests/api/accounts';
import { callApi } from './api.server';
import { inProcessTransport } from './api-transport.server';
import type { AuthedApi } from './auth.server';
import {
  createCourseCategory,
  listCourseCategories,
  removeCourseCategory,
  renameCourseCategory,
  toggleCourseCategoryStatus,
} from './course-categories.server';

let accounts: AccountsApi;
let api: AuthedApi;

beforeAll(async () => {
  accounts = await createAccountsApi();
  await syncCatalogue(accounts.db);
  const token = await tokenFor(accounts.db, accounts.auth, await addUser(accounts.db, { permissions: ['COURSE_CATEGORIES'] }));
  const transport = inProcessTransport(accounts.api.fetch)('127.0.0.1');
  api = { call: (method, path, request = {}) => callApi(transport, method, path, { ...request, token }) };
});
afterAll(() => accounts?.cleanup());

describe('the course categories service', () => {
  it('adds, lists, renames, toggles and removes a category through /api/v1', async () => {
    const created = await createCourseCategory(api, 'Fashion Design');
    if (!created.ok) throw new Error(created.message);
    const { _id: id } = created.data;

    const listed = await listCourseCategories(api, { search: 'fashion', sortBy: 'name', order: 'asc', page: 1, limit: 10 });
    expect(listed).toMatchObject({ ok: true, data: { total: 1, categories: [{ _id: id, name: 'Fashion Design', courseCount: 0 }] } });

    expect(await renameCourseCategory(api, id, 'Fashion and Textiles', 1)).toMatchObject({
      ok: true,
      data: { name: 'Fashion and Textiles', version: 2 },
    });
    expect(await renameCourseCategory(api, id, 'Too Late', 1)).toMatchObject({ ok: false, status: 412 });
    expect(await toggleCourseCategoryStatus(api, id)).toMatchObject({ ok: true, data: { status: 'inactive', version: 3 } });
    expect(await toggleCourseCategoryStatus(api, id, 'active', 3)).toMatchObject({ ok: true, data: { status: 'active', version: 4 } });
    expect(await removeCourseCategory(api, id, 4)).toMatchObject({ ok: true, message: 'Category deleted successfully' });
    expect(await removeCourseCategory(api, id)).toMatchObject({ ok: false, status: 404 });
  });

  it('hands back the field messages of a refused name', async () => {
    expect(await createCourseCategory(api, ' ')).toMatchObject({ ok: false, status: 400, errors: { name: ['Category name is required'] } });
  });
});
