import { SUPERADMIN } from './actor';

/**
 * Roles are free text, but four of them rank: a super admin above an institute admin above a
 * branch admin above everyone else. Whoever is not a super admin may only manage users ranked
 * below them, or, as plain staff, other plain staff; so nobody takes over an account that
 * stands above or beside their own.
 */
const RANKS: Record<string, number> = { [SUPERADMIN]: 3, admin: 2, branch_admin: 1 };

export const roleRank = (role: string) => RANKS[role.trim().toLowerCase()] ?? 0;

/** Whether a caller may manage a user of this role, or give it to one. */
export function mayManageRole(callerRole: string, role: string): boolean {
  if (callerRole === SUPERADMIN) return true;
  const rank = roleRank(role);
  return rank === 0 || rank < roleRank(callerRole);
}
