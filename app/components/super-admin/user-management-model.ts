import type { SubmissionResult } from '@conform-to/react';
import { z } from 'zod';
import { roleLabel } from '../../../common/roles';
import { MAX_ROLE_LENGTH, MIN_PASSWORD_LENGTH, userFieldMessages, type UserView } from '../../../common/contracts/users';
import { defaultPageSize, pageSizes } from '~/lib/list-query';

/**
 * What a user-management screen shares between its route (loader and action) and its parts:
 * the list's query in the address and the add/edit/status/delete forms. Any screen managing users
 * (the super-admin panel's, the admin area's) reads the same query and posts the same forms.
 */

export const userMessages = {
  ...userFieldMessages,
  loadFailed: 'Failed to fetch users',
  branchesFailed: 'Failed to load branch options',
  noBranch: 'Add a branch first: branch users belong to a branch',
  createFailed: 'Failed to create user',
  updateFailed: 'Failed to update user',
  statusFailed: 'Failed to update user status',
  deleteFailed: 'Failed to delete user',
  created: 'User added successfully',
  updated: 'User updated successfully',
  statusUpdated: 'User status updated',
  deleted: 'User deleted successfully',
} as const;

export interface FilterOption {
  value: string;
  label: string;
}

export const STATUS_FILTERS: readonly FilterOption[] = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

/** The role filter's choices: All, then the given roles by their labels. */
export const roleFilters = (roles: readonly string[]): FilterOption[] => [
  { value: 'all', label: 'All' },
  ...roles.map((role) => ({ value: role, label: roleLabel(role) })),
];

export interface UserListQuery {
  /** The branch a screen of one branch's users shows, when the caller picks one; '' otherwise. */
  branch: string;
  search: string;
  /** 'all' or one of the screen's filter roles. */
  role: string;
  status: 'all' | 'active' | 'inactive';
  page: number;
  /** Users per page: one of the list kit's page sizes. */
  limit: number;
}

/** The list's query, all in the address so it works without JavaScript and can be shared. */
export function readUserListQuery(url: URL, filterRoles: readonly string[]): UserListQuery {
  const schema = z.object({
    branch: z.string().trim().max(100).catch(''),
    search: z.string().trim().max(100).catch(''),
    role: z
      .string()
      .refine((role) => role === 'all' || filterRoles.includes(role))
      .catch('all'),
    status: z.enum(['all', 'active', 'inactive']).catch('all'),
    page: z.coerce.number().int().min(1).max(100_000).catch(1),
    limit: z.coerce
      .number()
      .refine((size) => (pageSizes as readonly number[]).includes(size))
      .catch(defaultPageSize),
  });
  return schema.parse({
    branch: url.searchParams.get('branch') ?? '',
    search: url.searchParams.get('search') ?? '',
    role: url.searchParams.get('role') ?? 'all',
    status: url.searchParams.get('status') ?? 'all',
    page: url.searchParams.get('page') ?? 1,
    limit: url.searchParams.get('limit') ?? defaultPageSize,
  });
}

/** The address search of a query (on another page): only what differs from the defaults. */
export function userListSearch(query: UserListQuery, page = query.page): string {
  const params = new URLSearchParams();
  if (query.branch) params.set('branch', query.branch);
  if (query.search) params.set('search', query.search);
  if (query.role !== 'all') params.set('role', query.role);
  if (query.status !== 'all') params.set('status', query.status);
  if (page > 1) params.set('page', String(page));
  if (query.limit !== defaultPageSize) params.set('limit', String(query.limit));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const isFiltered = (query: UserListQuery) => query.search !== '' || query.role !== 'all' || query.status !== 'all';

const text = (max: number) => z.string().trim().max(max).optional();
const userFields = {
  name: text(100),
  email: text(254),
  phone: text(20),
  password: z.string().max(1024).optional(),
  role: text(200),
  status: z.enum(['active', 'inactive']).default('active'),
  branchId: text(100),
};

/** The four forms of a user-management screen, told apart by `intent`; the dialog checks the same in the browser. */
export const userActionSchema = z
  .discriminatedUnion('intent', [
    z.object({ intent: z.literal('user.create'), ...userFields }),
    z.object({ intent: z.literal('user.update'), userId: z.string().min(1), ...userFields }),
    z.object({ intent: z.literal('user.status'), userId: z.string().min(1), status: z.enum(['active', 'inactive']) }),
    z.object({ intent: z.literal('user.delete'), userId: z.string().min(1) }),
  ])
  .superRefine((value, ctx) => {
    if (value.intent !== 'user.create' && value.intent !== 'user.update') return;
    const creating = value.intent === 'user.create';
    const required = creating ? (['name', 'email', 'password'] as const) : (['name', 'email'] as const);
    const missing = required.filter((field) => !value[field]?.trim());
    if (missing.length) {
      ctx.addIssue({ code: 'custom', path: [], message: creating ? userMessages.requiredOnCreate : userMessages.requiredOnEdit });
      for (const field of missing) {
        ctx.addIssue({ code: 'custom', path: [field], message: `${field[0]!.toUpperCase()}${field.slice(1)} is required` });
      }
      return;
    }
    if (value.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.email)) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: userMessages.invalidEmail });
    }
    if (value.password?.trim() && value.password.trim().length < MIN_PASSWORD_LENGTH) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: userMessages.passwordTooShort });
    }
    if (value.phone && !/^\d{10}$/.test(value.phone)) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: userMessages.invalidPhone });
    }
    if (value.role && value.role.length > MAX_ROLE_LENGTH) {
      ctx.addIssue({ code: 'custom', path: ['role'], message: userMessages.roleTooLong });
    }
  });

/** What a user-management action answers when it does not redirect. */
export interface UserFormReply {
  result: SubmissionResult<string[]>;
  /** A failure to show as a toast as well (the server's message, or the screen's). */
  toast: string | null;
}

/** A user as the list shows them (the API's user, without what the list does not use). */
export type ListedUser = Pick<
  UserView,
  '_id' | 'name' | 'email' | 'phone' | 'role' | 'status' | 'branchId' | 'branchName' | 'lastLogin' | 'permissions'
>;

/** Who manages the users on a screen: their id, role and permission names. */
export interface UserCaller {
  id: string;
  role: string;
  permissions: readonly string[];
}

export interface UserListPage {
  users: ListedUser[];
  total: number;
  totalPages: number;
}
