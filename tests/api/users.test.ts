import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildProjections } from '../../api/db/rebuild';
import { events, permissions, refreshTokens, userPermissions, users } from '../../api/db/schema';
import { createRecord } from '../../api/domain/records';
import { changeUserStatus, deleteUser, updateUser, userMessages } from '../../api/domain/users';
import { queryRows } from '../support/test-database';
import { addBranch, addUser, asSystem, createAccountsApi, defaultPassword, syncCatalogue, tokenFor, type AccountsApi } from './accounts';

let accounts: AccountsApi;
let superadminId: string;
/** The super admin's token. */
let root: string;
let north: string;
let south: string;

beforeAll(async () => {
  accounts = await createAccountsApi();
  await syncCatalogue(accounts.db);
  north = await addBranch(accounts.db, 'North Campus', 'NC');
  south = await addBranch(accounts.db, 'South Campus', 'SC');
  superadminId = await addUser(accounts.db, { role: 'superadmin', name: 'Root Admin' });
  root = await tokenFor(accounts.db, accounts.auth, superadminId);
});
afterAll(() => accounts?.cleanup());

const call = (...args: Parameters<AccountsApi['call']>) => accounts.call(...args);

async function signedIn(options: Parameters<typeof addUser>[1] = {}) {
  const id = await addUser(accounts.db, options);
  return { id, token: await tokenFor(accounts.db, accounts.auth, id) };
}

async function permissionId(name: string): Promise<string> {
  const [row] = await accounts.db.select({ id: permissions.id }).from(permissions).where(eq(permissions.name, name));
  return row!.id;
}

const login = (email: string, password: string) => call('POST', '/auth/v2/login', { body: { email, password } });

async function eventsOf(userId: string) {
  return accounts.db
    .select({ type: events.type, data: events.data, actorId: events.actorId })
    .from(events)
    .where(eq(events.streamId, userId))
    .orderBy(events.version);
}

let emails = 0;
const email = (hint = 'person') => `${hint}.${++emails}@example.com`;

describe('POST /users', () => {
  it('adds a user with the defaults of the screen, answering without the password', async () => {
    const response = await call('POST', '/users', {
      token: root,
      body: { name: '  Asha Rao ', email: ' Asha.Rao@Example.com ', password: 'secret1' },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ success: true, message: 'User added successfully' });
    const user = response.body.data;
    expect(user).toMatchObject({
      name: 'Asha Rao',
      email: 'asha.rao@example.com',
      phone: '',
      role: 'user',
      status: 'active',
      branchId: null,
      branchName: null,
      permissions: [],
      lastLogin: null,
    });
    expect(user._id).toBe(user.id);
    expect(JSON.stringify(response.body)).not.toMatch(/password/i);
    expect(await eventsOf(user._id)).toEqual([
      { type: 'UserCreated', data: expect.objectContaining({ email: 'asha.rao@example.com' }), actorId: superadminId },
    ]);
    const signIn = await login('asha.rao@example.com', 'secret1');
    expect(signIn.status).toBe(200);
    expect((await call('GET', `/users/${user._id}`, { token: root })).body.data.lastLogin).not.toBeNull();
  });

  it('asks for name, email and password with the screen’s message', async () => {
    const complete = { name: 'Someone', email: email(), password: 'secret1' };
    for (const field of ['name', 'email', 'password'] as const) {
      for (const value of [undefined, '', '   ']) {
        const response = await call('POST', '/users', { token: root, body: { ...complete, [field]: value } });
        expect(response.status, `${field} ${JSON.stringify(value)}`).toBe(400);
        expect(response.body.message).toBe('Please fill in required fields (name, email, password)');
        expect(Object.keys(response.body.errors)).toEqual([field]);
      }
    }
  });

  it('rejects a malformed email, a short password, a long role and a phone that is not ten digits', async () => {
    const base = { name: 'Someone', email: email(), password: 'secret1' };
    const cases: [Record<string, string>, string, string][] = [
      [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
      [{ password: '12345' }, 'password', 'Password must be at least 6 characters long'],
      [{ password: '  12345  ' }, 'password', 'Password must be at least 6 characters long'],
      [{ role: 'r'.repeat(51) }, 'role', 'Role must be at most 50 characters'],
      [{ phone: '98765' }, 'phone', 'Phone must be a valid 10-digit number'],
    ];
    for (const [change, field, message] of cases) {
      const response = await call('POST', '/users', { token: root, body: { ...base, ...change } });
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect(response.body.message).toBe(message);
      expect(response.body.errors[field]).toEqual([message]);
    }
    const status = await call('POST', '/users', { token: root, body: { ...base, status: 'sleeping' } });
    expect(status.status).toBe(400);
    expect(status.body.errors.status).toBeDefined();
  });

  it('keeps a free-text role, trimmed, and a ten-digit phone', async () => {
    const response = await call('POST', '/users', {
      token: root,
      body: { name: 'Tara', email: email(), password: 'secret1', role: '  Teacher ', phone: '9876543210', status: 'inactive' },
    });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({ role: 'Teacher', phone: '9876543210', status: 'inactive' });
  });

  it('refuses an email that is already taken, whatever its case', async () => {
    const address = email('taken');
    expect((await call('POST', '/users', { token: root, body: { name: 'A', email: address, password: 'secret1' } })).status).toBe(201);
    const again = await call('POST', '/users', { token: root, body: { name: 'B', email: address.toUpperCase(), password: 'secret1' } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A user with this email already exists');
  });

  it('lets only a super admin grant permissions or create a super admin', async () => {
    const admin = await signedIn({ permissions: ['USER_MANAGE_ALL'] });
    const grant = await call('POST', '/users', {
      token: admin.token,
      body: { name: 'C', email: email(), password: 'secret1', permissions: [await permissionId('USER_MANAGE_ALL')] },
    });
    expect(grant.status).toBe(403);
    expect(grant.body.message).toBe(userMessages.onlySuperadminGrants);
    for (const role of ['superadmin', ' SuperAdmin ']) {
      const promote = await call('POST', '/users', { token: admin.token, body: { name: 'D', email: email(), password: 'secret1', role } });
      expect(promote.status, role).toBe(403);
      expect(promote.body.message).toBe(userMessages.onlySuperadminForSuperadmin);
    }
    const plain = await call('POST', '/users', {
      token: admin.token,
      body: { name: 'E', email: email(), password: 'secret1', role: 'manager' },
    });
    expect(plain.status).toBe(201);

    const byRoot = await call('POST', '/users', {
      token: root,
      body: {
        name: 'F',
        email: email(),
        password: 'secret1',
        role: 'SUPERADMIN',
        permissions: [await permissionId('USER_VIEW'), 'DASHBOARD_VIEW'],
      },
    });
    expect(byRoot.status).toBe(201);
    expect(byRoot.body.data.role).toBe('superadmin');
    expect(byRoot.body.data.permissions.map((p: { name: string }) => p.name)).toEqual(['DASHBOARD_VIEW', 'USER_VIEW']);

    const unknown = await call('POST', '/users', {
      token: root,
      body: { name: 'G', email: email(), password: 'secret1', permissions: ['NOPE'] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(userMessages.unknownPermissions);
  });

  it('puts the users a branch’s staff add into their own branch, whatever the body says', async () => {
    const northAdmin = await signedIn({ role: 'branch_admin', branchId: north, permissions: ['USER_ADD'] });
    const response = await call('POST', '/users', {
      token: northAdmin.token,
      body: { name: 'H', email: email(), password: 'secret1', branchId: south },
    });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({ branchId: north, branchName: 'North Campus' });
  });

  it('answers a retry with the same Idempotency-Key without adding the user twice', async () => {
    const body = { name: 'Retry', email: email('retry'), password: 'secret1' };
    const headers = { 'Idempotency-Key': 'add-user-retry' };
    const first = await call('POST', '/users', { token: root, body, headers });
    const retry = await call('POST', '/users', { token: root, body, headers });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true');
    expect(retry.body.data._id).toBe(first.body.data._id);
  });
});

describe('GET /users', () => {
  const marker = 'zlist';
  let viewer: string;

  beforeAll(async () => {
    const people = [
      { name: 'Zlist Anand', role: 'admin', status: 'active', branchId: north },
      { name: 'Zlist Bela', role: 'user', status: 'inactive', branchId: north },
      { name: 'Zlist Chitra', role: 'user', status: 'active', branchId: south },
      { name: 'Zlist Dev', role: 'Admin', status: 'active', branchId: null, permissions: ['STUDENT_ADD', 'DASHBOARD_VIEW'] },
      { name: 'Zlist Esha', role: 'teacher', status: 'active', branchId: null },
    ] as const;
    for (const person of people) {
      await addUser(accounts.db, {
        ...person,
        permissions: 'permissions' in person ? [...person.permissions] : undefined,
        email: `${person.name.split(' ')[1]!.toLowerCase()}.${marker}@example.com`,
      });
    }
    viewer = (await signedIn({ permissions: ['USER_VIEW'] })).token;
  });

  const list = (query: string, token = viewer) => call('GET', `/users?search=${marker}&${query}`, { token });
  const names = (response: { body: { data: { users: { name: string }[] } } }) => response.body.data.users.map((u) => u.name);

  it('searches names and emails, case-insensitively', async () => {
    const byName = await call('GET', '/users?search=ZLIST%20ch', { token: viewer });
    expect(byName.status).toBe(200);
    expect(names(byName)).toEqual(['Zlist Chitra']);
    const byEmail = await call('GET', `/users?search=esha.${marker}`, { token: viewer });
    expect(names(byEmail)).toEqual(['Zlist Esha']);
    const wildcard = await call('GET', '/users?search=%25', { token: viewer });
    expect(wildcard.body.data.users).toEqual([]);
  });

  it('filters by role (any case) and by status; all means no filter', async () => {
    expect(names(await list('role=admin&sortBy=name&order=asc'))).toEqual(['Zlist Anand', 'Zlist Dev']);
    expect(names(await list('status=inactive'))).toEqual(['Zlist Bela']);
    expect((await list('status=all&role=all')).body.data.total).toBe(5);
  });

  it('sorts and pages, telling the total of the matching users', async () => {
    const ascending = await list('sortBy=name&order=asc&limit=2&page=2');
    expect(ascending.body.data).toMatchObject({ total: 5, page: 2, limit: 2, totalPages: 3 });
    expect(names(ascending)).toEqual(['Zlist Chitra', 'Zlist Dev']);
    expect(names(await list('sortBy=name&order=desc&limit=1'))).toEqual(['Zlist Esha']);
    expect(names(await list('sortBy=name&order=asc&page=9'))).toEqual([]);
    expect((await list('limit=1000')).status).toBe(400);
    // A page far past any list is refused rather than overflowing the offset.
    expect((await list('page=18446744073709552000')).status).toBe(400);
    expect((await list('page=1000000')).status).toBe(200);
    expect((await list('sortBy=password')).status).toBe(400);
  });

  it('shows each user with branch, permissions and dates', async () => {
    const [dev] = (await call('GET', `/users?search=dev.${marker}`, { token: viewer })).body.data.users;
    expect(Object.keys(dev).sort()).toEqual(
      [
        '_id',
        'branchId',
        'branchName',
        'createdAt',
        'email',
        'id',
        'lastLogin',
        'name',
        'permissions',
        'phone',
        'role',
        'status',
        'updatedAt',
      ].sort(),
    );
    expect(dev.permissions).toEqual([
      { _id: await permissionId('DASHBOARD_VIEW'), name: 'DASHBOARD_VIEW' },
      { _id: await permissionId('STUDENT_ADD'), name: 'STUDENT_ADD' },
    ]);
    const [anand] = (await call('GET', `/users?search=anand.${marker}`, { token: viewer })).body.data.users;
    expect(anand).toMatchObject({ branchId: north, branchName: 'North Campus' });
  });

  it('counts every user the caller may see, whatever the filters', async () => {
    const { stats, total } = (await list('status=inactive')).body.data;
    expect(total).toBe(1);
    const [all] = await queryRows<{ all: number; active: number; granted: number }>(
      accounts.db,
      sql`SELECT count(*)::int AS all, (count(*) FILTER (WHERE status = 'active'))::int AS active,
                 (SELECT count(DISTINCT user_id)::int FROM user_permissions) AS granted FROM users`,
    );
    expect(stats).toEqual({ all: all!.all, active: all!.active, inactive: all!.all - all!.active, withPermissions: all!.granted });
  });

  it('exports the users the filters match, in the list’s order, with their permissions by name and never a password', async () => {
    const csv = await call('GET', `/users/export?search=${marker}&sortBy=name&order=asc`, { token: viewer });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('Content-Disposition')).toMatch(/^attachment; filename="users-\d{4}-\d\d-\d\d\.csv"$/);
    const lines = (csv.body as string).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Name,Email,Phone,Role,Branch,Status,Permissions,Last sign-in,Added on');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([
      'Zlist Anand',
      'Zlist Bela',
      'Zlist Chitra',
      'Zlist Dev',
      'Zlist Esha',
    ]);
    expect(lines[4]).toContain(',"DASHBOARD_VIEW, STUDENT_ADD",');
    expect(lines[1]).toMatch(/^Zlist Anand,anand\.zlist@example\.com,[^,]*,[^,]+,North Campus,Active,,,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(csv.body).not.toMatch(/argon2|password/i);

    const inactive = await call('GET', `/users/export?search=${marker}&status=inactive&format=xlsx`, { token: viewer });
    expect(inactive.headers.get('Content-Type')).toContain('spreadsheetml');
    const northViewer = await signedIn({ role: 'branch_admin', branchId: north, permissions: ['USER_VIEW'] });
    const own = await call('GET', `/users/export?search=${marker}&sortBy=name&order=asc`, { token: northViewer.token });
    expect(
      (own.body as string)
        .trimEnd()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(',')[0]),
    ).toEqual(['Zlist Anand', 'Zlist Bela']);
    expect((await call('GET', '/users/export', { token: (await signedIn()).token })).status).toBe(403);
  });

  it('shows a branch’s own staff only the users of their branch', async () => {
    const northViewer = await signedIn({ role: 'branch_admin', branchId: north, permissions: ['USER_VIEW'] });
    const response = await list('sortBy=name&order=asc', northViewer.token);
    expect(names(response)).toEqual(['Zlist Anand', 'Zlist Bela']);
    expect(response.body.data.stats.all).toBe(
      (await accounts.db.select({ id: users.id }).from(users).where(eq(users.branchId, north))).length,
    );
  });
});

describe('GET /users/:id', () => {
  it('answers one user, or 404 when there is none', async () => {
    const { id } = await signedIn({ name: 'Single Person' });
    const found = await call('GET', `/users/${id}`, { token: root });
    expect(found.status).toBe(200);
    expect(found.body.data).toMatchObject({ _id: id, name: 'Single Person' });
    const missing = await call('GET', '/users/01900000-0000-7000-8000-000000000000', { token: root });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('User not found');
  });

  it('still routes /users/current-user to the signed-in user', async () => {
    const response = await call('GET', '/users/current-user', { token: root });
    expect(response.status).toBe(200);
    expect(response.body.data._id).toBe(superadminId);
  });
});

describe('PUT /users/:id', () => {
  it('asks for name and email with the screen’s message', async () => {
    const { id } = await signedIn();
    for (const body of [{ email: email() }, { name: 'X', email: '' }, { name: ' ', email: email() }]) {
      const response = await call('PUT', `/users/${id}`, { token: root, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message).toBe('Please fill in required fields');
    }
  });

  it('changes the details it is given and records only what changed', async () => {
    const { id } = await signedIn({ name: 'Before', role: 'user' });
    const address = email('after');
    const response = await call('PUT', `/users/${id}`, {
      token: root,
      body: { name: 'After', email: address.toUpperCase(), phone: '9123456780', role: 'manager', status: 'active' },
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('User updated successfully');
    expect(response.body.data).toMatchObject({ name: 'After', email: address, phone: '9123456780', role: 'manager', status: 'active' });
    const [, updated] = await eventsOf(id);
    expect(updated).toEqual({
      type: 'UserUpdated',
      data: { name: 'After', email: address, phone: '9123456780', role: 'manager' },
      actorId: superadminId,
    });
    const unchanged = await call('PUT', `/users/${id}`, { token: root, body: { name: 'After', email: address } });
    expect(unchanged.status).toBe(200);
    expect(await eventsOf(id)).toHaveLength(2);
  });

  it('keeps the password when it is blank and replaces it otherwise, ending the user’s sessions', async () => {
    const address = email('pw');
    const { id } = await signedIn({ email: address });
    const session = await login(address, defaultPassword);
    expect(session.status).toBe(200);

    await call('PUT', `/users/${id}`, { token: root, body: { name: 'Pw', email: address, password: '   ' } });
    expect((await login(address, defaultPassword)).status).toBe(200);

    const changed = await call('PUT', `/users/${id}`, { token: root, body: { name: 'Pw', email: address, password: 'NewSecret1' } });
    expect(changed.status).toBe(200);
    expect((await login(address, defaultPassword)).status).toBe(401);
    expect((await login(address, 'NewSecret1')).status).toBe(200);
    const refresh = await call('POST', '/users/refresh', { body: { refreshToken: session.body.data.refreshToken } });
    expect(refresh.status).toBe(401);
    expect((await call('GET', '/users/current-user', { token: session.body.data.accessToken })).status).toBe(401);
  });

  it('keeps a super admin’s own session when they change their own password', async () => {
    const address = email('own');
    const { id } = await signedIn({ role: 'superadmin', email: address });
    const session = await login(address, defaultPassword);
    const other = await login(address, defaultPassword);
    const token = session.body.data.accessToken;
    const changed = await call('PUT', `/users/${id}`, { token, body: { name: 'Own', email: address, password: 'Changed1' } });
    expect(changed.status).toBe(200);
    expect((await call('GET', '/users/current-user', { token })).status).toBe(200);
    expect((await call('GET', '/users/current-user', { token: other.body.data.accessToken })).status).toBe(401);
  });

  it('refuses an email another user has', async () => {
    const taken = email('taken-by-other');
    await signedIn({ email: taken });
    const { id } = await signedIn();
    const response = await call('PUT', `/users/${id}`, { token: root, body: { name: 'N', email: taken.toUpperCase() } });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('A user with this email already exists');
  });

  it('changes permissions for a super admin only; sending the current ones is not a change', async () => {
    const target = await signedIn({ role: 'user', permissions: ['DASHBOARD_VIEW'] });
    const [row] = await accounts.db.select().from(users).where(eq(users.id, target.id));
    const admin = await signedIn({ permissions: ['USER_MANAGE_ALL', 'DASHBOARD_VIEW'] });
    const details = { name: row!.name, email: row!.email };

    const escalate = await call('PUT', `/users/${target.id}`, {
      token: admin.token,
      body: { ...details, permissions: [await permissionId('DASHBOARD_VIEW'), await permissionId('USER_MANAGE_ALL')] },
    });
    expect(escalate.status).toBe(403);
    expect(escalate.body.message).toBe('Only a super admin can change permissions');
    const self = await call('PUT', `/users/${admin.id}`, {
      token: admin.token,
      body: { name: 'Me', email: email(), permissions: [await permissionId('PERMISSION_MANAGE')] },
    });
    expect(self.status).toBe(403);

    const same = await call('PUT', `/users/${target.id}`, {
      token: admin.token,
      body: { ...details, phone: '9000000001', permissions: [await permissionId('DASHBOARD_VIEW')] },
    });
    expect(same.status).toBe(200);

    const byRoot = await call('PUT', `/users/${target.id}`, {
      token: root,
      body: { ...details, permissions: [await permissionId('USER_VIEW'), await permissionId('DASHBOARD_VIEW')] },
    });
    expect(byRoot.status).toBe(200);
    expect(byRoot.body.data.permissions.map((p: { name: string }) => p.name)).toEqual(['DASHBOARD_VIEW', 'USER_VIEW']);
    expect((await eventsOf(target.id)).at(-1)).toMatchObject({ type: 'UserPermissionsSet', actorId: superadminId });
  });

  it('lets only a super admin change a super admin or make one', async () => {
    const admin = await signedIn({ permissions: ['USER_MANAGE_ALL'] });
    const [rootRow] = await accounts.db.select().from(users).where(eq(users.id, superadminId));
    const edit = await call('PUT', `/users/${superadminId}`, {
      token: admin.token,
      body: { name: 'Taken over', email: rootRow!.email, password: 'hijacked1' },
    });
    expect(edit.status).toBe(403);
    expect(edit.body.message).toBe(userMessages.onlySuperadminForSuperadmin);
    const promote = await call('PUT', `/users/${admin.id}`, {
      token: admin.token,
      body: { name: 'Me', email: email(), role: 'superadmin' },
    });
    expect(promote.status).toBe(403);
  });

  it('does not let a super admin deactivate or demote themself', async () => {
    const [rootRow] = await accounts.db.select().from(users).where(eq(users.id, superadminId));
    const details = { name: rootRow!.name, email: rootRow!.email };
    const deactivate = await call('PUT', `/users/${superadminId}`, { token: root, body: { ...details, status: 'inactive' } });
    expect(deactivate.status).toBe(409);
    expect(deactivate.body.message).toBe('You cannot deactivate your own account');
    const demote = await call('PUT', `/users/${superadminId}`, { token: root, body: { ...details, role: 'admin' } });
    expect(demote.status).toBe(409);
    expect(demote.body.message).toBe(userMessages.selfDemote);
  });

  it('moves a user to a branch for an institute-wide admin, never for a branch’s own staff', async () => {
    const target = await signedIn({ branchId: north, role: 'branch_user' });
    const [row] = await accounts.db.select().from(users).where(eq(users.id, target.id));
    const details = { name: row!.name, email: row!.email };
    const northAdmin = await signedIn({ role: 'branch_admin', branchId: north, permissions: ['USER_EDIT'] });
    const away = await call('PUT', `/users/${target.id}`, { token: northAdmin.token, body: { ...details, branchId: south } });
    expect(away.status).toBe(403);
    const moved = await call('PUT', `/users/${target.id}`, { token: root, body: { ...details, branchId: south } });
    expect(moved.body.data).toMatchObject({ branchId: south, branchName: 'South Campus' });
    const nowhere = await call('PUT', `/users/${target.id}`, { token: root, body: { ...details, branchId: 'no-such-branch' } });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.message).toBe('Branch not found');
  });
});

describe('a caller who is not a super admin', () => {
  /** An institute admin who may edit, deactivate and delete users, and see the dashboard. */
  const manager = () => signedIn({ role: 'admin', permissions: ['USER_EDIT', 'USER_DELETE', 'DASHBOARD_VIEW'] });
  const detailsOf = async (id: string) => {
    const [row] = await accounts.db.select().from(users).where(eq(users.id, id));
    return { name: row!.name, email: row!.email };
  };

  it('cannot take over a user holding a permission the caller lacks: no password, status or deletion', async () => {
    const caller = await manager();
    const address = email('wider');
    const target = await signedIn({ role: 'user', email: address, permissions: ['DASHBOARD_VIEW', 'PERMISSION_MANAGE'] });
    const before = await eventsOf(target.id);
    const takeover = await call('PUT', `/users/${target.id}`, {
      token: caller.token,
      body: { ...(await detailsOf(target.id)), password: 'hijacked1' },
    });
    expect(takeover.status).toBe(403);
    expect(takeover.body.message).toBe(userMessages.permissionsBeyondCaller);
    const deactivate = await call('PATCH', `/users/${target.id}/status`, { token: caller.token, body: { status: 'inactive' } });
    expect(deactivate.status).toBe(403);
    expect((await call('DELETE', `/users/${target.id}`, { token: caller.token })).status).toBe(403);
    expect(await eventsOf(target.id)).toEqual(before);
    expect((await login(address, 'hijacked1')).status).toBe(401);
    expect((await login(address, defaultPassword)).status).toBe(200);
  });

  it('cannot change a user whose role ranks as high as or above the caller’s', async () => {
    const caller = await manager();
    const peer = await signedIn({ role: 'Admin', permissions: ['DASHBOARD_VIEW'] });
    const edit = await call('PUT', `/users/${peer.id}`, {
      token: caller.token,
      body: { ...(await detailsOf(peer.id)), password: 'hijacked1' },
    });
    expect(edit.status).toBe(403);
    expect(edit.body.message).toBe(userMessages.roleAboveCaller);
    expect((await call('PATCH', `/users/${peer.id}/status`, { token: caller.token, body: { status: 'inactive' } })).status).toBe(403);
    expect((await call('DELETE', `/users/${peer.id}`, { token: caller.token })).status).toBe(403);

    const northAdmin = await signedIn({ role: 'branch_admin', branchId: north, permissions: ['USER_EDIT', 'DASHBOARD_VIEW'] });
    const otherNorthAdmin = await signedIn({ role: 'branch_admin', branchId: north, permissions: ['DASHBOARD_VIEW'] });
    const branchPeer = await call('PUT', `/users/${otherNorthAdmin.id}`, {
      token: northAdmin.token,
      body: { ...(await detailsOf(otherNorthAdmin.id)), password: 'hijacked1' },
    });
    expect(branchPeer.status).toBe(403);
    expect(branchPeer.body.message).toBe(userMessages.roleAboveCaller);
  });

  it('manages users ranked below with no more permissions, and gives only roles ranked below', async () => {
    const caller = await manager();
    const address = email('below');
    const target = await signedIn({ role: 'branch_admin', branchId: north, email: address, permissions: ['DASHBOARD_VIEW'] });
    const details = await detailsOf(target.id);
    const reset = await call('PUT', `/users/${target.id}`, { token: caller.token, body: { ...details, password: 'Changed1' } });
    expect(reset.status).toBe(200);
    expect((await login(address, 'Changed1')).status).toBe(200);

    const promote = await call('PUT', `/users/${target.id}`, { token: caller.token, body: { ...details, role: 'admin' } });
    expect(promote.status).toBe(403);
    expect(promote.body.message).toBe(userMessages.roleAboveCaller);
    const demote = await call('PUT', `/users/${target.id}`, { token: caller.token, body: { ...details, role: 'branch_user' } });
    expect(demote.status).toBe(200);
    expect(demote.body.data.role).toBe('branch_user');

    const addAdmin = await call('POST', '/users', {
      token: (await signedIn({ role: 'admin', permissions: ['USER_ADD'] })).token,
      body: { name: 'A', email: email(), password: 'secret1', role: 'admin' },
    });
    expect(addAdmin.status).toBe(403);
    expect(addAdmin.body.message).toBe(userMessages.roleAboveCaller);

    // Plain staff may manage plain staff who hold no more than they do, never promote themselves.
    const staff = await signedIn({ role: 'branch_user', branchId: north, permissions: ['USER_EDIT', 'DASHBOARD_VIEW'] });
    const colleague = await signedIn({ role: 'branch_operator', branchId: north, permissions: ['DASHBOARD_VIEW'] });
    const renamed = await call('PUT', `/users/${colleague.id}`, {
      token: staff.token,
      body: { ...(await detailsOf(colleague.id)), name: 'Renamed' },
    });
    expect(renamed.status).toBe(200);
    const raiseSelf = await call('PUT', `/users/${staff.id}`, {
      token: staff.token,
      body: { ...(await detailsOf(staff.id)), role: 'branch_admin' },
    });
    expect(raiseSelf.status).toBe(403);
    const ownName = await call('PUT', `/users/${staff.id}`, {
      token: staff.token,
      body: { ...(await detailsOf(staff.id)), name: 'Own Name' },
    });
    expect(ownName.status).toBe(200);
  });
});

describe('PATCH /users/:id/status', () => {
  it('deactivates a user, ending their sessions at once, and activates them again', async () => {
    const address = email('status');
    const { id } = await signedIn({ email: address });
    const session = await login(address, defaultPassword);
    const off = await call('PATCH', `/users/${id}/status`, { token: root, body: { status: 'inactive' } });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ message: 'User status updated', data: { status: 'inactive' } });
    expect((await call('GET', '/users/current-user', { token: session.body.data.accessToken })).status).toBe(401);
    expect((await call('POST', '/users/refresh', { body: { refreshToken: session.body.data.refreshToken } })).status).toBe(401);
    expect((await login(address, defaultPassword)).status).toBe(403);

    const on = await call('PATCH', `/users/${id}/status`, { token: root, body: { status: 'active' } });
    expect(on.body.data.status).toBe('active');
    expect((await call('GET', '/users/current-user', { token: session.body.data.accessToken })).status).toBe(401);
    expect((await login(address, defaultPassword)).status).toBe(200);
    expect((await eventsOf(id)).filter((e) => e.type === 'UserStatusChanged').map((e) => e.data)).toEqual([
      { status: 'inactive' },
      { status: 'active' },
    ]);
  });

  it('refuses to deactivate oneself, and statuses other than active and inactive', async () => {
    const self = await call('PATCH', `/users/${superadminId}/status`, { token: root, body: { status: 'inactive' } });
    expect(self.status).toBe(409);
    expect(self.body.message).toBe('You cannot deactivate your own account');
    const admin = await signedIn({ permissions: ['USER_EDIT'] });
    expect((await call('PATCH', `/users/${admin.id}/status`, { token: admin.token, body: { status: 'inactive' } })).status).toBe(409);
    expect((await call('PATCH', `/users/${admin.id}/status`, { token: root, body: { status: 'paused' } })).status).toBe(400);
  });

  it('lets only a super admin deactivate a super admin', async () => {
    const admin = await signedIn({ permissions: ['USER_MANAGE_ALL'] });
    const response = await call('PATCH', `/users/${superadminId}/status`, { token: admin.token, body: { status: 'inactive' } });
    expect(response.status).toBe(403);
  });
});

describe('DELETE /users/:id', () => {
  it('removes the user, ends their sessions and frees their email', async () => {
    const address = email('gone');
    const { id, token } = await signedIn({ email: address, permissions: ['DASHBOARD_VIEW'] });
    const session = await login(address, defaultPassword);
    const response = await call('DELETE', `/users/${id}`, { token: root });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'User deleted successfully', data: { _id: id } });
    expect((await call('GET', `/users/${id}`, { token: root })).status).toBe(404);
    expect((await call('GET', '/users/current-user', { token })).status).toBe(401);
    expect((await call('POST', '/users/refresh', { body: { refreshToken: session.body.data.refreshToken } })).status).toBe(401);
    const live = await accounts.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, id), isNull(refreshTokens.revokedAt)));
    expect(live).toEqual([]);
    expect(await accounts.db.select().from(userPermissions).where(eq(userPermissions.userId, id))).toEqual([]);
    expect((await eventsOf(id)).at(-1)).toMatchObject({ type: 'UserDeleted', actorId: superadminId });
    const again = await call('POST', '/users', { token: root, body: { name: 'New', email: address, password: 'secret1' } });
    expect(again.status).toBe(201);
    expect((await call('DELETE', `/users/${id}`, { token: root })).status).toBe(404);
  });

  it('refuses to delete oneself, and lets only a super admin delete a super admin', async () => {
    const self = await call('DELETE', `/users/${superadminId}`, { token: root });
    expect(self.status).toBe(409);
    expect(self.body.message).toBe('You cannot delete your own account');
    const admin = await signedIn({ permissions: ['USER_DELETE'] });
    expect((await call('DELETE', `/users/${superadminId}`, { token: admin.token })).status).toBe(403);
    expect((await call('DELETE', `/users/${admin.id}`, { token: admin.token })).status).toBe(409);
  });
});

describe('the last active super admin', () => {
  let own: AccountsApi;
  beforeAll(async () => {
    own = await createAccountsApi();
  });
  afterAll(() => own?.cleanup());

  it('can be neither deactivated, demoted nor deleted', async () => {
    const only = await addUser(own.db, { role: 'superadmin', email: 'only@example.com' });
    await addUser(own.db, { role: 'superadmin', status: 'inactive' });
    const refused = async (work: Parameters<typeof asSystem>[1], message: string) => {
      await expect(asSystem(own.db, work)).rejects.toMatchObject({ kind: 'conflict', message });
    };
    await refused((ctx) => changeUserStatus(ctx, only, 'inactive', null), userMessages.lastSuperadminDeactivate);
    await refused(
      (ctx) => updateUser(ctx, only, { name: 'Only', email: 'only@example.com', role: 'admin' }, null),
      userMessages.lastSuperadminDemote,
    );
    await refused(
      (ctx) => updateUser(ctx, only, { name: 'Only', email: 'only@example.com', status: 'inactive' }, null),
      userMessages.lastSuperadminDeactivate,
    );
    await refused((ctx) => deleteUser(ctx, only, null), userMessages.lastSuperadminDelete);
  });

  it('survives two super admins deactivating each other at the same moment', async () => {
    await own.db.execute(sql`TRUNCATE users, user_permissions, refresh_tokens`);
    const first = await addUser(own.db, { role: 'superadmin' });
    const second = await addUser(own.db, { role: 'superadmin' });
    const tokens = [await tokenFor(own.db, own.auth, first), await tokenFor(own.db, own.auth, second)];
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all([
        own.call('PATCH', `/users/${second}/status`, { token: tokens[0], body: { status: 'inactive' } }),
        own.call('PATCH', `/users/${first}/status`, { token: tokens[1], body: { status: 'inactive' } }),
      ]);
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses[0], JSON.stringify(answers.map((a) => a.body))).toBe(200);
      // The other one waited for the first and found no other super admin (409), or was signed out by it (401).
      expect([401, 409]).toContain(statuses[1]);
      const active = await own.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'superadmin'), eq(users.status, 'active')));
      expect(active).toHaveLength(1);
      // Put both back for the next round, with fresh sessions.
      await asSystem(own.db, async (ctx) => {
        for (const id of [first, second]) await changeUserStatus(ctx, id, 'active', null);
      });
      tokens.splice(0, 2, await tokenFor(own.db, own.auth, first), await tokenFor(own.db, own.auth, second));
    }
  });
});

describe('permission changes', () => {
  it('take effect on the very next request of that user, with the token they already hold', async () => {
    const user = await signedIn({ name: 'Next Request' });
    expect((await call('GET', '/users', { token: user.token })).status).toBe(403);

    const granted = await call('PUT', `/users/${user.id}/permissions`, {
      token: root,
      body: { permissions: [await permissionId('USER_VIEW')] },
    });
    expect(granted.status).toBe(200);
    expect(granted.body.message).toBe('Permissions updated for Next Request');
    expect((await call('GET', '/users', { token: user.token })).status).toBe(200);
    expect((await call('GET', '/users/current-user', { token: user.token })).body.data.permissions).toEqual(['USER_VIEW']);

    const [row] = await accounts.db.select().from(users).where(eq(users.id, user.id));
    const revoked = await call('PUT', `/users/${user.id}`, {
      token: root,
      body: { name: row!.name, email: row!.email, permissions: [] },
    });
    expect(revoked.body.data.permissions).toEqual([]);
    expect((await call('GET', '/users', { token: user.token })).status).toBe(403);
  });

  it('through PUT /users/:id/permissions are a super admin’s, or a permission manager’s within what they hold', async () => {
    const admin = await signedIn({ permissions: ['USER_MANAGE_ALL', 'PERMISSION_MANAGE', 'STUDENT_ADD'] });
    const response = await call('PUT', `/users/${admin.id}/permissions`, { token: admin.token, body: { permissions: [] } });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(userMessages.ownGrants);

    const staff = await signedIn({ role: 'branch_user', branchId: north, name: 'Granted Staff' });
    const granted = await call('PUT', `/users/${staff.id}/permissions`, { token: admin.token, body: { permissions: ['STUDENT_ADD'] } });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    expect(granted.body.data.permissions.map((p: { name: string }) => p.name)).toEqual(['STUDENT_ADD']);
    const beyond = await call('PUT', `/users/${staff.id}/permissions`, { token: admin.token, body: { permissions: ['WALLET_VIEW'] } });
    expect(beyond.status).toBe(403);
    expect(beyond.body.message).toBe(userMessages.grantsBeyondCaller);
    const peer = await signedIn({ role: 'admin' });
    const above = await call('PUT', `/users/${peer.id}/permissions`, { token: admin.token, body: { permissions: [] } });
    expect(above.status).toBe(403);
    expect(above.body.message).toBe(userMessages.roleAboveCaller);
    const withoutPermissionManagement = await signedIn({ permissions: ['USER_MANAGE_ALL'] });
    const refused = await call('PUT', `/users/${staff.id}/permissions`, {
      token: withoutPermissionManagement.token,
      body: { permissions: [] },
    });
    expect(refused.status).toBe(403);
    const missing = await call('PUT', '/users/01900000-0000-7000-8000-000000000000/permissions', {
      token: root,
      body: { permissions: [] },
    });
    expect(missing.status).toBe(404);
  });
});

describe('branch users', () => {
  let northAdmin: { id: string; token: string };
  beforeAll(async () => {
    northAdmin = await signedIn({ role: 'branch_admin', branchId: north, permissions: ['BRANCH_USER_VIEW'] });
  });

  it('GET /users/branch/:branchId lists one branch; a branch’s staff only reach their own', async () => {
    const own = await call('GET', `/users/branch/${north}?limit=100`, { token: northAdmin.token });
    expect(own.status).toBe(200);
    expect(own.body.data.users.length).toBeGreaterThan(0);
    expect(new Set(own.body.data.users.map((u: { branchId: string }) => u.branchId))).toEqual(new Set([north]));

    const other = await call('GET', `/users/branch/${south}`, { token: northAdmin.token });
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('Branch not found');
    expect((await call('GET', `/users/branch/${south}`, { token: root })).status).toBe(200);

    const { id: student } = await asSystem(accounts.db, (ctx) =>
      createRecord(ctx, { formType: 'student', branchId: north, fields: { studentName: 'Not a branch' } }),
    );
    expect((await call('GET', `/users/branch/${student}`, { token: root })).status).toBe(404);
    expect((await call('GET', '/users/branch/nothing-here', { token: root })).status).toBe(404);
  });

  it('POST /users/branch/create adds staff to the caller’s own branch, with a branch role and no permissions', async () => {
    const response = await call('POST', '/users/branch/create', {
      token: northAdmin.token,
      body: { name: 'New Staff', email: email('staff'), password: 'secret1', branchId: south, permissions: ['USER_MANAGE_ALL'] },
    });
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('User added successfully');
    expect(response.body.data).toMatchObject({ role: 'branch_user', branchId: north, branchName: 'North Campus', permissions: [] });

    const operator = await call('POST', '/users/branch/create', {
      token: northAdmin.token,
      body: { name: 'Operator', email: email('operator'), password: 'secret1', role: 'branch_operator' },
    });
    expect(operator.body.data).toMatchObject({ role: 'branch_operator', branchId: north });

    for (const role of ['admin', 'superadmin', 'branch_admin']) {
      const refused = await call('POST', '/users/branch/create', {
        token: northAdmin.token,
        body: { name: 'Too High', email: email(), password: 'secret1', role },
      });
      expect(refused.status, role).toBe(400);
      expect(refused.body.message).toBe(userMessages.branchRole);
    }
    const missing = await call('POST', '/users/branch/create', { token: northAdmin.token, body: { email: email() } });
    expect(missing.body.message).toBe('Please fill in required fields (name, email, password)');
  });

  it('lets a branch’s user manager edit, deactivate and delete their own branch’s staff, and no one else', async () => {
    const staff = await signedIn({ role: 'branch_user', branchId: north });
    const edited = await call('PUT', `/users/${staff.id}`, {
      token: northAdmin.token,
      body: { name: 'Renamed Staff', email: email('renamed'), role: 'branch_operator' },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ name: 'Renamed Staff', role: 'branch_operator', branchId: north });

    const outsideBranchRoles = await call('PUT', `/users/${staff.id}`, {
      token: northAdmin.token,
      body: { name: 'Renamed Staff', email: edited.body.data.email, role: 'user' },
    });
    expect(outsideBranchRoles.status).toBe(400);
    expect(outsideBranchRoles.body.message).toBe(userMessages.branchRole);
    const moved = await call('PUT', `/users/${staff.id}`, {
      token: northAdmin.token,
      body: { name: 'Renamed Staff', email: edited.body.data.email, branchId: south },
    });
    expect(moved.status).toBe(403);
    expect(moved.body.message).toBe(userMessages.otherBranch);

    const southStaff = await signedIn({ role: 'branch_user', branchId: south });
    expect((await call('PATCH', `/users/${southStaff.id}/status`, { token: northAdmin.token, body: { status: 'inactive' } })).status).toBe(
      404,
    );
    expect((await call('DELETE', `/users/${southStaff.id}`, { token: northAdmin.token })).status).toBe(404);
    const peer = await signedIn({ role: 'branch_admin', branchId: north });
    const refused = await call('PATCH', `/users/${peer.id}/status`, { token: northAdmin.token, body: { status: 'inactive' } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(userMessages.roleAboveCaller);

    const deactivated = await call('PATCH', `/users/${staff.id}/status`, { token: northAdmin.token, body: { status: 'inactive' } });
    expect(deactivated.status).toBe(200);
    expect(deactivated.body.data.status).toBe('inactive');
    expect((await call('DELETE', `/users/${staff.id}`, { token: northAdmin.token })).status).toBe(200);
    expect((await call('GET', `/users/${staff.id}`, { token: root })).status).toBe(404);
  });

  it('POST /users/branch/create asks an institute-wide caller which branch', async () => {
    const body = { name: 'Somewhere', email: email('somewhere'), password: 'secret1' };
    const noBranch = await call('POST', '/users/branch/create', { token: root, body });
    expect(noBranch.status).toBe(400);
    expect(noBranch.body.message).toBe('Choose the branch the user belongs to');
    const notABranch = await call('POST', '/users/branch/create', { token: root, body: { ...body, branchId: 'nope' } });
    expect(notABranch.status).toBe(400);
    expect(notABranch.body.message).toBe('Branch not found');
    const placed = await call('POST', '/users/branch/create', { token: root, body: { ...body, branchId: south } });
    expect(placed.body.data).toMatchObject({ branchId: south, branchName: 'South Campus', role: 'branch_user' });
  });
});

describe('the log', () => {
  it('folds back into exactly the users and grants the commands left', async () => {
    const snapshot = async () => ({
      users: await queryRows(accounts.db, sql`SELECT * FROM ${users} ORDER BY id`),
      grants: await queryRows(accounts.db, sql`SELECT * FROM ${userPermissions} ORDER BY user_id, permission_id`),
    });
    const before = await snapshot();
    expect(before.users.length).toBeGreaterThan(20);
    await rebuildProjections(accounts.db);
    expect(await snapshot()).toEqual(before);
  });
});
