import type { ApiResult } from './api.server';
import type { AuthedApi } from './auth.server';

/** A user as the management screens see it (GET /users). */
export interface ManagedUser {
  _id: string;
  id: string;
  name: string;
  email: string;
  phone: string;
  role: string;
  status: 'active' | 'inactive';
  branchId: string | null;
  branchName: string | null;
  permissions: { _id: string; name: string }[];
  createdAt: string;
  updatedAt: string;
  lastLogin: string | null;
}

export interface UserStats {
  all: number;
  active: number;
  inactive: number;
  withPermissions: number;
}

export interface UserPage {
  users: ManagedUser[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
  stats: UserStats;
}

export interface UserListQuery {
  search?: string;
  role?: string;
  status?: 'active' | 'inactive';
  page?: number;
  limit?: number;
  sortBy?: 'name' | 'email' | 'role' | 'status' | 'createdAt' | 'lastLogin';
  order?: 'asc' | 'desc';
}

export interface UserInput {
  name: string;
  email: string;
  phone: string;
  role: string;
  status: 'active' | 'inactive';
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

export function listUsers(api: AuthedApi, query: UserListQuery): Promise<ApiResult<UserPage>> {
  return api.call<UserPage>('GET', '/users', { query: { ...query } });
}

/** Every user, page after page (the permission screen lists and filters them in the browser). */
export async function listEveryUser(api: AuthedApi): Promise<ApiResult<UserPage>> {
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

export function createUser(api: AuthedApi, input: UserInput): Promise<ApiResult<ManagedUser>> {
  return api.call<ManagedUser>('POST', '/users', { body: input });
}

export function updateUser(api: AuthedApi, id: string, input: UserInput): Promise<ApiResult<ManagedUser>> {
  const { password, ...rest } = input;
  // SPEC.md section 5: the password is sent only when it is not blank.
  const body = password?.trim() ? { ...rest, password } : rest;
  return api.call<ManagedUser>('PUT', `/users/${encodeURIComponent(id)}`, { body });
}

export function setUserStatus(api: AuthedApi, id: string, status: 'active' | 'inactive'): Promise<ApiResult<ManagedUser>> {
  return api.call<ManagedUser>('PATCH', `/users/${encodeURIComponent(id)}/status`, { body: { status } });
}

export function deleteUser(api: AuthedApi, id: string): Promise<ApiResult<{ _id: string }>> {
  return api.call<{ _id: string }>('DELETE', `/users/${encodeURIComponent(id)}`);
}

/** Replaces a user's grants (permission ids); the rest of the user is left alone. */
export function setUserPermissions(api: AuthedApi, id: string, permissionIds: string[]): Promise<ApiResult<ManagedUser>> {
  return api.call<ManagedUser>('PUT', `/users/${encodeURIComponent(id)}/permissions`, { body: { permissions: permissionIds } });
}

/** Every branch a user can belong to, by name, page after page. */
export async function listBranchOptions(api: AuthedApi): Promise<ApiResult<BranchOption[]>> {
  const options: BranchOption[] = [];
  for (let page = 1; ; page += 1) {
    const result = await api.call<{ records: { _id: string; title: string }[]; totalPages: number }>('GET', '/dynamic-data', {
      query: { formType: 'branch', page, limit: MAX_PAGE, sort: 'title', order: 'asc' },
    });
    if (!result.ok) return result;
    options.push(...result.data.records.map((record) => ({ id: record._id, name: record.title })));
    if (page >= result.data.totalPages) return { ...result, data: options };
  }
}
