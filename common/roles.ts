/**
 * The roles the app gives a meaning to, highest first (decision 011 ranks the first three above
 * everyone else). Roles are free text (SPEC.md section 3), but a user with any other role signs in
 * nowhere: the admin login answers "Access denied", so these are the ones worth suggesting.
 */
export const KNOWN_ROLES = ['superadmin', 'admin', 'branch_admin', 'branch_user', 'branch_operator', 'user'] as const;

export type KnownRole = (typeof KNOWN_ROLES)[number];

/**
 * Roles are free text, but four of them rank: a super admin above an institute admin above a
 * branch admin above everyone else. Whoever is not a super admin may only manage users ranked
 * below them, or, as plain staff, other plain staff; so nobody takes over an account that
 * stands above or beside their own (decision 011).
 */
const RANKS: Record<string, number> = { superadmin: 3, admin: 2, branch_admin: 1 };

export const roleRank = (role: string) => RANKS[role.trim().toLowerCase()] ?? 0;

/** Whether a caller may manage a user of this role, or give it to one. */
export function mayManageRole(callerRole: string, role: string): boolean {
  if (callerRole === 'superadmin') return true;
  const rank = roleRank(role);
  return rank === 0 || rank < roleRank(callerRole);
}

/** Why a caller may not change another user's account, in the words the API and the screens use. */
export const manageRefusals = {
  superadmin: 'Only a super admin can create or change a super admin',
  rank: 'You can only manage users whose role ranks below yours',
  permissions: 'You cannot manage a user who holds permissions you do not hold',
} as const;

/**
 * Whether a caller may change a user's account (decision 011), and if not, why: a super admin
 * changes anyone; nobody else changes a super admin; anyone changes their own account; another
 * only when it ranks below theirs and holds no permission they lack, so resetting its password
 * hands them nothing they do not already have.
 */
export function refusalToManage(
  caller: { id: string; role: string; permissions: ReadonlySet<string> },
  user: { id: string; role: string; permissions: readonly string[] },
): keyof typeof manageRefusals | null {
  if (caller.role === 'superadmin') return null;
  if (user.role === 'superadmin') return 'superadmin';
  if (caller.id === user.id) return null;
  if (!mayManageRole(caller.role, user.role)) return 'rank';
  return user.permissions.some((name) => !caller.permissions.has(name)) ? 'permissions' : null;
}

/** The lowest of the known roles: what a new user gets unless someone chooses otherwise. */
export const LOWEST_ROLE: KnownRole = KNOWN_ROLES[KNOWN_ROLES.length - 1]!;

const LABELS: Record<KnownRole, string> = {
  superadmin: 'Super Admin',
  admin: 'Admin',
  branch_admin: 'Branch Admin',
  branch_user: 'Branch User',
  branch_operator: 'Branch Operator',
  user: 'User',
};

/**
 * How every screen names a role: "Super Admin", "Branch Admin"; a free-text role in words with
 * capitals ("lab_assistant" is "Lab Assistant"). The super admin role matches in any spelling, as
 * the API's does.
 */
export function roleLabel(role: string): string {
  const key = role.trim().toLowerCase();
  if (key in LABELS) return LABELS[key as KnownRole];
  return role
    .trim()
    .replace(/[_-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/(^|\s)(\p{Ll})/gu, (_, space: string, letter: string) => `${space}${letter.toUpperCase()}`);
}
