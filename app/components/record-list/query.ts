import { z } from 'zod';

/**
 * A list's view lives in its address: search, filters, sort, page and page size, so a reload or
 * a shared link shows the same rows. This module reads and writes that address on both sides.
 */

/** The columns the records API sorts by. */
export const sortFields = ['createdAt', 'title', 'admissionDate', 'registrationNo'] as const;
export type SortField = (typeof sortFields)[number];
export type SortOrder = 'asc' | 'desc';

export const pageSizes = [10, 20, 50, 100] as const;
export const defaultPageSize = 20;

/** The filters a screen may offer; `admission` is the pair admissionFrom/admissionTo. */
export type FilterName = 'branchId' | 'courseId' | 'active' | 'admission';

export interface ListQuery {
  search: string;
  branchId: string;
  courseId: string;
  /** '' means either. */
  active: '' | 'true' | 'false';
  admissionFrom: string;
  admissionTo: string;
  sort: SortField;
  order: SortOrder;
  page: number;
  limit: number;
  /** The record whose details are open, if any. */
  view: string;
}

export interface QueryDefaults {
  sort: SortField;
  order: SortOrder;
}

const text = (max: number) => z.string().trim().max(max).catch('');
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .catch('');

const schema = z.object({
  search: text(100),
  branchId: text(100),
  courseId: text(100),
  active: z.enum(['', 'true', 'false']).catch(''),
  admissionFrom: day,
  admissionTo: day,
  sort: z.enum(sortFields).optional().catch(undefined),
  order: z.enum(['asc', 'desc']).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  limit: z.coerce
    .number()
    .int()
    .refine((n) => (pageSizes as readonly number[]).includes(n))
    .catch(defaultPageSize),
  view: text(100),
});

const paramNames = Object.keys(schema.shape) as (keyof ListQuery)[];

/**
 * The view a URL asks for; anything malformed falls back to its default rather than failing,
 * since addresses are typed, pasted and bookmarked by people.
 */
export function parseListQuery(params: URLSearchParams, defaults: QueryDefaults): ListQuery {
  const raw = Object.fromEntries(paramNames.map((name) => [name, params.get(name) ?? undefined]));
  const parsed = schema.parse(raw);
  const sort = parsed.sort ?? defaults.sort;
  // A sort picked without an order reads best A→Z for names and numbers, newest first for dates.
  const order = parsed.order ?? (parsed.sort ? (sort === 'title' || sort === 'registrationNo' ? 'asc' : 'desc') : defaults.order);
  return { ...parsed, sort, order };
}

/** True when a search or a filter narrows the list (the empty state says "no matches"). */
export function isNarrowed(query: ListQuery): boolean {
  return Boolean(
    query.search || query.branchId || query.courseId || query.active || query.admissionFrom || query.admissionTo,
  );
}

type Changes = Partial<Record<keyof ListQuery, string | number | null>>;

/**
 * The search string of the current view with some parameters changed (null removes one). Any
 * change other than the page itself goes back to page 1; default values are left out.
 */
export function searchWith(query: ListQuery, defaults: QueryDefaults, changes: Changes): string {
  const next: Record<string, string | number> = { ...query };
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === undefined) delete next[name];
    else next[name] = value;
  }
  if (!('page' in changes)) next.page = 1;
  if (!('view' in changes)) delete next.view;
  const params = new URLSearchParams();
  for (const name of paramNames) {
    const value = next[name];
    if (value === undefined || value === '') continue;
    if (name === 'page' && Number(value) === 1) continue;
    if (name === 'limit' && Number(value) === defaultPageSize) continue;
    if (name === 'sort' && value === defaults.sort && next.order === defaults.order) continue;
    if (name === 'order' && value === defaults.order && next.sort === defaults.sort) continue;
    params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The next order when a column header is clicked: a new column starts at its natural order. */
export function nextSort(query: ListQuery, field: SortField): { sort: SortField; order: SortOrder } {
  if (query.sort === field) return { sort: field, order: query.order === 'asc' ? 'desc' : 'asc' };
  return { sort: field, order: field === 'title' || field === 'registrationNo' ? 'asc' : 'desc' };
}

/** The parameters of the view other than those a form sends itself, as hidden inputs keep them. */
export function keptParams(query: ListQuery, defaults: QueryDefaults, sent: readonly (keyof ListQuery)[]) {
  const search = searchWith(query, defaults, { page: query.page, view: null });
  const params = new URLSearchParams(search);
  for (const name of [...sent, 'page' as const]) params.delete(name);
  return [...params.entries()];
}
