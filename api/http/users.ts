import { userContract, type UserView } from '../../common/contracts/users';
import { indianDay } from '../../common/india-time';
import { branchScope } from '../domain/auth/branch-scope';
import { findUser, listUsers, usersExport } from '../domain/user-queries';
import { changeUserStatus, createBranchUser, createUser, deleteUser, isBranch, setUserPermissions, updateUser } from '../domain/users';
import type { Executor } from '../db/client';
import { exportFile } from '../export/export-file';
import { defineEndpoint, defineFileEndpoint } from './endpoint';
import { notFound } from '../domain/errors';
import { branchUserManagers, permissionManagers, userManagers } from '../../common/user-permissions';

// A branch's user managers change their own branch's staff: the commands hold them to their
// branch, to the roles below theirs and to branch roles (decision 011).
const access = {
  read: { kind: 'permission', anyOf: [...userManagers, 'USER_VIEW', ...permissionManagers] },
  add: { kind: 'permission', anyOf: [...userManagers, 'USER_ADD'] },
  edit: { kind: 'permission', anyOf: [...userManagers, 'USER_EDIT', ...branchUserManagers] },
  remove: { kind: 'permission', anyOf: [...userManagers, 'USER_DELETE', ...branchUserManagers] },
  branch: { kind: 'permission', anyOf: [...branchUserManagers, ...userManagers] },
} as const;

async function userOrNotFound(db: Executor, id: string, branchId: string | null): Promise<UserView> {
  const user = await findUser(db, id, branchId);
  if (!user) throw notFound('User');
  return user;
}

const list = defineEndpoint({
  ...userContract.list,
  access: access.read,
  async handle({ db, query, actor }) {
    return { message: 'Users', data: await listUsers(db, query, branchScope(actor)) };
  },
});

const exportUsers = defineFileEndpoint({
  ...userContract.export,
  access: access.read,
  async handle({ db, query: { format, ...query }, actor, deps }) {
    return exportFile(format, usersExport(db, query, branchScope(actor)), indianDay(deps.clock.now()));
  },
});

const show = defineEndpoint({
  ...userContract.show,
  access: access.read,
  async handle({ db, params, actor }) {
    return { message: 'User', data: await userOrNotFound(db, params.id, branchScope(actor)) };
  },
});

function addUserEndpoint(contract: typeof userContract.create | typeof userContract.register) {
  return defineEndpoint({
    ...contract,
    access: access.add,
    async handle({ body, tx, meta, actor }) {
      const id = await createUser({ tx, meta }, body, actor);
      return { status: 201, message: 'User added successfully', data: await userOrNotFound(tx, id, null) };
    },
  });
}

const update = defineEndpoint({
  ...userContract.update,
  access: access.edit,
  async handle({ body, params, tx, meta, actor }) {
    await updateUser({ tx, meta }, params.id, { ...body, name: body.name ?? '', email: body.email ?? '' }, actor);
    return { message: 'User updated successfully', data: await userOrNotFound(tx, params.id, null) };
  },
});

const setPermissions = defineEndpoint({
  ...userContract.setPermissions,
  access: { kind: 'permission', anyOf: permissionManagers },
  async handle({ body, params, tx, meta, actor }) {
    await setUserPermissions({ tx, meta }, params.id, body.permissions, actor);
    const user = await userOrNotFound(tx, params.id, null);
    return { message: `Permissions updated for ${user.name}`, data: user };
  },
});

const remove = defineEndpoint({
  ...userContract.remove,
  access: access.remove,
  async handle({ params, tx, meta, actor }) {
    await deleteUser({ tx, meta }, params.id, actor);
    return { message: 'User deleted successfully', data: { _id: params.id } };
  },
});

const setStatus = defineEndpoint({
  ...userContract.setStatus,
  access: access.edit,
  async handle({ body, params, tx, meta, actor }) {
    await changeUserStatus({ tx, meta }, params.id, body.status, actor);
    return { message: 'User status updated', data: await userOrNotFound(tx, params.id, null) };
  },
});

const branchUsers = defineEndpoint({
  ...userContract.branchUsers,
  access: access.branch,
  async handle({ db, params, query, actor }) {
    const scope = branchScope(actor);
    if ((scope !== null && scope !== params.branchId) || !(await isBranch(db, params.branchId))) {
      throw notFound('Branch');
    }
    return { message: 'Branch users', data: await listUsers(db, query, params.branchId) };
  },
});

const branchCreate = defineEndpoint({
  ...userContract.branchCreate,
  access: access.branch,
  async handle({ body, tx, meta, actor }) {
    const id = await createBranchUser({ tx, meta }, body, actor);
    return { status: 201, message: 'User added successfully', data: await userOrNotFound(tx, id, null) };
  },
});

export const userEndpoints = [
  list,
  exportUsers,
  branchUsers,
  show,
  addUserEndpoint(userContract.create),
  addUserEndpoint(userContract.register),
  branchCreate,
  update,
  setPermissions,
  setStatus,
  remove,
];
