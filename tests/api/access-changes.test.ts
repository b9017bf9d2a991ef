import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectionSnapshot } from '../../api/db/projection-snapshot';
import { rebuildPending, rebuildProjections } from '../../api/db/rebuild';
import { pendingRebuilds } from '../../api/db/schema';
import type { AccessChangeView } from '../../common/contracts/access-changes';
import { addBranch, addUser, createAccountsApi, syncCatalogue, tokenFor, type AccountsApi } from './accounts';
import { csvLines } from '../support/csv-lines';

let accounts: AccountsApi;
let root: { id: string; token: string };
let north: string;
let south: string;

async function signedIn(options: Parameters<typeof addUser>[1] = {}) {
  const id = await addUser(accounts.db, options);
  return { id, token: await tokenFor(accounts.db, accounts.auth, id) };
}

const call = (...args: Parameters<AccountsApi['call']>) => accounts.call(...args);

async function changes(token: string, query: Record<string, string> = {}) {
  const response = await call('GET', `/access-changes?${new URLSearchParams(query)}`, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as { changes: AccessChangeView[]; total: number; totalPages: number };
}

/** A change in a few words: what the assertions compare. */
const brief = (change: AccessChangeView) => ({
  kind: change.kind,
  from: change.from,
  to: change.to,
  granted: change.granted.map((p) => p.name),
  removed: change.removed.map((p) => p.name),
  by: change.by?.name ?? null,
});

let asha: string;

beforeAll(async () => {
  accounts = await createAccountsApi();
  await syncCatalogue(accounts.db);
  north = await addBranch(accounts.db, 'North Campus', 'NC');
  south = await addBranch(accounts.db, 'South Campus', 'SC');
  root = await signedIn({ role: 'superadmin', name: 'Root Admin' });

  const created = await call('POST', '/users', {
    token: root.token,
    body: {
      name: 'Asha Rao',
      email: 'asha.audit@example.com',
      password: 'secret1',
      role: 'user',
      permissions: ['STUDENT_ADD', 'EXAM_LIST'],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  asha = created.body.data._id;
  const steps: [string, string, unknown][] = [
    ['PUT', `/users/${asha}`, { name: 'Asha Rao', email: 'asha.audit@example.com', role: 'branch_admin', branchId: north }],
    ['PUT', `/users/${asha}/permissions`, { permissions: ['STUDENT_ADD', 'WALLET_VIEW'] }],
    ['PATCH', `/users/${asha}/status`, { status: 'inactive' }],
  ];
  for (const [method, path, body] of steps) {
    const response = await call(method as 'PUT', path, { token: root.token, body });
    expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBe(200);
  }
});
afterAll(() => accounts?.cleanup());

describe('GET /access-changes', () => {
  it('tells who changed a user’s role, branch, permissions and status, newest first', async () => {
    const { changes: list, total } = await changes(root.token, { userId: asha });
    expect(total).toBe(6);
    expect(list.map(brief)).toEqual([
      { kind: 'status', from: 'active', to: 'inactive', granted: [], removed: [], by: 'Root Admin' },
      { kind: 'permissions', from: null, to: null, granted: ['WALLET_VIEW'], removed: ['EXAM_LIST'], by: 'Root Admin' },
      { kind: 'branch', from: null, to: 'North Campus', granted: [], removed: [], by: 'Root Admin' },
      { kind: 'role', from: 'user', to: 'branch_admin', granted: [], removed: [], by: 'Root Admin' },
      { kind: 'permissions', from: null, to: null, granted: ['EXAM_LIST', 'STUDENT_ADD'], removed: [], by: 'Root Admin' },
      { kind: 'created', from: null, to: 'user', granted: [], removed: [], by: 'Root Admin' },
    ]);
    expect(list[0]!.user).toEqual({ id: asha, name: 'Asha Rao', email: 'asha.audit@example.com', deleted: false });
    expect(list[0]!.branchId).toBe(north);
    expect(list[0]!.by).toEqual({ id: root.id, name: 'Root Admin', email: expect.any(String) });
  });

  it('filters by kind, permission, who made the change, name and time, and pages', async () => {
    expect((await changes(root.token, { userId: asha, kind: 'permissions' })).total).toBe(2);
    const examList = await changes(root.token, { permission: 'EXAM_LIST' });
    expect(examList.changes.map((change) => change.user.id)).toEqual([asha, asha]);
    expect((await changes(root.token, { permission: 'WALLET_VIEW' })).total).toBe(1);
    expect((await changes(root.token, { byId: root.id, search: 'asha.audit' })).total).toBe(6);
    expect((await changes(root.token, { search: 'nobody-like-this' })).total).toBe(0);
    expect((await changes(root.token, { userId: asha, from: '2000-01-01', to: '2000-12-31' })).total).toBe(0);
    const oldestFirst = await changes(root.token, { userId: asha, order: 'asc', limit: '2', page: '1' });
    expect(oldestFirst.changes.map((change) => change.kind)).toEqual(['created', 'permissions']);
    expect(oldestFirst.totalPages).toBe(3);
    const bad = await call('GET', '/access-changes?kind=promoted', { token: root.token });
    expect(bad.status).toBe(400);
  });

  it('counts exactly the changes it lists, with a search by the changed user and without', async () => {
    for (const query of [{}, { search: 'audit' }] as Record<string, string>[]) {
      const all = await changes(root.token, { ...query, limit: '100' });
      expect(all.total, JSON.stringify(query)).toBeGreaterThan(0);
      expect(all.changes, JSON.stringify(query)).toHaveLength(all.total);
    }
  });

  it('keeps a deleted user’s history, naming what the deletion took away', async () => {
    const created = await call('POST', '/users', {
      token: root.token,
      body: {
        name: 'Leaving Soon',
        email: 'leaving.audit@example.com',
        password: 'secret1',
        role: 'user',
        permissions: ['DASHBOARD_VIEW'],
      },
    });
    const id = created.body.data._id;
    expect((await call('DELETE', `/users/${id}`, { token: root.token })).status).toBe(200);
    const { changes: list } = await changes(root.token, { userId: id });
    expect(list.map(brief)[0]).toEqual({
      kind: 'deleted',
      from: 'user',
      to: null,
      granted: [],
      removed: ['DASHBOARD_VIEW'],
      by: 'Root Admin',
    });
    expect(list[0]!.user).toMatchObject({ name: 'Leaving Soon', deleted: true });
  });

  it('shows a branch’s own user managers their branch’s users only', async () => {
    const northAdmin = await signedIn({ role: 'branch_admin', branchId: north, permissions: ['BRANCH_USER_VIEW'], name: 'North Admin' });
    const southStaff = await call('POST', '/users/branch/create', {
      token: root.token,
      body: { name: 'South Staff', email: 'south.audit@example.com', password: 'secret1', branchId: south },
    });
    expect(southStaff.status).toBe(201);
    const northStaff = await call('POST', '/users/branch/create', {
      token: northAdmin.token,
      body: { name: 'North Staff', email: 'north.audit@example.com', password: 'secret1', role: 'branch_operator' },
    });
    expect(northStaff.status).toBe(201);

    const seen = await changes(northAdmin.token);
    expect(seen.changes.length).toBeGreaterThan(0);
    expect(seen.changes.every((change) => change.branchId === north)).toBe(true);
    expect(seen.changes.find((change) => change.user.id === northStaff.body.data._id)).toMatchObject({
      kind: 'created',
      to: 'branch_operator',
      by: { name: 'North Admin' },
    });
    expect((await changes(northAdmin.token, { userId: southStaff.body.data._id })).total).toBe(0);
    expect((await changes(root.token, { userId: southStaff.body.data._id })).total).toBe(1);
  });

  it('is refused without a permission to see users or their access', async () => {
    const clerk = await signedIn({ role: 'user', permissions: ['STUDENT_ADD'] });
    expect((await call('GET', '/access-changes', { token: clerk.token })).status).toBe(403);
    expect((await call('GET', '/access-changes')).status).toBe(401);
    const viewer = await signedIn({ role: 'admin', permissions: ['PERMISSION_MANAGE'] });
    expect((await changes(viewer.token, { userId: asha })).total).toBe(6);
  });
});

describe('GET /access-changes/export', () => {
  it('exports the changes the filters match, in the list’s order and the screen’s words', async () => {
    const csv = await call('GET', `/access-changes/export?${new URLSearchParams({ userId: asha })}`, { token: root.token });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('Content-Disposition')).toMatch(/^attachment; filename="access-changes-\d{4}-\d\d-\d\d\.csv"$/);
    const [header, ...rows] = csvLines(csv.body);
    expect(header).toBe('When,User,User email,Change,From,To,Permissions granted,Permissions removed,Changed by,Changed by email');
    // Each row from its second column: the first is the moment, in India's time.
    const moment = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,/;
    expect(rows.every((row) => moment.test(row))).toBe(true);
    const rootEmail = (await changes(root.token, { userId: asha })).changes[0]!.by!.email;
    expect(rows.map((row) => row.replace(moment, '').replace(rootEmail, '<root>'))).toEqual([
      'Asha Rao,asha.audit@example.com,Status changed,Active,Inactive,,,Root Admin,<root>',
      'Asha Rao,asha.audit@example.com,Permissions changed,,,WALLET_VIEW,EXAM_LIST,Root Admin,<root>',
      'Asha Rao,asha.audit@example.com,Branch changed,No branch,North Campus,,,Root Admin,<root>',
      'Asha Rao,asha.audit@example.com,Role changed,User,Branch Admin,,,Root Admin,<root>',
      'Asha Rao,asha.audit@example.com,Permissions changed,,,"EXAM_LIST, STUDENT_ADD",,Root Admin,<root>',
      'Asha Rao,asha.audit@example.com,Account created,,User,,,Root Admin,<root>',
    ]);

    const permissionsOnly = await call(
      'GET',
      `/access-changes/export?${new URLSearchParams({ userId: asha, kind: 'permissions', order: 'asc', format: 'xlsx' })}`,
      {
        token: root.token,
      },
    );
    expect(permissionsOnly.status).toBe(200);
    expect(permissionsOnly.headers.get('Content-Type')).toContain('spreadsheetml');
  });

  it('gives a branch’s own user managers their branch’s users’ changes only, and nobody else anything', async () => {
    const northAdmin = await signedIn({ role: 'branch_admin', branchId: north, permissions: ['BRANCH_USER_VIEW'] });
    const own = await call('GET', '/access-changes/export', { token: northAdmin.token });
    expect(own.status).toBe(200);
    const seen = await changes(northAdmin.token, { limit: '100' });
    expect(csvLines(own.body)).toHaveLength(1 + seen.total);
    const hers = await call('GET', `/access-changes/export?${new URLSearchParams({ userId: asha })}`, { token: northAdmin.token });
    expect(csvLines(hers.body)).toHaveLength(1 + (await changes(northAdmin.token, { userId: asha })).total);
    const clerk = await signedIn({ role: 'user', permissions: ['STUDENT_ADD'] });
    expect((await call('GET', '/access-changes/export', { token: clerk.token })).status).toBe(403);
    expect((await call('GET', '/access-changes/export')).status).toBe(401);
  });
});

describe('the read tables', () => {
  it('are what a rebuild makes of the log', async () => {
    const before = await projectionSnapshot(accounts.db);
    expect(before.access_changes?.length).toBeGreaterThan(6);
    await rebuildProjections(accounts.db);
    expect(await projectionSnapshot(accounts.db)).toEqual(before);
  });

  it('fill from the log a migration left pending, once, and forget a name no projection answers to', async () => {
    const before = await projectionSnapshot(accounts.db);
    await accounts.db.execute(sql`TRUNCATE access_changes, access_audit_users`);
    await accounts.db.insert(pendingRebuilds).values([{ projection: 'access-changes' }, { projection: 'retired-projection' }]);
    expect(await rebuildPending(accounts.db)).toEqual(['access-changes']);
    expect(await projectionSnapshot(accounts.db)).toEqual(before);
    expect(await accounts.db.select().from(pendingRebuilds)).toEqual([]);
    expect(await rebuildPending(accounts.db)).toEqual([]);
  });
});
