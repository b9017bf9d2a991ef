import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  courseCategoryStatusLabels,
  type CourseCategoryList,
  type CourseCategoryListQuery,
  type CourseCategoryStatus,
  type CourseCategoryView,
} from '../../../common/contracts/course-categories';
import { indianDay } from '../../../common/india-time';
import type { Executor } from '../../db/client';
import { courseCategories, records } from '../../db/schema';
import { inPages, type ExportTable } from '../../export/columns';

/** The course form keeps its category's id in this field (see common/forms/fields.ts). */
const courseCategoryOf = sql<string>`${records.fields}->>'category'`;

/**
 * How many course records use each of the given categories: counted for the rows at hand (a page
 * at most), so the category projection reads no other projection's table.
 */
export async function coursesUsing(db: Executor, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: courseCategoryOf, n: count() })
    .from(records)
    .where(and(eq(records.formType, 'course'), inArray(courseCategoryOf, ids)))
    .groupBy(courseCategoryOf);
  return new Map(rows.map((row) => [row.id, Number(row.n)]));
}

/** The category that holds this name, compared in any case, if one does. */
export async function nameHolder(db: Executor, name: string): Promise<string | null> {
  const [row] = await db
    .select({ id: courseCategories.id })
    .from(courseCategories)
    .where(sql`lower(${courseCategories.name}) = ${name.trim().toLowerCase()}`);
  return row?.id ?? null;
}

type CategoryRow = typeof courseCategories.$inferSelect;

async function toViews(db: Executor, rows: CategoryRow[]): Promise<CourseCategoryView[]> {
  const counts = await coursesUsing(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    status: row.status as CourseCategoryStatus,
    courseCount: counts.get(row.id) ?? 0,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export async function findCourseCategory(db: Executor, id: string): Promise<CourseCategoryView | null> {
  const rows = await db.select().from(courseCategories).where(eq(courseCategories.id, id));
  const [view] = await toViews(db, rows);
  return view ?? null;
}

type Filters = Omit<CourseCategoryListQuery, 'page' | 'limit'>;

function sortOrder(query: Filters): SQL[] {
  const direction = query.order === 'asc' ? asc : desc;
  const key = {
    name: sql`lower(${courseCategories.name})`,
    status: courseCategories.status,
    createdAt: courseCategories.createdAt,
    updatedAt: courseCategories.updatedAt,
  }[query.sortBy];
  return [direction(key), direction(courseCategories.id)];
}

function categoryFilter(query: Filters) {
  // strpos rather than LIKE: a search for "%" or "_" finds those characters, with no escaping.
  return and(
    query.search ? sql`strpos(lower(${courseCategories.name}), ${query.search.toLowerCase()}) > 0` : undefined,
    query.status ? eq(courseCategories.status, query.status) : undefined,
  );
}

/** The categories the filters match, in the list's order, a page of them, each with its courses counted. */
async function categoryPage(db: Executor, query: Filters, offset: number, limit: number): Promise<CourseCategoryView[]> {
  const rows = await db
    .select()
    .from(courseCategories)
    .where(categoryFilter(query))
    .orderBy(...sortOrder(query))
    .limit(limit)
    .offset(offset);
  return toViews(db, rows);
}

export async function listCourseCategories(db: Executor, query: CourseCategoryListQuery): Promise<CourseCategoryList> {
  const [categories, [matching]] = await Promise.all([
    categoryPage(db, query, (query.page - 1) * query.limit, query.limit),
    db.select({ n: count() }).from(courseCategories).where(categoryFilter(query)),
  ]);
  const total = Number(matching?.n ?? 0);
  return {
    categories,
    total,
    page: query.page,
    limit: query.limit,
    totalPages: Math.ceil(total / query.limit),
  };
}

/** Every category the list's filters match, in its order, as a file's rows, in the screen's words. */
export function courseCategoriesExport(db: Executor, query: Filters): ExportTable<CourseCategoryView> {
  return {
    fileName: (today) => `course-categories-${today}`,
    sheet: 'Course categories',
    columns: [
      { header: 'Name', value: (category) => category.name, width: 30 },
      { header: 'Status', value: (category) => courseCategoryStatusLabels[category.status] },
      { header: 'Courses', kind: 'count', value: (category) => category.courseCount },
      // India's day, as the screen shows it: one made just after midnight is that day's, not the day before in UTC.
      { header: 'Created', kind: 'date', value: (category) => indianDay(new Date(category.createdAt)) },
    ],
    rows: inPages((offset, limit) => categoryPage(db, query, offset, limit)),
  };
}

/** The active categories by name, as the options of the course form's category. */
export async function activeCourseCategories(db: Executor) {
  return db
    .select({ _id: courseCategories.id, name: courseCategories.name, status: courseCategories.status })
    .from(courseCategories)
    .where(eq(courseCategories.status, 'active'))
    .orderBy(asc(courseCategories.name));
}
