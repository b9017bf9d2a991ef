import { z } from 'zod';

/**
 * A list's view lives in its address: search, filters, sort, page and page size, so a reload or
 * a shared link shows the same rows. This module reads and writes that address for any list;
 * a resource names its sort fields and its filters (see record-query.ts).
 */

export type SortOrder = 'asc' | 'desc';

export const pageSizes = [10, 20, 50, 100] as const;
export const defaultPageSize = 20;

/** What every list's address holds; a resource adds its filters as more string parameters. */
export interface BaseQuery<Sort extends string = string> {
  search: string;
  sort: Sort;
  order: SortOrder;
  page: number;
  limit: number;
  /** The row whose details are open, if any. */
  view: string;
}

export type ListQuery<Sort extends string = string, Filter extends string = never> = BaseQuery<Sort> & Record<Filter, string>;

export interface QueryDefaults<Sort extends string = string> {
  sort: Sort;
  order: SortOrder;
}

/** A choice of a select filter. */
export interface Option {
  value: string;
  label: string;
}

/** A free-text parameter: trimmed, and empty when too long. */
export const textParam = (max = 100) => z.string().trim().max(max).catch('');
/** A day as a date input sends it (yyyy-mm-dd), else empty. */
export const dayParam = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .catch('');
/** One of a few values, else empty (meaning either or any). */
export const choiceParam = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(['', ...values]).catch('');

const baseKeys = new Set(['search', 'sort', 'order', 'page', 'limit', 'view']);

/** Names and numbers read A→Z, 1→9; dates newest first. */
export function naturalOrder(field: string): SortOrder {
  return /(At|Date)$/.test(field) ? 'desc' : 'asc';
}

/**
 * The parser of one resource's list address. Anything malformed falls back to its default
 * rather than failing, since addresses are typed, pasted and bookmarked by people.
 */
export function listQueryParser<Sort extends string, Filters extends Record<string, z.ZodType<string, z.ZodTypeDef, unknown>>>({
  sorts,
  filters,
}: {
  sorts: readonly [Sort, ...Sort[]];
  filters: Filters;
}) {
  const schema = z.object({
    search: textParam(100),
    ...filters,
    sort: z.enum(sorts).optional().catch(undefined),
    order: z.enum(['asc', 'desc']).optional().catch(undefined),
    page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
    limit: z.coerce
      .number()
      .int()
      .refine((n) => (pageSizes as readonly number[]).includes(n))
      .catch(defaultPageSize),
    view: textParam(100),
  });
  const names = Object.keys(schema.shape);
  type Parsed = BaseQuery<Sort> & { [Name in keyof Filters]: z.output<Filters[Name]> };
  return (params: URLSearchParams, defaults: QueryDefaults<Sort>): Parsed => {
    const raw = Object.fromEntries(names.map((name) => [name, params.get(name) ?? undefined]));
    const parsed = schema.parse(raw) as Record<string, unknown> & { sort?: Sort; order?: SortOrder };
    const sort = parsed.sort ?? defaults.sort;
    // A sort picked without an order reads in its natural direction.
    const order = parsed.order ?? (parsed.sort ? naturalOrder(sort) : defaults.order);
    return { ...parsed, sort, order } as Parsed;
  };
}

/** True when a search or a filter narrows the list (the empty state says "no matches"). */
export function isNarrowed(query: BaseQuery): boolean {
  return Object.entries(query).some(([name, value]) => (name === 'search' || !baseKeys.has(name)) && value !== '');
}

/** The filter parameters of a query, all set to null: what "Clear filters" changes. */
export function clearedFilters(query: BaseQuery): Record<string, null> {
  return Object.fromEntries(
    Object.keys(query)
      .filter((name) => name === 'search' || !baseKeys.has(name))
      .map((name) => [name, null]),
  );
}

export type QueryChanges = Record<string, string | number | null | undefined>;

/**
 * The search string of the current view with some parameters changed (null removes one). Any
 * change other than the page itself goes back to page 1, and closes the open row unless `view`
 * is given; default values are left out.
 */
export function searchWith(query: BaseQuery, defaults: QueryDefaults, changes: QueryChanges): string {
  const next: Record<string, unknown> = { ...query };
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === undefined) delete next[name];
    else next[name] = value;
  }
  if (!('page' in changes)) next.page = 1;
  if (!('view' in changes)) delete next.view;
  // The view goes last, so the list's own parameters read the same with a row open or closed.
  const { view, ...rest } = next;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...rest, view })) {
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
export function nextSort<Sort extends string>(query: BaseQuery, field: Sort): { sort: Sort; order: SortOrder } {
  if (query.sort === field) return { sort: field, order: query.order === 'asc' ? 'desc' : 'asc' };
  return { sort: field, order: naturalOrder(field) };
}

/** The parameters of the view other than those a form sends itself, as hidden inputs keep them. */
export function keptParams(query: BaseQuery, defaults: QueryDefaults, sent: readonly string[]) {
  const search = searchWith(query, defaults, { page: query.page, view: null });
  const params = new URLSearchParams(search);
  for (const name of [...sent, 'page']) params.delete(name);
  return [...params.entries()];
}

/** Page numbers to offer: the first, the last, and two either side of the current one. */
export function pageWindow(page: number, totalPages: number): (number | 'gap')[] {
  const pages = new Set([1, totalPages, page - 2, page - 1, page, page + 1, page + 2]);
  const sorted = [...pages].filter((n) => n >= 1 && n <= totalPages).sort((a, b) => a - b);
  const result: (number | 'gap')[] = [];
  for (const n of sorted) {
    const last = result[result.length - 1];
    if (typeof last === 'number' && n - last === 2) result.push(last + 1);
    else if (typeof last === 'number' && n - last > 2) result.push('gap');
    result.push(n);
  }
  return result;
}

/**
 * The current address's search string with some parameters changed (null or '' removes one),
 * for lists whose parameters are not a parsed query (Pagination reads the page's own address).
 */
export function withParams(search: string, changes: QueryChanges): string {
  const params = new URLSearchParams(search);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === '') params.delete(name);
    else params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** An API's list query as a list's address gives it: blank filters left out, the kit's `sort` as the API's `sortBy`. */
export type ApiListQuery<Query extends { sort: string; order: SortOrder }> = {
  [Name in Exclude<keyof Query, 'sort' | 'order'>]: Exclude<Query[Name], ''> | undefined;
} & { sortBy: Query['sort']; order: SortOrder };

/** The API's query of a list's address, from the filters the API knows (the caller names them). */
export function apiListQuery<Query extends { sort: string; order: SortOrder } & Record<keyof Query, string>>({
  sort,
  order,
  ...filters
}: Query): ApiListQuery<Query> {
  const given = Object.fromEntries(Object.entries(filters).map(([name, value]) => [name, value === '' ? undefined : value]));
  return { ...given, sortBy: sort, order } as ApiListQuery<Query>;
}

/** What every list row needs: an id, a name for dialogs, and the version a delete sends back. */
export interface ListRow {
  _id: string;
  title: string;
  version: number;
}
