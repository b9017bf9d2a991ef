import type { ShouldRevalidateFunction } from '@remix-run/react';
import { z } from 'zod';
import { roleLabel } from '../../../common/roles';
import { SAVE_FAILED_MESSAGE } from '~/machines/permission-editor.machine';

/**
 * What a permission-management screen shares between its route (loader and action) and its
 * parts: the data it reads, in two parts that reload on their own, and the forms it posts.
 */

export const permissionMessages = {
  loadPermissionsFailed: 'Failed to load permissions',
  loadUsersFailed: 'Failed to load users',
  saveFailed: SAVE_FAILED_MESSAGE,
  syncDone: 'Permissions synchronized successfully',
  syncFailed: 'Failed to sync permissions',
} as const;

/** The screen's two forms, told apart by `intent`. */
export const permissionActionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('permissions.save'),
    userId: z.string().min(1).max(100),
    permissions: z.array(z.string().min(1).max(100)).max(500).default([]),
  }),
  z.object({ intent: z.literal('permissions.sync') }),
]);

export interface CataloguePermission {
  _id: string;
  name: string;
  description: string;
  category: string;
}

/** A user of the list, with the ids of the permissions they hold. */
export interface PermissionUser {
  _id: string;
  name: string;
  email: string;
  role: string;
  status: string;
  branchName: string | null;
  permissionIds: string[];
}

export interface PermissionStats {
  all: number;
  active: number;
  withPermissions: number;
}

/** The catalogue, or why it could not be read. */
export interface CataloguePart {
  permissions: CataloguePermission[] | null;
  error: string | null;
}

/** Every user and the counts of the stat cards, or why they could not be read. */
export interface PeoplePart {
  users: PermissionUser[] | null;
  stats: PermissionStats | null;
  error: string | null;
}

/**
 * What the loader reads: both parts, or one of them again with `?part=catalogue` (Reload
 * Permissions) or `?part=users` (Reload Users), the other null.
 */
export interface PermissionPageData {
  catalogue: CataloguePart | null;
  people: PeoplePart | null;
}

export type ReadPart = 'catalogue' | 'users';

export const readPartOf = (url: URL): ReadPart | null => {
  const part = url.searchParams.get('part');
  return part === 'catalogue' || part === 'users' ? part : null;
};

export const USER_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active Only' },
  { value: 'inactive', label: 'Inactive Only' },
  { value: 'admins', label: 'Admins Only' },
  { value: 'regular', label: 'Regular Users' },
] as const;

export type UserFilter = (typeof USER_FILTERS)[number]['value'];

const isAdminRole = (role: string) => role.toLowerCase().includes('admin');

/** Whether a user is in the list for this search (name, email, role or its label) and filter. */
export function matchesUser(user: PermissionUser, search: string, filter: UserFilter): boolean {
  const needle = search.trim().toLowerCase();
  const haystack = [user.name, user.email, user.role, roleLabel(user.role)];
  if (needle && !haystack.some((text) => text.toLowerCase().includes(needle))) return false;
  switch (filter) {
    case 'active':
      return user.status === 'active';
    case 'inactive':
      return user.status !== 'active';
    case 'admins':
      return isAdminRole(user.role);
    case 'regular':
      return !isAdminRole(user.role);
    default:
      return true;
  }
}

export const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Choosing another user only changes `?user=`: the lists on the page stay as they are. */
export const permissionScreenShouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname || currentUrl.search === nextUrl.search) {
    return defaultShouldRevalidate;
  }
  const withoutUser = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete('user');
    params.sort();
    return params.toString();
  };
  return withoutUser(currentUrl) === withoutUser(nextUrl) ? false : defaultShouldRevalidate;
};
