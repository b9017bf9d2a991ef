/**
 * Who manages users and their access, in both naming sets of the product: the API's endpoints
 * and the route registry hold to these lists. Free of zod, so the registry brings none into the
 * first page load.
 */

/** Manage every user. */
export const userManagers = ['USER_MANAGE_ALL', 'USERS_MANAGE'] as const;
/** Manage the staff of one's own branch (decision 011). */
export const branchUserManagers = ['BRANCH_USER_VIEW', 'USERS_BRANCH_MANAGEMENT'] as const;
/** Grant and remove permissions. */
export const permissionManagers = ['PERMISSION_MANAGE', 'USERS_PERMISSION_MANAGEMENT'] as const;

/** Who may read the catalogue: permission managers, and user managers to show what a user holds. */
export const catalogueReaders = [...permissionManagers, ...userManagers, 'USER_VIEW', 'USER_EDIT'] as const;

/**
 * Who may read the access changes: whoever may see users or manage their access (a branch's own
 * staff see only their branch's users).
 */
export const accessChangeReaders = [...userManagers, 'USER_VIEW', ...permissionManagers, ...branchUserManagers] as const;
