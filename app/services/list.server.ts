import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { searchWith, type BaseQuery, type QueryDefaults } from '~/lib/list-query';
import { ifMatch, type ApiResult } from './api.server';
import { requireAdminRoute, type AuthedApi } from './auth.server';
import { readForm } from './forms.server';
import { redirectWithToast } from './toast.server';

/** What a list route's loader and action get once the user may open the route. */
export type ListAuth = Awaited<ReturnType<typeof requireAdminRoute>>;

/** One page as a list endpoint answers it, whatever it calls its rows. */
export interface ApiPage<Row> {
  rows: Row[];
  total: number;
  totalPages: number;
}

/**
 * A list route's loader: the route's guard, then `load` for the rows, answered with the
 * session's headers. `load` usually ends in loadListPage.
 */
export function listLoader<T>(load: (request: Request, auth: ListAuth) => Promise<T>) {
  return async ({ request, context }: LoaderFunctionArgs) => {
    const auth = await requireAdminRoute(request, context);
    return data(await load(request, auth), { headers: auth.headers });
  };
}

/**
 * One page of a list as its address asks for it. A search form sent without JavaScript names
 * every field, blank or not, and a page past the last (a shared link, or the last row of the
 * last page deleted) shows the last: both are redirects to the tidy address. An error of the API
 * goes to the route's ErrorBoundary with the API's message.
 */
export async function loadListPage<Query extends BaseQuery, Row>(
  request: Request,
  { headers }: { headers: Headers },
  {
    query,
    defaults,
    fetch,
  }: { query: Query; defaults: QueryDefaults<Query['sort']>; fetch: (query: Query) => Promise<ApiResult<ApiPage<Row>>> },
) {
  const url = new URL(request.url);
  const tidy = (page: number) => `${url.pathname}${searchWith(query, defaults, { page, view: query.view || null })}`;
  if ([...url.searchParams.values()].some((value) => value === '')) throw redirect(tidy(query.page), { headers });
  const answer = await fetch(query);
  if (!answer.ok) throw data({ message: answer.message }, { status: answer.status >= 400 ? answer.status : 500, headers });
  const { rows, total, totalPages } = answer.data;
  if (query.page > totalPages && totalPages > 0) throw redirect(tidy(totalPages), { headers });
  return { rows, total, page: query.page, limit: query.limit, totalPages, query, defaults };
}

const deleteSchema = z.object({
  intent: z.literal('delete'),
  id: z.string().min(1).max(100),
  /** The version the user saw: a row changed since then is not deleted (412). */
  version: z.coerce.number().int().min(1).optional(),
});

/**
 * The delete of a list or view screen: CSRF and the form checked, the API asked (with If-Match)
 * at `path(id)`, and the browser sent back to the list, or to `redirectTo`, with the API's
 * message as a toast.
 */
export async function deleteRow(
  request: Request,
  { api, headers }: { api: AuthedApi; headers: Headers },
  path: (id: string) => string,
  options: { redirectTo?: string } = {},
) {
  const { submission } = await readForm(request, deleteSchema);
  if (submission.status !== 'success') return data(submission.reply(), { status: 400, headers });
  const { id, version } = submission.value;

  const stay = new URL(request.url);
  stay.searchParams.delete('index');
  const here = `${stay.pathname}${stay.search}`;
  if (stay.searchParams.get('view') === id) stay.searchParams.delete('view');
  const back = options.redirectTo ?? `${stay.pathname}${stay.search}`;

  const result = await api.call<{ _id: string }>('DELETE', path(id), ifMatch(version));
  // A refused delete goes back to where the user was (the row is still there), with the reason.
  if (!result.ok) return redirectWithToast(here, { type: 'error', title: result.message }, { headers });
  return redirectWithToast(back, { type: 'success', title: result.message }, { headers });
}

/** A list route's action that deletes one row at `path(id)`. */
export function deleteAction(path: (id: string) => string) {
  return async ({ request, context }: ActionFunctionArgs) => deleteRow(request, await requireAdminRoute(request, context), path);
}
