import { and, asc, count, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { containing } from '../../db/like';
import { accessAuditUsers, accessChanges, permissions, records } from '../../db/schema';
import type { AccessChangeList, AccessChangeView, accessChangeListQuery } from '../../../common/contracts/access-changes';
import type { z } from 'zod';

type Query = z.output<typeof accessChangeListQuery>;

const changed = alias(accessAuditUsers, 'changed');
const by = alias(accessAuditUsers, 'by');

/** `branchId` confines the answer to the changes of one branch's users (a branch-scoped caller). */
export async function listAccessChanges(db: Executor, query: Query, branchId: string | null): Promise<AccessChangeList> {
  const pattern = query.search ? containing(query.search) : undefined;
  const filters = and(
    branchId === null ? undefined : eq(accessChanges.branchId, branchId),
    query.userId ? eq(accessChanges.userId, query.userId) : undefined,
    query.byId ? eq(accessChanges.actorId, query.byId) : undefined,
    query.kind ? eq(accessChanges.kind, query.kind) : undefined,
    query.from ? gte(accessChanges.occurredAt, query.from) : undefined,
    query.to ? lt(accessChanges.occurredAt, query.to) : undefined,
    query.permission
      ? sql`exists (select 1 from ${permissions} where ${permissions.name} = ${query.permission}
            and (${permissions.id} = any(${accessChanges.granted}) or ${permissions.id} = any(${accessChanges.removed})))`
      : undefined,
    pattern ? or(sql`${changed.name} ilike ${pattern}`, sql`${changed.email} ilike ${pattern}`) : undefined,
  );
  const direction = query.order === 'asc' ? asc : desc;
  const page = db
    .select({
      position: accessChanges.position,
      occurredAt: accessChanges.occurredAt,
      kind: accessChanges.kind,
      branchId: accessChanges.branchId,
      from: accessChanges.fromValue,
      to: accessChanges.toValue,
      granted: accessChanges.granted,
      removed: accessChanges.removed,
      userId: accessChanges.userId,
      userName: changed.name,
      userEmail: changed.email,
      userDeleted: changed.deleted,
      byId: accessChanges.actorId,
      byName: by.name,
      byEmail: by.email,
    })
    .from(accessChanges)
    .innerJoin(changed, eq(changed.userId, accessChanges.userId))
    .leftJoin(by, eq(by.userId, accessChanges.actorId))
    .where(filters)
    .orderBy(direction(accessChanges.position), asc(accessChanges.kind))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  // The changed user is joined for the search alone: the projection records a change only for a
  // user it holds, and keeps deleted users, so the join drops no row.
  const counting = db.select({ n: count() }).from(accessChanges).$dynamic();
  const [rows, [matching]] = await Promise.all([
    page,
    (pattern ? counting.innerJoin(changed, eq(changed.userId, accessChanges.userId)) : counting).where(filters),
  ]);

  const ids = [...new Set(rows.flatMap((row) => [...row.granted, ...row.removed]))];
  const names = new Map(
    ids.length
      ? (await db.select({ id: permissions.id, name: permissions.name }).from(permissions).where(inArray(permissions.id, ids))).map(
          (row) => [row.id, row.name] as const,
        )
      : [],
  );
  const branchIds = [...new Set(rows.flatMap((row) => (row.kind === 'branch' ? [row.from, row.to] : [])).filter((id) => id !== null))];
  const branchNames = new Map(
    branchIds.length
      ? (await db.select({ id: records.id, title: records.title }).from(records).where(inArray(records.id, branchIds))).map(
          (row) => [row.id, row.title] as const,
        )
      : [],
  );
  const side = (kind: string, value: string | null) => (kind === 'branch' && value !== null ? (branchNames.get(value) ?? value) : value);
  const named = (list: string[]) => list.map((id) => ({ id, name: names.get(id) ?? id })).sort((a, b) => a.name.localeCompare(b.name));

  const total = Number(matching?.n ?? 0);
  return {
    changes: rows.map((row): AccessChangeView => ({
      id: `${row.position}-${row.kind}`,
      at: new Date(row.occurredAt).toISOString(),
      kind: row.kind as AccessChangeView['kind'],
      user: { id: row.userId, name: row.userName, email: row.userEmail, deleted: row.userDeleted },
      by: row.byId && row.byName !== null ? { id: row.byId, name: row.byName, email: row.byEmail ?? '' } : null,
      branchId: row.branchId,
      from: side(row.kind, row.from),
      to: side(row.kind, row.to),
      granted: named(row.granted),
      removed: named(row.removed),
    })),
    total,
    page: query.page,
    limit: query.limit,
    totalPages: Math.ceil(total / query.limit),
  };
}
