import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DashboardActivity } from '../../../common/contracts/dashboard';
import type { Executor } from '../../db/client';
import { dashboardActivity, dashboardRecords, users } from '../../db/schema';

const RECENT_ACTIVITY = 10;

/**
 * The latest changes to the areas given, of one branch or every one, with who made them.
 * A record's lines link to it only while it exists (the dashboard's own copy of the records it
 * counts says so); wallet lines point at entries that never go.
 */
export async function recentActivity(db: Executor, areas: string[], branchId: string | null): Promise<DashboardActivity[]> {
  if (areas.length === 0) return [];
  const rows = await db
    .select({
      position: dashboardActivity.position,
      area: dashboardActivity.area,
      action: dashboardActivity.action,
      title: dashboardActivity.title,
      recordId: sql<
        string | null
      >`case when ${dashboardActivity.area} = 'wallet' or ${dashboardRecords.recordId} is not null then ${dashboardActivity.recordId} end`,
      branchId: dashboardActivity.branchId,
      amount: dashboardActivity.amount,
      actorName: users.name,
      occurredAt: dashboardActivity.occurredAt,
    })
    .from(dashboardActivity)
    .leftJoin(users, eq(users.id, dashboardActivity.actorId))
    .leftJoin(dashboardRecords, eq(dashboardRecords.recordId, dashboardActivity.recordId))
    .where(and(inArray(dashboardActivity.area, areas), branchId === null ? undefined : eq(dashboardActivity.branchId, branchId)))
    .orderBy(desc(dashboardActivity.position))
    .limit(RECENT_ACTIVITY);
  return rows.map((row) => ({ ...row, branchId: row.branchId || null, occurredAt: row.occurredAt.toISOString() }));
}
