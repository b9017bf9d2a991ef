import { dynamicDataContract } from '../../common/contracts/dynamic-data';
import { userContract, type UserList, type UserListQuery, type UserStatus, type UserView } from '../../common/contracts/users';
import { callEndpoint, type ApiResult } from './api.server';
import type { AuthedApi } from './auth.server';

export type { UserView as ManagedUser };

export interface UserInput {
  name: string;
  email: string;
  phone: string;
  role: string;
  status: UserStatus;
  branchId: string | null;
  /** Required when adding; blank keeps the current one when editing. */
  password?: string;
}

export interface BranchOption {
  id: string;
  name: string;
}

/** The most the API hands out in one page. */
const MAX_PAGE = 100;

export function listUsers(api: AuthedApi, query: UserListQuery) {
  return callEndpoint(api, userContract.list, { query });
}

/** Every user, page after page (the permission screen lists and filters them in the browser). */
export async function listEveryUser(api: AuthedApi): Promise<ApiResult<UserList>> {
  const first = await listUsers(api, { page: 1, limit: MAX_PAGE, sortBy: 'name', order: 'asc' });
  if (!first.ok) return first;
  const users = [...first.data.users];
  for (let page = 2; page <= first.data.totalPages; page += 1) {
    const next = await listUsers(api, { page, limit: MAX_PAGE, sortBy: 'name', order: 'asc' });
    if (!next.ok) return next;
    users.push(...next.data.users);
  }
  return { ...first, data: { ...first.data, users, page: 1, limit: users.length, totalPages: 1 } };
}

/** One branch's users; a branch's own staff reach only their branch. */
export function listBranchUsers(api: AuthedApi, branchId: string, query: UserListQuery) {
  return callEndpoint(api, userContract.branchUsers, { params: { branchId }, query });
}

/** Adds staff to a branch: the caller's own, or the one named for institute staff. */
export function createBranchUser(api: AuthedApi, input: UserInput) {
  return callEndpoint(api, userContract.branchCreate, { body: { ...input, password: input.password ?? '' } });
}

export function createUser(api: AuthedApi, input: UserInput) {
  // A blank password is refused by the API with the screen's message, as a missing one is.
  return callEndpoint(api, userContract.create, { body: { ...input, password: input.password ?? '' } });
}

export function updateUser(api: AuthedApi, id: string, input: UserInput) {
  const { password, ...rest } = input;
  // SPEC.md section 5: the password is sent only when it is not blank.
  const body = password?.trim() ? { ...rest, password } : rest;
  return callEndpoint(api, userContract.update, { params: { id }, body });
}

export function setUserStatus(api: AuthedApi, id: string, status: UserStatus) {
  return callEndpoint(api, userContract.setStatus, { params: { id }, body: { status } });
}

export function deleteUser(api: AuthedApi, id: string) {
  return callEndpoint(api, userContract.remove, { params: { id } });
}

/** Replaces a user's grants (permission ids); the rest of the user is left alone. */
export function setUserPermissions(api: AuthedApi, id: string, permissionIds: string[]): Promise<ApiResult<UserView>> {
  return callEndpoint(api, userContract.setPermissions, { params: { id }, body: { permissions: permissionIds } });
}

/** Every branch a user can belong to, by name, page after page. */
export async function listBranchOptions(api: AuthedApi): Promise<ApiResult<BranchOption[]>> {
  const options: BranchOption[] = [];
  for (let page = 1; ; page += 1) {
    const result = await callEndpoint(api, dynamicDataContract.list, {
      query: { formType: 'branch', page, limit: MAX_PAGE, sort: 'title', order: 'asc' },
    });
    if (!result.ok) return result;
    options.push(...result.data.records.map((record) => ({ id: record._id, name: record.title })));
    if (page >= result.data.totalPages) return { ...result, data: options };
  }
}
