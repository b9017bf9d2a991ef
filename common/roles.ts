/**
 * The roles the app gives a meaning to, highest first (decision 011 ranks the first three above
 * everyone else). Roles are free text (SPEC.md section 3), but a user with any other role signs in
 * nowhere: the admin login answers "Access denied", so these are the ones worth suggesting.
 */
export const KNOWN_ROLES = ['superadmin', 'admin', 'branch_admin', 'branch_user', 'branch_operator', 'user'] as const;

export type KnownRole = (typeof KNOWN_ROLES)[number];

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
