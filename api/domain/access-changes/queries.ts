import { and, asc, count, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { containing } from '../../db/like';
import { accessAuditUsers, accessChanges, permissions, records } from '../../db/schema';
import type { AccessChangeList, AccessChangeView, accessChangeListQuery } from '../../../common/contracts/access-changes';
import type { z } from 'zod';
import { accessChangeKindLabels, changeSides } from '../../../common/access-change-words';
import { roleLabel } from '../../../common/roles';
import { inPages, type ExportTable } from '../../export/columns';

type Query = z.output<typeof accessChangeListQuery>;

const changed = alias(accessAuditUsers, 'changed');
const by = alias(accessAuditUsers, 'by');

type Filters = Omit<Query, 'page' | 'limit'>;

/** `branchId` confines the changes to one branch's users (a branch-scoped caller). */
function changeFilters(query: Filters, branchId: string | null) {
  const pattern = query.search ? containing(query.search) : undefined;
  const where = and(
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
  return { where, searched: pattern !== undefined };
}

/** The changes `where` matches, by time in `order`, a page of them. */
function changeRows(db: Executor, where: SQL | undefined, order: Filters['order'], offset: number, limit: number) {
  const direction = order === 'asc' ? asc : desc;
  return db
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
    .where(where)
    .orderBy(direction(accessChanges.position), asc(accessChanges.kind))
    .limit(limit)
    .offset(offset);
}

type ChangeRow = Awaited<ReturnType<typeof changeRows>>[number];

/** The rows as the API shows them: permissions and branches by name. */
async function changeViews(db: Executor, rows: ChangeRow[]): Promise<AccessChangeView[]> {
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
  return rows.map((row) => ({
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
  }));
}

/** `branchId` confines the answer to the changes of one branch's users (a branch-scoped caller). */
export async function listAccessChanges(db: Executor, query: Query, branchId: string | null): Promise<AccessChangeList> {
  const { where, searched } = changeFilters(query, branchId);
  // The changed user is joined for the search alone: the projection records a change only for a
  // user it holds, and keeps deleted users, so the join drops no row.
  const counting = db.select({ n: count() }).from(accessChanges).$dynamic();
  const [rows, [matching]] = await Promise.all([
    changeRows(db, where, query.order, (query.page - 1) * query.limit, query.limit),
    (searched ? counting.innerJoin(changed, eq(changed.userId, accessChanges.userId)) : counting).where(where),
  ]);
  const total = Number(matching?.n ?? 0);
  return {
    changes: await changeViews(db, rows),
    total,
    page: query.page,
    limit: query.limit,
    totalPages: Math.ceil(total / query.limit),
  };
}

const permissionNames = (list: AccessChangeView['granted']) => list.map((permission) => permission.name).join(', ');

/** Every change the list's filters match, in its order, as a file's rows, in the screen's words. */
export function accessChangesExport(db: Executor, query: Filters, branchId: string | null): ExportTable<AccessChangeView> {
  const { where } = changeFilters(query, branchId);
  return {
    fileName: (today) => `access-changes-${today}`,
    sheet: 'Access changes',
    columns: [
      { header: 'When', kind: 'moment', value: (change) => change.at, width: 18 },
      { header: 'User', value: (change) => (change.user.deleted ? `${change.user.name} (deleted)` : change.user.name), width: 24 },
      { header: 'User email', value: (change) => change.user.email, width: 30 },
      { header: 'Change', value: (change) => accessChangeKindLabels[change.kind], width: 20 },
      { header: 'From', value: (change) => sidesOf(change).from, width: 18 },
      { header: 'To', value: (change) => sidesOf(change).to, width: 18 },
      { header: 'Permissions granted', value: (change) => permissionNames(change.granted), width: 40 },
      { header: 'Permissions removed', value: (change) => permissionNames(change.removed), width: 40 },
      { header: 'Changed by', value: (change) => change.by?.name ?? 'System', width: 24 },
      { header: 'Changed by email', value: (change) => change.by?.email ?? '', width: 30 },
    ],
    rows: inPages(async (offset, limit) => changeViews(db, await changeRows(db, where, query.order, offset, limit))),
  };
}

/** A change's from and to: the role an account was created with or deleted from is its to or from. */
function sidesOf(change: AccessChangeView): { from: string; to: string } {
  const sides = changeSides(change);
  if (sides) return sides;
  if (change.kind === 'created') return { from: '', to: roleLabel(change.to ?? '') };
  if (change.kind === 'deleted') return { from: roleLabel(change.from ?? ''), to: '' };
  return { from: '', to: '' };
}
