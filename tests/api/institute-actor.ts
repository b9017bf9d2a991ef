import { SUPERADMIN, type Actor } from '../../api/domain/auth/actor';

/**
 * A super admin of no branch, for commands that take a caller: the institute's staff, who may do
 * anything. Apart from ./accounts (which re-exports it) so that a worker process loads no API.
 */
export const instituteActor = (id: string): Actor => ({ id, role: SUPERADMIN, branchId: null, sessionId: id, permissions: new Set() });
