import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { permissions, records, userPermissions, users } from '../../db/schema';
import type { SessionUser } from '../../../common/contracts/auth';

/** The signed-in user as the client sees it (SPEC.md section 3, "Session user"). */
export async function loadSessionUser(db: Executor, userId: string): Promise<SessionUser | null> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      phone: users.phone,
      status: users.status,
      branchId: users.branchId,
      lastLoginAt: users.lastLoginAt,
      branchName: records.title,
      walletEnabled: records.walletEnabled,
      permissions: sql<string[]>`coalesce(
        (select array_agg(${permissions.name} order by ${permissions.name})
           from ${userPermissions} join ${permissions} on ${permissions.id} = ${userPermissions.permissionId}
          where ${userPermissions.userId} = ${users.id}),
        '{}')`,
    })
    .from(users)
    .leftJoin(records, eq(records.id, users.branchId))
    .where(eq(users.id, userId));
  if (!row) return null;
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    permissions: row.permissions,
    phone: row.phone,
    status: row.status,
    walletEnabled: row.walletEnabled ?? false,
    branchId: row.branchId,
    branchName: row.branchName ?? null,
    lastLogin: row.lastLoginAt?.toISOString() ?? null,
  };
}
