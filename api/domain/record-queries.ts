import { and, asc, desc, eq, gte, ilike, inArray, isNull, lte, ne, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { valuesToFieldsData } from '../../common/forms/fields';
import type { Executor } from '../db/client';
import { compiledQuery } from '../db/compiled-query';
import { containing } from '../db/like';
import { readStream } from '../db/event-store';
import type { FieldValues } from './record-events';
import { dashboardRecords, formConfigs, records, users } from '../db/schema';
import {
  MAX_CHOICES,
  type HistoryEntry,
  type RecordChoice,
  type RecordList,
  type RecordSortField,
  type RecordView,
} from '../../common/contracts/dynamic-data';

export interface RecordListQuery {
  formType: string;
  search?: string;
  branchId?: string;
  courseId?: string;
  registered?: boolean;
  passout?: boolean;
  active?: boolean;
  admissionFrom?: string;
  admissionTo?: string;
  upcomingOn?: string;
  sort: RecordSortField;
  order: 'asc' | 'desc';
  page: number;
  limit: number;
}

const branch = alias(records, 'branch');
const course = alias(records, 'course');

const columns = {
  id: records.id,
  formType: records.formType,
  branchId: records.branchId,
  branchName: branch.title,
  title: records.title,
  code: records.code,
  courseId: records.courseId,
  courseName: course.title,
  registrationNo: records.registrationNo,
  rollNo: records.rollNo,
  isActive: records.isActive,
  isRegistered: records.isRegistered,
  completedCourse: records.completedCourse,
  walletEnabled: records.walletEnabled,
  admissionDate: records.admissionDate,
  fields: records.fields,
  version: records.version,
  createdAt: records.createdAt,
  updatedAt: records.updatedAt,
};

export type RecordRow = Awaited<ReturnType<typeof selectRecords>>[number];
type Row = RecordRow;

function view({ id, fields, createdAt, updatedAt, ...row }: Row): RecordView {
  return {
    _id: id,
    ...row,
    fieldsData: valuesToFieldsData(fields as FieldValues),
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}

function selectRecords(db: Executor) {
  return db
    .select(columns)
    .from(records)
    .leftJoin(branch, and(eq(branch.id, records.branchId), eq(branch.formType, 'branch')))
    .leftJoin(course, and(eq(course.id, records.courseId), eq(course.formType, 'course')));
}

/**
 * What a caller confined to a branch may read: their branch's records and the institute-wide
 * ones (courses, exams of no branch); of the branches, their own. Null scope reads everything.
 */
export function readableBy(scope: string | Placeholder | null): SQL | undefined {
  if (scope === null) return undefined;
  return or(
    and(eq(records.formType, 'branch'), eq(records.id, scope)),
    and(ne(records.formType, 'branch'), or(eq(records.branchId, scope), isNull(records.branchId))),
  );
}

/**
 * What a caller confined to a branch may change: their branch's records and, of the branches,
 * their own. The institute-wide records readableBy also lets them read are the institute's to
 * change. Null scope changes everything.
 */
function writableBy(scope: string | null): SQL | undefined {
  if (scope === null) return undefined;
  return or(and(eq(records.formType, 'branch'), eq(records.id, scope)), and(ne(records.formType, 'branch'), eq(records.branchId, scope)));
}

/** How far a caller reaches a record: they may change it, only read it, or neither. */
export type RecordReach = 'write' | 'read' | 'none';

/** The caller's reach of each row's record, as a column: writableBy, else readableBy, else none. */
export function reachOf(scope: string | null): SQL<RecordReach> {
  if (scope === null) return sql<RecordReach>`'write'`;
  return sql<RecordReach>`case when ${writableBy(scope)} then 'write' when ${readableBy(scope)} then 'read' else 'none' end`;
}

/** The query behind findRecord, also run as-is by the benchmark's bare baseline. */
export function recordQuery(db: Executor, id: string | Placeholder, scope: string | Placeholder | null) {
  return selectRecords(db).where(and(eq(records.id, id), readableBy(scope)));
}

// Building the record query was a fifth of the work of a request that opens one record.
const recordById = compiledQuery<typeof columns, Row>('record_by_id', columns, (db) => recordQuery(db, sql.placeholder('id'), null));
const recordByIdInScope = compiledQuery<typeof columns, Row>('record_by_id_in_scope', columns, (db) =>
  recordQuery(db, sql.placeholder('id'), sql.placeholder('scope')),
);

export async function findRecord(db: Executor, id: string, scope: string | null): Promise<RecordView | null> {
  const [row] = scope === null ? await recordById(db, { id }) : await recordByIdInScope(db, { id, scope });
  return row ? view(row) : null;
}

/** The stored values of a record, for a command that changes it, with the caller's reach of it. */
export async function recordState(db: Executor, id: string, scope: string | null) {
  const [row] = await db
    .select({
      id: records.id,
      formType: records.formType,
      branchId: records.branchId,
      fields: records.fields,
      version: records.version,
      reach: reachOf(scope),
    })
    .from(records)
    .where(eq(records.id, id));
  return row ? { ...row, fields: row.fields as FieldValues } : null;
}

const sortColumns = {
  createdAt: records.createdAt,
  title: records.title,
  admissionDate: records.admissionDate,
  registrationNo: records.registrationNo,
} as const;

/**
 * Exams with a subject dated on or after a day. The dashboard's projection keeps each exam's last
 * subject date, normalised, for its upcoming exams figure; reading the same column makes the list
 * that figure links to hold exactly the exams it counts.
 */
function upcomingOn(day: string) {
  return sql`exists (select 1 from ${dashboardRecords} where ${dashboardRecords.recordId} = ${records.id} and ${dashboardRecords.formType} = 'examResult' and ${dashboardRecords.lastDate} >= ${day})`;
}

/**
 * The two queries behind listRecords (the page and the total), also run as-is by the
 * benchmark's bare baseline.
 */
export function recordListQueries(db: Executor, query: RecordListQuery, scope: string | null) {
  const where = and(
    eq(records.formType, query.formType),
    readableBy(scope),
    query.search ? ilike(records.searchText, containing(query.search)) : undefined,
    query.branchId ? eq(records.branchId, query.branchId) : undefined,
    query.courseId ? eq(records.courseId, query.courseId) : undefined,
    query.registered !== undefined ? eq(records.isRegistered, query.registered) : undefined,
    query.passout !== undefined ? eq(records.completedCourse, query.passout) : undefined,
    query.active !== undefined ? eq(records.isActive, query.active) : undefined,
    query.admissionFrom ? gte(records.admissionDate, query.admissionFrom) : undefined,
    query.admissionTo ? lte(records.admissionDate, query.admissionTo) : undefined,
    query.upcomingOn ? upcomingOn(query.upcomingOn) : undefined,
  );
  const direction = query.order === 'asc' ? asc : desc;
  const sortColumn = sortColumns[query.sort];
  const nullsLast = query.sort === 'admissionDate' || query.sort === 'registrationNo';
  const ordering = [...(nullsLast ? [sql`${sortColumn} is null`] : []), direction(sortColumn), direction(records.id)];
  // A deep page skips its offset over ids alone (from an index where one fits), and only the
  // page's own rows are read whole and joined to their branch and course.
  const pageIds = db
    .select({ pageId: records.id })
    .from(records)
    .where(where)
    .orderBy(...ordering)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .as('page_ids');
  return {
    page: selectRecords(db)
      .innerJoin(pageIds, eq(records.id, pageIds.pageId))
      .orderBy(...ordering),
    total: db
      .select({ total: sql<number>`count(*)::int` })
      .from(records)
      .where(where),
  };
}

/**
 * Every record of a form type the caller can read, as id and title by title: the choices of a
 * filter or a select, without the values, counts or pages of a list.
 */
export async function listChoices(db: Executor, formType: string, scope: string | null): Promise<RecordChoice[]> {
  return db
    .select({ _id: records.id, title: records.title })
    .from(records)
    .where(and(eq(records.formType, formType), readableBy(scope)))
    .orderBy(asc(records.title), asc(records.id))
    .limit(MAX_CHOICES);
}

/** The records a list's query matches, whole, from `offset`: an export's batch. */
export function recordRows(
  db: Executor,
  query: Omit<RecordListQuery, 'page' | 'limit'>,
  scope: string | null,
  offset: number,
  limit: number,
) {
  return recordListQueries(db, { ...query, page: Math.floor(offset / limit) + 1, limit }, scope).page;
}

/** One page of a form type's records, searched, filtered and sorted, with the total count. */
export async function listRecords(db: Executor, query: RecordListQuery, scope: string | null): Promise<RecordList> {
  const queries = recordListQueries(db, query, scope);
  const [rows, [count]] = await Promise.all([queries.page, queries.total]);
  const total = count?.total ?? 0;
  return {
    records: rows.map(view),
    total,
    page: query.page,
    limit: query.limit,
    totalPages: Math.ceil(total / query.limit),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The record's events, oldest first, each with who made it and which values it changed. */
export async function recordHistory(db: Executor, id: string, formType: string): Promise<HistoryEntry[]> {
  const stored = await readStream(db, id);
  const actorIds = [...new Set(stored.map((e) => e.actorId).filter((a): a is string => a !== null))];
  const [names, [config]] = await Promise.all([
    actorIds.length ? db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, actorIds)) : Promise.resolve([]),
    db.select({ fields: formConfigs.fields }).from(formConfigs).where(eq(formConfigs.formType, formType)),
  ]);
  const nameOf = new Map(names.map((u) => [u.id, u.name]));
  const labelOf = new Map(((config?.fields ?? []) as { name: string; label: string }[]).map((f) => [f.name, f.label]));

  let previous: FieldValues = {};
  return stored.map((event) => {
    const fields = (event.data as { fields?: FieldValues }).fields ?? {};
    const next = event.type === 'RecordDeleted' ? {} : fields;
    const names = [...new Set([...Object.keys(previous), ...Object.keys(next)])];
    const changes = names
      .filter((name) => !same(previous[name], next[name]))
      .map((name) => ({ name, label: labelOf.get(name) ?? name, from: previous[name] ?? null, to: next[name] ?? null }));
    previous = next;
    return {
      version: event.version,
      // A record's stream holds nothing but these three events.
      type: event.type as HistoryEntry['type'],
      at: event.occurredAt.toISOString(),
      actorId: event.actorId,
      actorName: event.actorId ? (nameOf.get(event.actorId) ?? null) : null,
      changes,
    };
  });
}
