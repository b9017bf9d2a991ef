import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { permissions, refreshTokens, userPermissions, users } from '../../db/schema';

/** Who is calling, as the database says now (kept between requests only until it changes: decision 016). */
export interface Actor {
  readonly id: string;
  readonly role: string;
  readonly branchId: string | null;
  readonly sessionId: string;
  readonly permissions: ReadonlySet<string>;
}

export const SUPERADMIN = 'superadmin';

/**
 * Loads the caller in one query. Permissions come from the database, not the token, so a change
 * takes effect on the next request; a revoked session (logout) ends its access tokens at once.
 */
export async function loadActor(db: Executor, userId: string, sessionId: string): Promise<Actor | null> {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      status: users.status,
      branchId: users.branchId,
      sessionActive: sql<boolean>`exists(
        select 1 from ${refreshTokens}
         where ${and(eq(refreshTokens.familyId, sessionId), eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt))})`,
      // Bound to the id rather than to users.id: drizzle leaves columns unqualified when selecting
      // from one table, and a bare "id" inside this subquery would mean permissions.id.
      permissions: sql<string[]>`coalesce(
        (select array_agg(${permissions.name})
           from ${userPermissions} join ${permissions} on ${permissions.id} = ${userPermissions.permissionId}
          where ${userPermissions.userId} = ${userId}),
        '{}')`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row || row.status !== 'active' || !row.sessionActive) return null;
  return {
    id: row.id,
    role: row.role,
    branchId: row.branchId,
    sessionId,
    permissions: new Set(row.permissions),
  };
}

export function hasAnyPermission(actor: Actor, names: readonly string[]): boolean {
  return actor.role === SUPERADMIN || names.some((name) => actor.permissions.has(name));
}
