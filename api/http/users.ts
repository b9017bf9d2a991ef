import { z } from 'zod';
import { branchScope } from '../domain/auth/branch-scope';
import { findUser, listUsers, userSortFields, type UserView } from '../domain/user-queries';
import {
  branchStaffRoles,
  changeUserStatus,
  createBranchUser,
  createUser,
  deleteUser,
  isBranch,
  setUserPermissions,
  updateUser,
} from '../domain/users';
import type { Executor } from '../db/client';
import { defineEndpoint, type Reply } from './endpoint';
import { notFound } from '../domain/errors';
import { permissionManagers } from './permissions';
import { pagingQuery } from './paging';

/** Manage every user: both naming sets of the product. */
const userManagers = ['USER_MANAGE_ALL', 'USERS_MANAGE'] as const;
const branchUserManagers = ['BRANCH_USER_VIEW', 'USERS_BRANCH_MANAGEMENT'] as const;

const access = {
  read: { kind: 'permission', anyOf: [...userManagers, 'USER_VIEW', ...permissionManagers] },
  add: { kind: 'permission', anyOf: [...userManagers, 'USER_ADD'] },
  edit: { kind: 'permission', anyOf: [...userManagers, 'USER_EDIT'] },
  remove: { kind: 'permission', anyOf: [...userManagers, 'USER_DELETE'] },
  branch: { kind: 'permission', anyOf: [...branchUserManagers, ...userManagers] },
} as const;

const status = z.enum(['active', 'inactive']);

export const userView = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.string(),
  status,
  branchId: z.string().nullable(),
  branchName: z.string().nullable(),
  permissions: z.array(z.object({ _id: z.string(), name: z.string() })).describe('Granted permissions, by name'),
  createdAt: z.string().datetime(),
  updatedAt: z.string().datetime(),
  lastLogin: z.string().datetime().nullable(),
});

export const userList = z.object({
  users: z.array(userView),
  total: z.number().int().describe('Users matching the filters'),
  page: z.number().int(),
  limit: z.number().int(),
  totalPages: z.number().int(),
  stats: z
    .object({
      all: z.number().int(),
      active: z.number().int(),
      inactive: z.number().int(),
      withPermissions: z.number().int(),
    })
    .describe('Counts over every user the caller may see, whatever the filters'),
});

const listQuery = z.object({
  search: z.string().trim().max(100).optional().describe('Part of the name or email'),
  role: z
    .string()
    .trim()
    .max(50)
    .optional()
    .transform((role) => (role && role.toLowerCase() !== 'all' ? role : undefined)),
  status: z
    .enum(['active', 'inactive', 'all'])
    .optional()
    .transform((value) => (value === 'all' ? undefined : value)),
  ...pagingQuery,
  sortBy: z.enum(userSortFields).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});

const idParams = z.object({ id: z.string().min(1).max(100) });

// Required fields are checked by the commands, so a missing one answers with the screen's message.
const fields = {
  name: z.string().max(100, 'Name must be at most 100 characters').optional().describe('Required'),
  email: z.string().max(254, 'Email must be at most 254 characters').optional().describe('Required; unique, case-insensitive'),
  phone: z.string().max(20).optional().describe('Blank, or 10 digits'),
  role: z.string().max(200).optional().describe('Free text, 1 to 50 characters'),
  status: status.optional(),
  branchId: z.string().max(100).nullable().optional(),
};
const permissionRefs = z.array(z.string().max(100)).max(500).describe('Permission ids (names are accepted too)');
const password = z.string().max(1024);

const createBody = z.object({
  ...fields,
  password: password.optional().describe('Required; at least 6 characters'),
  role: fields.role.describe('Free text, 1 to 50 characters; user when blank'),
  permissions: permissionRefs.optional().describe('Permission ids to grant (super admin only)'),
});
const updateBody = z.object({
  ...fields,
  password: password.optional().describe('Blank keeps the current password'),
  permissions: permissionRefs.optional().describe('Replaces the grants (super admin only); absent keeps them'),
});
const branchCreateBody = z.object({
  ...fields,
  password: password.optional().describe('Required; at least 6 characters'),
  role: z.string().max(200).optional().describe(`One of ${branchStaffRoles.join(', ')}; ${branchStaffRoles[0]} when blank`),
  branchId: fields.branchId.describe('Required for callers who work across branches; ignored for a branch’s own staff'),
});

async function userOrNotFound(db: Executor, id: string, branchId: string | null): Promise<UserView> {
  const user = await findUser(db, id, branchId);
  if (!user) throw notFound('User');
  return user;
}

const list = defineEndpoint({
  method: 'get',
  path: '/users',
  summary: 'Users, searched, filtered and paged; a branch’s own staff see only their branch',
  tag: 'users',
  access: access.read,
  query: listQuery,
  response: userList,
  async handle({ db, query, actor }): Promise<Reply> {
    return { message: 'Users', data: await listUsers(db, query, branchScope(actor!)) };
  },
});

const show = defineEndpoint({
  method: 'get',
  path: '/users/:id',
  summary: 'One user',
  tag: 'users',
  access: access.read,
  params: idParams,
  response: userView,
  async handle({ db, params, actor }): Promise<Reply> {
    return { message: 'User', data: await userOrNotFound(db, params.id, branchScope(actor!)) };
  },
});

const create = defineEndpoint({
  method: 'post',
  path: '/users',
  summary: 'Add a user',
  tag: 'users',
  access: access.add,
  body: createBody,
  response: userView,
  async handle({ body, tx, meta, actor }): Promise<Reply> {
    const id = await createUser(
      { tx: tx!, meta },
      { ...body, name: body.name ?? '', email: body.email ?? '', password: body.password ?? '' },
      actor,
    );
    return { status: 201, message: 'User added successfully', data: await userOrNotFound(tx!, id, null) };
  },
});

const update = defineEndpoint({
  method: 'put',
  path: '/users/:id',
  summary: 'Edit a user: details, status, password when not blank, permissions when given',
  tag: 'users',
  access: access.edit,
  params: idParams,
  body: updateBody,
  response: userView,
  async handle({ body, params, tx, meta, actor }): Promise<Reply> {
    await updateUser({ tx: tx!, meta }, params.id, { ...body, name: body.name ?? '', email: body.email ?? '' }, actor);
    return { message: 'User updated successfully', data: await userOrNotFound(tx!, params.id, null) };
  },
});

const setPermissions = defineEndpoint({
  method: 'put',
  path: '/users/:id/permissions',
  summary: 'Replace a user’s permissions',
  tag: 'users',
  access: { kind: 'superadmin' },
  params: idParams,
  body: z.object({ permissions: permissionRefs }),
  response: userView,
  async handle({ body, params, tx, meta, actor }): Promise<Reply> {
    await setUserPermissions({ tx: tx!, meta }, params.id, body.permissions, actor);
    const user = await userOrNotFound(tx!, params.id, null);
    return { message: `Permissions updated for ${user.name}`, data: user };
  },
});

const remove = defineEndpoint({
  method: 'delete',
  path: '/users/:id',
  summary: 'Delete a user and end their sessions',
  tag: 'users',
  access: access.remove,
  params: idParams,
  response: z.object({ _id: z.string() }),
  async handle({ params, tx, meta, actor }): Promise<Reply> {
    await deleteUser({ tx: tx!, meta }, params.id, actor);
    return { message: 'User deleted successfully', data: { _id: params.id } };
  },
});

const setStatus = defineEndpoint({
  method: 'patch',
  path: '/users/:id/status',
  summary: 'Activate or deactivate a user; deactivating ends their sessions',
  tag: 'users',
  access: access.edit,
  params: idParams,
  body: z.object({ status }),
  response: userView,
  async handle({ body, params, tx, meta, actor }): Promise<Reply> {
    await changeUserStatus({ tx: tx!, meta }, params.id, body.status, actor);
    return { message: 'User status updated', data: await userOrNotFound(tx!, params.id, null) };
  },
});

const branchUsers = defineEndpoint({
  method: 'get',
  path: '/users/branch/:branchId',
  summary: 'The users of one branch; a branch’s own staff only reach their branch',
  tag: 'users',
  access: access.branch,
  params: z.object({ branchId: z.string().min(1).max(100) }),
  query: listQuery,
  response: userList,
  async handle({ db, params, query, actor }): Promise<Reply> {
    const scope = branchScope(actor!);
    if ((scope !== null && scope !== params.branchId) || !(await isBranch(db, params.branchId))) {
      throw notFound('Branch');
    }
    return { message: 'Branch users', data: await listUsers(db, query, params.branchId) };
  },
});

const branchCreate = defineEndpoint({
  method: 'post',
  path: '/users/branch/create',
  summary: 'Add a staff member to a branch (the caller’s own branch for a branch’s staff)',
  tag: 'users',
  access: access.branch,
  body: branchCreateBody,
  response: userView,
  async handle({ body, tx, meta, actor }): Promise<Reply> {
    const id = await createBranchUser(
      { tx: tx!, meta },
      { ...body, name: body.name ?? '', email: body.email ?? '', password: body.password ?? '' },
      actor,
    );
    return { status: 201, message: 'User added successfully', data: await userOrNotFound(tx!, id, null) };
  },
});

export const userEndpoints = [list, branchUsers, show, create, branchCreate, update, setPermissions, setStatus, remove];
