import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, asSystem, createAccountsApi, syncCatalogue, tokenFor, type AccountsApi } from '../../tests/api/accounts';
import { testClock } from '../../tests/support/test-database';
import { indianDay } from '../../common/india-time';
import { projectionSnapshot } from '../db/projection-snapshot';
import { rebuildProjections } from '../db/rebuild';
import { courseCategoryMessages } from '../domain/course-categories/decide';
import { createRecord } from '../domain/records';
import { csvLines } from '../../tests/support/csv-lines';

const clock = testClock('2026-04-01T09:00:00.000Z');
let accounts: AccountsApi;
const tokens = {} as { manager: string; opener: string; nobody: string };

beforeAll(async () => {
  accounts = await createAccountsApi(clock);
  const { db, auth } = accounts;
  await syncCatalogue(db);
  const token = async (permissions: string[]) => tokenFor(db, auth, await addUser(db, { role: 'admin', permissions }), clock.now());
  tokens.manager = await token(['COURSE_CATEGORY_MANAGE']);
  tokens.opener = await token(['COURSE_CATEGORIES']);
  tokens.nobody = await token(['COURSE_LIST']);
});
afterAll(() => accounts?.cleanup());

let serial = 0;
const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}, token = tokens.manager) =>
  accounts.call(method, path, { token, body, headers });

/** A category made through the API, a second after the one before, so times sort as made. */
async function addCategory(name = `Category ${++serial}`) {
  clock.advance(1_000);
  const response = await call('POST', '/course/categories', { name });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as { _id: string; name: string; version: number; status: string };
}

const categoryRows = async () => (await call('GET', '/course/categories?limit=100')).body.data.categories;

function addCourse(categoryId: string) {
  return asSystem(accounts.db, (ctx) =>
    createRecord(ctx, { formType: 'course', branchId: null, fields: { courseName: `Course ${++serial}`, category: categoryId } }),
  );
}

describe('POST /course/categories', () => {
  it('adds an active category of the trimmed name and answers its view', async () => {
    clock.advance(1_000);
    const response = await call('POST', '/course/categories', { name: '  Hardware Networking ' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      success: true,
      message: 'Category created successfully',
      data: {
        _id: expect.any(String),
        name: 'Hardware Networking',
        status: 'active',
        courseCount: 0,
        version: 1,
        createdAt: clock.now().toISOString(),
        updatedAt: clock.now().toISOString(),
      },
    });
    expect(response.headers.get('ETag')).toBe('"1"');
  });

  it('refuses a name another category holds in any case, and changes nothing', async () => {
    await addCategory('Tailoring');
    const before = await categoryRows();
    const response = await call('POST', '/course/categories', { name: ' TAILORING' });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ success: false, message: courseCategoryMessages.taken });
    expect(await categoryRows()).toEqual(before);
  });

  it.each([
    ['an empty name', { name: '   ' }, ['Category name is required']],
    ['no name', {}, ['Category name is required']],
    ['a name too long', { name: 'x'.repeat(101) }, ['Category name must be at most 100 characters']],
  ])('refuses %s with the field’s message, changing nothing', async (_, body, messages) => {
    const before = await categoryRows();
    const response = await call('POST', '/course/categories', body);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ name: messages });
    expect(await categoryRows()).toEqual(before);
  });

  it('replays the first answer for a retry with the same Idempotency-Key', async () => {
    const headers = { 'Idempotency-Key': `category-${++serial}` };
    const first = await call('POST', '/course/categories', { name: 'Beauty Culture' }, headers);
    const again = await call('POST', '/course/categories', { name: 'Beauty Culture' }, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await categoryRows()).filter((row: { name: string }) => row.name === 'Beauty Culture')).toHaveLength(1);
  });
});

describe('PUT /course/categories/:id', () => {
  it('renames, moving the version and update time', async () => {
    const category = await addCategory();
    clock.advance(1_000);
    const response = await call('PUT', `/course/categories/${category._id}`, { name: 'Renamed Category' });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Category updated successfully');
    expect(response.body.data).toMatchObject({
      _id: category._id,
      name: 'Renamed Category',
      version: 2,
      updatedAt: clock.now().toISOString(),
    });
  });

  it('changes the case of its own name, and makes nothing of the same name', async () => {
    const category = await addCategory('Yoga');
    expect((await call('PUT', `/course/categories/${category._id}`, { name: 'YOGA' })).body.data).toMatchObject({
      name: 'YOGA',
      version: 2,
    });
    expect((await call('PUT', `/course/categories/${category._id}`, { name: 'YOGA' })).body.data).toMatchObject({
      name: 'YOGA',
      version: 2,
    });
  });

  it('refuses the name of another category', async () => {
    await addCategory('Pottery');
    const category = await addCategory();
    const response = await call('PUT', `/course/categories/${category._id}`, { name: 'pottery' });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(courseCategoryMessages.taken);
  });

  it('refuses a stale If-Match with 412 and takes the current one', async () => {
    const category = await addCategory();
    await call('PUT', `/course/categories/${category._id}`, { name: `Moved ${serial}` });
    const stale = await call('PUT', `/course/categories/${category._id}`, { name: 'Too Late' }, { 'If-Match': '"1"' });
    expect(stale.status).toBe(412);
    expect(stale.body.message).toBe(courseCategoryMessages.stale);
    expect((await categoryRows()).some((row: { name: string }) => row.name === 'Too Late')).toBe(false);
    const current = await call('PUT', `/course/categories/${category._id}`, { name: 'In Time' }, { 'If-Match': '"2"' });
    expect(current.body.data).toMatchObject({ name: 'In Time', version: 3 });
  });
});

describe('PUT /course/categories/:id/status', () => {
  it('toggles the status without a body, twice', async () => {
    const category = await addCategory();
    const first = await call('PUT', `/course/categories/${category._id}/status`, {});
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('Category status updated successfully');
    expect(first.body.data).toMatchObject({ status: 'inactive', version: 2 });
    const second = await call('PUT', `/course/categories/${category._id}/status`);
    expect(second.body.data).toMatchObject({ status: 'active', version: 3 });
  });

  it('sets a given status, and keeps an inactive category out of the course form’s options', async () => {
    const category = await addCategory();
    const response = await call('PUT', `/course/categories/${category._id}/status`, { status: 'inactive' });
    expect(response.body.data).toMatchObject({ status: 'inactive', version: 2 });
    expect((await call('PUT', `/course/categories/${category._id}/status`, { status: 'inactive' })).body.data.version).toBe(2);
    const options = (await call('GET', '/course/categories/all')).body.data as { _id: string }[];
    expect(options.some((option) => option._id === category._id)).toBe(false);
  });

  it('refuses a status it does not know', async () => {
    const category = await addCategory();
    const response = await call('PUT', `/course/categories/${category._id}/status`, { status: 'archived' });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors)).toEqual(['status']);
  });
});

describe('DELETE /course/categories/:id', () => {
  it('deletes a category no course uses, answering it as it was', async () => {
    const category = await addCategory();
    const response = await call('DELETE', `/course/categories/${category._id}`);
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Category deleted successfully');
    expect(response.body.data).toMatchObject({ _id: category._id, name: category.name, version: 1 });
    expect((await categoryRows()).some((row: { _id: string }) => row._id === category._id)).toBe(false);
  });

  it('refuses while courses use it, saying how many, and counts them in the list', async () => {
    const category = await addCategory();
    await addCourse(category._id);
    await addCourse(category._id);
    const response = await call('DELETE', `/course/categories/${category._id}`);
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('This category is used by 2 courses; move them to another category before deleting it');
    expect((await categoryRows()).find((row: { _id: string }) => row._id === category._id)).toMatchObject({ courseCount: 2, version: 1 });
  });

  it('answers not found for a deleted category and one that never was', async () => {
    const category = await addCategory();
    await call('DELETE', `/course/categories/${category._id}`);
    for (const id of [category._id, 'no-such-category']) {
      for (const [method, path, body] of [
        ['PUT', `/course/categories/${id}`, { name: `Back ${++serial}` }],
        ['PUT', `/course/categories/${id}/status`, {}],
        ['DELETE', `/course/categories/${id}`, undefined],
      ] as const) {
        const response = await call(method, path, body);
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(response.body.message).toBe('Course category not found');
      }
    }
  });

  it('answers not found for the id of another kind of stream', async () => {
    const { id } = await addCourse((await addCategory())._id);
    expect((await call('PUT', `/course/categories/${id}/status`, {})).status).toBe(404);
  });
});

describe('GET /course/categories', () => {
  const names = ['Zoology Basics', 'alpha Arts', 'Mid Music'];
  const listed = async (query: string) => {
    const response = await call('GET', `/course/categories?${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data as { categories: { name: string }[]; total: number; page: number; limit: number; totalPages: number };
  };

  beforeAll(async () => {
    for (const name of names) await addCategory(name);
  });

  it('searches by part of the name in any case, sorts by name either way and pages', async () => {
    const found = await listed('search=A&sortBy=name&order=asc&limit=100');
    expect(found.categories.every((row) => row.name.toLowerCase().includes('a'))).toBe(true);
    const sorted = found.categories.map((row) => row.name);
    expect(sorted).toEqual([...sorted].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));

    const only = await listed('search=zoology');
    expect(only.categories.map((row) => row.name)).toEqual(['Zoology Basics']);
    expect(await listed('search=%25')).toMatchObject({ total: 0, categories: [] });

    const all = await listed('sortBy=name&order=desc&limit=100');
    const second = await listed('sortBy=name&order=desc&limit=2&page=2');
    expect(second).toMatchObject({ page: 2, limit: 2, total: all.total, totalPages: Math.ceil(all.total / 2) });
    expect(second.categories).toEqual(all.categories.slice(2, 4));
  });

  it('filters by status, alone and with a search', async () => {
    const [first] = (await listed('search=Mid Music')).categories as unknown as { _id: string }[];
    expect((await call('PUT', `/course/categories/${first!._id}/status`, { status: 'inactive' })).status).toBe(200);
    const inactive = (await listed('status=inactive&limit=100')).categories as unknown as { name: string; status: string }[];
    expect(inactive.map((row) => row.name)).toContain('Mid Music');
    expect(inactive.every((row) => row.status === 'inactive')).toBe(true);
    expect(await listed('status=active&search=Mid Music')).toMatchObject({ total: 0 });
    expect((await call('PUT', `/course/categories/${first!._id}/status`, { status: 'active' })).status).toBe(200);
  });

  it('sorts by the time made, newest first, and by status', async () => {
    const newest = await listed('sortBy=createdAt&order=desc&limit=3');
    expect(newest.categories.map((row) => row.name)).toEqual([...names].reverse());
    const byStatus = await listed('sortBy=status&order=desc&limit=100');
    const statuses = byStatus.categories.map((row) => (row as unknown as { status: string }).status);
    expect(statuses).toEqual([...statuses].sort().reverse());
  });

  it('sorts by when each changed', async () => {
    const [first] = (await listed('sortBy=createdAt&order=asc&limit=1')).categories as unknown as { _id: string }[];
    clock.advance(1_000);
    await call('PUT', `/course/categories/${first!._id}/status`, {});
    const [latest] = (await listed('sortBy=updatedAt&order=desc&limit=1')).categories as unknown as { _id: string }[];
    expect(latest!._id).toBe(first!._id);
  });

  it.each([
    ['sortBy=price', 'sortBy'],
    ['order=up', 'order'],
    ['page=0', 'page'],
    ['limit=1000', 'limit'],
  ])('refuses %s with that field’s error', async (query, field) => {
    const response = await call('GET', `/course/categories?${query}`);
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors)).toEqual([field]);
  });
});

describe('GET /course/categories/export', () => {
  it('exports the categories the search and status match, in the list’s order and the screen’s words, as CSV or Excel', async () => {
    const marker = `Export ${++serial}`;
    const drawing = await addCategory(`${marker} Drawing`);
    await addCategory(`${marker} Music`);
    const yoga = await addCategory(`${marker} yoga`);
    await addCourse(drawing._id);
    await addCourse(drawing._id);
    expect((await call('PUT', `/course/categories/${yoga._id}/status`, { status: 'inactive' })).status).toBe(200);
    const today = indianDay(clock.now());

    const csv = await call('GET', `/course/categories/export?${new URLSearchParams({ search: marker, sortBy: 'name', order: 'desc' })}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('Content-Type')).toContain('text/csv');
    expect(csv.headers.get('Content-Disposition')).toBe(`attachment; filename="course-categories-${today}.csv"`);
    expect(csvLines(csv.body)).toEqual([
      'Name,Status,Courses,Created',
      `${marker} yoga,Inactive,0,${today}`,
      `${marker} Music,Active,0,${today}`,
      `${marker} Drawing,Active,2,${today}`,
    ]);
    const inactive = await call('GET', `/course/categories/export?${new URLSearchParams({ search: marker, status: 'inactive' })}`);
    expect(csvLines(inactive.body).slice(1)).toEqual([`${marker} yoga,Inactive,0,${today}`]);

    const workbook = await call('GET', `/course/categories/export?${new URLSearchParams({ search: marker, format: 'xlsx' })}`);
    expect(workbook.headers.get('Content-Type')).toContain('spreadsheetml');
    expect(workbook.headers.get('Content-Disposition')).toBe(`attachment; filename="course-categories-${today}.xlsx"`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(workbook.bytes).buffer);
    const sheet = book.getWorksheet('Course categories')!;
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(2).values).toEqual([undefined, `${marker} Drawing`, 'Active', 2, new Date(`${today}T00:00:00Z`)]);
  });

  it('is open to either permission, and to neither refused', async () => {
    expect((await call('GET', '/course/categories/export', undefined, {}, tokens.opener)).status).toBe(200);
    expect((await call('GET', '/course/categories/export', undefined, {}, tokens.nobody)).status).toBe(403);
    expect((await accounts.call('GET', '/course/categories/export')).status).toBe(401);
    expect((await call('GET', '/course/categories/export?format=pdf')).status).toBe(400);
  });
});

describe('who may manage categories', () => {
  it('opens every endpoint to either permission, and to neither refuses', async () => {
    for (const token of [tokens.manager, tokens.opener]) {
      const created = await call('POST', '/course/categories', { name: `Either ${++serial}` }, {}, token);
      expect(created.status).toBe(201);
      const id = created.body.data._id;
      expect((await call('GET', '/course/categories', undefined, {}, token)).status).toBe(200);
      expect((await call('PUT', `/course/categories/${id}`, { name: `Either ${++serial}` }, {}, token)).status).toBe(200);
      expect((await call('PUT', `/course/categories/${id}/status`, {}, {}, token)).status).toBe(200);
      expect((await call('DELETE', `/course/categories/${id}`, undefined, {}, token)).status).toBe(200);
    }
    const category = await addCategory();
    const before = await categoryRows();
    for (const [method, path, body] of [
      ['GET', '/course/categories', undefined],
      ['POST', '/course/categories', { name: 'Not Allowed' }],
      ['PUT', `/course/categories/${category._id}`, { name: 'Not Allowed' }],
      ['PUT', `/course/categories/${category._id}/status`, {}],
      ['DELETE', `/course/categories/${category._id}`, undefined],
    ] as const) {
      expect((await call(method, path, body, {}, tokens.nobody)).status, `${method} ${path}`).toBe(403);
    }
    expect(await categoryRows()).toEqual(before);
  });
});

describe('the read table', () => {
  it('is what a rebuild makes of the log: created, renamed, toggled and deleted categories alike', async () => {
    const before = await projectionSnapshot(accounts.db);
    expect(before.course_categories?.some((row) => row.version !== 1)).toBe(true);
    await rebuildProjections(accounts.db);
    expect(await projectionSnapshot(accounts.db)).toEqual(before);
  });
});
