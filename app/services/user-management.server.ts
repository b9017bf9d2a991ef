import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from '@remix-run/node';
import {
  readUserListQuery,
  userActionSchema,
  userListSearch,
  userMessages as messages,
  type UserListQuery,
  type UserFormReply,
} from '~/components/super-admin/user-management-model';
import { failureMessage } from './api.server';
import type { AuthedApi, SessionUser } from './auth.server';
import { readForm } from './forms.server';
import { redirectWithToast } from './toast.server';
import {
  createBranchUser,
  createUser,
  deleteUser,
  listBranchOptions,
  listBranchUsers,
  listUsers,
  setUserStatus,
  updateUser,
} from './users.server';

/**
 * A user-management screen's server half, the same for the super-admin panel's and the admin
 * area's: the list's loader and the four forms' action. The route signs the caller in and names
 * its screen; the API enforces who may manage whom (decision 011).
 */
export interface UserScreen {
  /** Where the screen lives: its forms post there and its filters stay there. */
  path: string;
  /** The roles its filter offers. */
  filterRoles: readonly string[];
  /**
   * Shows one branch's users and adds staff to it: the caller's own branch, or for institute
   * staff the one they pick (the first by name until they do).
   */
  oneBranch?: boolean;
}

interface Signed {
  request: Request;
  api: AuthedApi;
  headers: Headers;
}

/** How a screen signs its caller in: the super admin's panel, or an admin route's registry entry. */
export type ScreenGuard = (request: Request, context: AppLoadContext) => Promise<{ user: SessionUser; api: AuthedApi; headers: Headers }>;

/** A user screen's loader and action, behind its guard. */
export const userScreenLoader =
  (screen: UserScreen, guard: ScreenGuard) =>
  async ({ request, context }: LoaderFunctionArgs) =>
    loadUserScreen({ request, ...(await guard(request, context)) }, screen);
export const userScreenAction =
  (screen: UserScreen, guard: ScreenGuard) =>
  async ({ request, context }: ActionFunctionArgs) =>
    runUserAction({ request, ...(await guard(request, context)) }, screen);

/** What the users API is asked for a screen's search and filters: newest first, as the screens list them. */
export function userApiQuery(query: Pick<UserListQuery, 'search' | 'role' | 'status'>) {
  return {
    search: query.search || undefined,
    role: query.role === 'all' ? undefined : query.role,
    status: query.status === 'all' ? undefined : query.status,
    sortBy: 'createdAt',
    order: 'desc',
  } as const;
}

async function loadUserScreen({ request, api, headers, user }: Signed & { user: SessionUser }, screen: UserScreen) {
  const query = readUserListQuery(new URL(request.url), screen.filterRoles);
  const listQuery = { ...userApiQuery(query), page: query.page, limit: query.limit };
  // A screen of one branch needs the branches first, to know which one it shows.
  const [branches, everyone] = await Promise.all([listBranchOptions(api), screen.oneBranch ? null : listUsers(api, listQuery)]);
  const options = branches.ok ? branches.data : [];
  const branchId = screen.oneBranch
    ? (user.branchId ?? options.find((branch) => branch.id === query.branch)?.id ?? options[0]?.id ?? null)
    : null;
  const result = everyone ?? (branchId ? await listBranchUsers(api, branchId, listQuery) : null);
  const common = {
    query,
    branchId,
    branches: options,
    branchesError: branches.ok ? null : messages.branchesFailed,
    caller: { id: user._id, role: user.role, permissions: user.permissions },
  };
  if (!result) return data({ ...common, list: null, error: branches.ok ? messages.noBranch : messages.branchesFailed }, { headers });
  if (!result.ok) return data({ ...common, list: null, error: failureMessage(result, messages.loadFailed) }, { headers });
  // A page past the end (the last user of it was deleted): show the last one instead.
  if (result.data.totalPages > 0 && query.page > result.data.totalPages) {
    throw redirect(`${screen.path}${userListSearch(query, result.data.totalPages)}`, { headers });
  }
  return data({ ...common, list: result.data, error: null }, { headers });
}

async function runUserAction({ request, api, headers }: Signed, screen: UserScreen) {
  const { submission } = await readForm(request, userActionSchema);
  const back = `${screen.path}${userListSearch(readUserListQuery(new URL(request.url), screen.filterRoles))}`;
  if (submission.status !== 'success') {
    return data<UserFormReply>({ result: submission.reply({ hideFields: ['password'] }), toast: null }, { status: 400, headers });
  }
  const value = submission.value;

  if (value.intent === 'user.create' || value.intent === 'user.update') {
    const input = {
      name: value.name ?? '',
      email: value.email ?? '',
      phone: value.phone ?? '',
      role: value.role ?? '',
      status: value.status,
      branchId: value.branchId || null,
      password: value.password ?? '',
    };
    const creating = value.intent === 'user.create';
    const add = screen.oneBranch ? createBranchUser : createUser;
    const result = creating ? await add(api, input) : await updateUser(api, value.userId, input);
    if (!result.ok) {
      const message = failureMessage(result, creating ? messages.createFailed : messages.updateFailed);
      const fieldErrors = result.errors && Object.keys(result.errors).length ? result.errors : undefined;
      return data<UserFormReply>(
        {
          result: submission.reply({ formErrors: fieldErrors ? [] : [message], fieldErrors, hideFields: ['password'] }),
          toast: message,
        },
        { status: result.status >= 500 ? 500 : 400, headers },
      );
    }
    return redirectWithToast(back, { type: 'success', title: creating ? messages.created : messages.updated }, { headers });
  }

  const [result, done, failed] =
    value.intent === 'user.status'
      ? [await setUserStatus(api, value.userId, value.status), messages.statusUpdated, messages.statusFailed]
      : [await deleteUser(api, value.userId), messages.deleted, messages.deleteFailed];
  return redirectWithToast(back, result.ok ? { type: 'success', title: done } : { type: 'error', title: failureMessage(result, failed) }, {
    headers,
  });
}
