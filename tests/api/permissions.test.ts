import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, permissions } from '../../api/db/schema';
import { permissionCatalogue } from '../../api/domain/permissions/catalogue';
import { queryRows } from '../support/test-database';
import { addUser, createAccountsApi, tokenFor, type AccountsApi } from './accounts';

let accounts: AccountsApi;
let superadmin: string;

beforeAll(async () => {
  accounts = await createAccountsApi();
  superadmin = await tokenFor(accounts.db, accounts.auth, await addUser(accounts.db, { role: 'superadmin' }));
});
afterAll(() => accounts?.cleanup());

const syncEvents = async () =>
  (
    await queryRows<{ n: number }>(
      accounts.db,
      sql`SELECT count(*)::int AS n FROM ${events} WHERE ${events.type} = 'PermissionsSynchronized'`,
    )
  )[0]!.n;

describe('POST /permissions/sync', () => {
  it('fills an empty catalogue with every permission of the code', async () => {
    expect((await accounts.call('GET', '/permissions', { token: superadmin })).body.data).toEqual([]);
    const first = await accounts.call('POST', '/permissions/sync', { token: superadmin });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('Permissions synchronized successfully');
    expect(first.body.data.added).toHaveLength(permissionCatalogue.length);
    expect(first.body.data).toMatchObject({ updated: [], unchanged: 0, total: permissionCatalogue.length });
    expect(await syncEvents()).toBe(1);
  });

  it('adds nothing and appends no event the second time', async () => {
    const before = (await accounts.call('GET', '/permissions', { token: superadmin })).body.data;
    const second = await accounts.call('POST', '/permissions/sync', { token: superadmin });
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual({
      added: [],
      updated: [],
      unchanged: permissionCatalogue.length,
      total: permissionCatalogue.length,
    });
    expect(await syncEvents()).toBe(1);
    expect((await accounts.call('GET', '/permissions', { token: superadmin })).body.data).toEqual(before);
  });

  it('puts back a description that drifted from the code, keeping the permission’s id', async () => {
    const [stored] = await accounts.db.select().from(permissions).where(eq(permissions.name, 'STUDENT_ADD'));
    await accounts.db.update(permissions).set({ description: 'Old wording' }).where(eq(permissions.id, stored!.id));
    const sync = await accounts.call('POST', '/permissions/sync', { token: superadmin });
    expect(sync.body.data).toMatchObject({ added: [], updated: ['STUDENT_ADD'] });
    const [after] = await accounts.db.select().from(permissions).where(eq(permissions.name, 'STUDENT_ADD'));
    expect(after).toEqual(stored);
    expect(await syncEvents()).toBe(2);
  });

  it('is open to permission managers of either naming set, and to nobody else', async () => {
    for (const name of ['PERMISSION_MANAGE', 'USERS_PERMISSION_MANAGEMENT']) {
      const permissionManager = await tokenFor(accounts.db, accounts.auth, await addUser(accounts.db, { permissions: [name] }));
      expect((await accounts.call('POST', '/permissions/sync', { token: permissionManager })).status, name).toBe(200);
    }
    const userManager = await tokenFor(accounts.db, accounts.auth, await addUser(accounts.db, { permissions: ['USER_MANAGE_ALL'] }));
    expect((await accounts.call('POST', '/permissions/sync', { token: userManager })).status).toBe(403);
  });
});

describe('GET /permissions', () => {
  it('lists every permission with its fields, grouped by category in the order of the code', async () => {
    const response = await accounts.call('GET', '/permissions', { token: superadmin });
    expect(response.status).toBe(200);
    const list = response.body.data as Record<string, string>[];
    expect(list.map((p) => p.name)).toEqual(permissionCatalogue.map((p) => p.name));
    for (const permission of list) {
      expect(Object.keys(permission).sort()).toEqual(['_id', 'category', 'description', 'level', 'module', 'name']);
    }
    const categories = [...new Set(list.map((p) => p.category))];
    expect(categories).toEqual([
      'dashboard',
      'student',
      'exam',
      'branch',
      'course',
      'invoice',
      'certificate',
      'settings',
      'users',
      'wallet',
    ]);
    // Both naming sets, branch-scoped views included.
    const names = list.map((p) => p.name);
    for (const name of ['USERS_MANAGE', 'USER_MANAGE_ALL', 'EXAM_LIST', 'EXAM_VIEW_ALL', 'STUDENT_VIEW_BRANCH', 'INVOICE_VIEW_BRANCH']) {
      expect(names).toContain(name);
    }
  });

  it('puts permissions the code no longer knows after the catalogue', async () => {
    await accounts.db.insert(permissions).values({
      id: 'retired-permission',
      name: 'AAA_RETIRED',
      description: 'Retired',
      category: 'dashboard',
      level: 'view',
      module: 'dashboard',
    });
    const names = (await accounts.call('GET', '/permissions', { token: superadmin })).body.data.map(
      (p: { name: string }) => p.name,
    );
    expect(names.at(-1)).toBe('AAA_RETIRED');
    await accounts.db.delete(permissions).where(eq(permissions.id, 'retired-permission'));
  });

  it('is open to permission and user managers, not to a user without those permissions', async () => {
    const viewer = await tokenFor(accounts.db, accounts.auth, await addUser(accounts.db, { permissions: ['USER_VIEW'] }));
    expect((await accounts.call('GET', '/permissions', { token: viewer })).status).toBe(200);
    const student = await tokenFor(accounts.db, accounts.auth, await addUser(accounts.db, { permissions: ['STUDENT_ADD'] }));
    expect((await accounts.call('GET', '/permissions', { token: student })).status).toBe(403);
  });
});
