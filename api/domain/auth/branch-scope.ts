import { forbidden } from '../errors';
import { SUPERADMIN, type Actor } from './actor';

/**
 * The branch a caller is confined to, or null when they work across the institute. A user who
 * belongs to a branch sees and changes only that branch's data, whatever permissions they hold;
 * only a super admin reaches every branch while carrying one.
 */
export function branchScope(actor: Pick<Actor, 'role' | 'branchId'>): string | null {
  return actor.role === SUPERADMIN ? null : actor.branchId;
}

/** Refuses a caller confined to a branch what only the institute's staff do, saying what with `message`. */
export function requireInstituteStaff(actor: Pick<Actor, 'role' | 'branchId'>, message: string) {
  if (branchScope(actor) !== null) throw forbidden(message);
}
