import { and, desc, eq, sql } from 'drizzle-orm';
import { rebuildProjections } from '../../api/db/rebuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, permissions, userPermissions } from '../../api/db/schema';
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
    expect(first.body.data).toMatchObject({ updated: [], removed: [], unchanged: 0, total: permissionCatalogue.length });
    expect(await syncEvents()).toBe(1);
  });

  it('adds nothing and appends no event the second time', async () => {
    const before = (await accounts.call('GET', '/permissions', { token: superadmin })).body.data;
    const second = await accounts.call('POST', '/permissions/sync', { token: superadmin });
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual({
      added: [],
      updated: [],
      removed: [],
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

  it('removes permissions the code no longer has, taking them from the users who held them', async () => {
    const retired = { description: 'Retired', category: 'dashboard', level: 'view', module: 'dashboard' };
    await accounts.db.insert(permissions).values([
      { id: 'retired-one', name: 'AAA_RETIRED', ...retired },
      { id: 'retired-two', name: 'ZZZ_RETIRED', ...retired },
    ]);
    const holder = await addUser(accounts.db, { permissions: ['DASHBOARD_VIEW', 'AAA_RETIRED', 'ZZZ_RETIRED'] });
    const bystander = await addUser(accounts.db, { permissions: ['DASHBOARD_VIEW'] });
    const grantsOf = async (userId: string) =>
      (await accounts.call('GET', `/users/${userId}`, { token: superadmin })).body.data.permissions.map((p: { name: string }) => p.name);
    expect(await grantsOf(holder)).toEqual(['AAA_RETIRED', 'DASHBOARD_VIEW', 'ZZZ_RETIRED']);
    const before = await syncEvents();

    const sync = await accounts.call('POST', '/permissions/sync', { token: superadmin });
    expect(sync.status).toBe(200);
    expect(sync.body.data).toEqual({
      added: [],
      updated: [],
      removed: ['AAA_RETIRED', 'ZZZ_RETIRED'],
      unchanged: permissionCatalogue.length,
      total: permissionCatalogue.length,
    });
    const names = (await accounts.call('GET', '/permissions', { token: superadmin })).body.data.map((p: { name: string }) => p.name);
    expect(names).toEqual(permissionCatalogue.map((p) => p.name));
    expect(await grantsOf(holder)).toEqual(['DASHBOARD_VIEW']);
    expect(await grantsOf(bystander)).toEqual(['DASHBOARD_VIEW']);
    expect(
      await queryRows(
        accounts.db,
        sql`SELECT 1 FROM ${userPermissions} WHERE ${userPermissions.permissionId} IN ('retired-one', 'retired-two')`,
      ),
    ).toEqual([]);

    // Both changes are in the log: the holder's own stream, then the catalogue's.
    expect(await syncEvents()).toBe(before + 1);
    const [lost] = await accounts.db
      .select({ data: events.data })
      .from(events)
      .where(and(eq(events.streamId, holder), eq(events.type, 'UserPermissionsSet')))
      .orderBy(desc(events.version))
      .limit(1);
    const [dashboard] = await accounts.db.select().from(permissions).where(eq(permissions.name, 'DASHBOARD_VIEW'));
    expect(lost!.data).toEqual({ permissionIds: [dashboard!.id] });
    const bystanderEvents = await accounts.db
      .select()
      .from(events)
      .where(and(eq(events.streamId, bystander), eq(events.type, 'UserPermissionsSet')));
    expect(bystanderEvents).toHaveLength(1);

    // Equal now: a second sync changes nothing.
    const again = await accounts.call('POST', '/permissions/sync', { token: superadmin });
    expect(again.body.data).toMatchObject({ added: [], updated: [], removed: [] });
    expect(await syncEvents()).toBe(before + 1);

    // The projections rebuilt from the log agree.
    const live = await accounts.db.select().from(userPermissions).orderBy(userPermissions.userId, userPermissions.permissionId);
    await rebuildProjections(accounts.db);
    expect(await accounts.db.select().from(userPermissions).orderBy(userPermissions.userId, userPermissions.permissionId)).toEqual(live);
    expect((await accounts.db.select().from(permissions)).map((p) => p.name).sort()).toEqual(permissionCatalogue.map((p) => p.name).sort());
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
    const names = (await accounts.call('GET', '/permissions', { token: superadmin })).body.data.map((p: { name: string }) => p.name);
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
