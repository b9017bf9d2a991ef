import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { refusalToManage } from '../../common/roles';
import {
  permissionActionSchema,
  permissionMessages as messages,
  readPartOf,
  type CataloguePart,
  type PeoplePart,
} from '~/components/super-admin/permission-management-model';
import { failureMessage } from './api.server';
import type { AuthedApi, SessionUser } from './auth.server';
import { readForm } from './forms.server';
import { describeSync, loadCatalogue, syncPermissions } from './permissions.server';
import { redirectWithToast } from './toast.server';
import type { ScreenGuard } from './user-management.server';
import { listEveryUser, setUserPermissions } from './users.server';

/**
 * A permission-management screen's server half, the same for the super-admin panel's and the
 * admin area's: its two parts (the catalogue, the people) and its two forms (save a user's
 * grants, sync the catalogue). Anyone but a super admin sees only the users they may manage,
 * never themselves, and only the permissions they hold: all they may grant (decision 011).
 */

interface Signed {
  request: Request;
  api: AuthedApi;
  headers: Headers;
}

/** The catalogue, or what of it the caller may grant. */
async function readCatalogue(api: AuthedApi, caller: SessionUser): Promise<CataloguePart> {
  const catalogue = await loadCatalogue(api);
  if (!catalogue.ok) return { permissions: null, error: messages.loadPermissionsFailed };
  const held = new Set(caller.permissions);
  const grantable = caller.role === 'superadmin' ? catalogue.data : catalogue.data.filter((permission) => held.has(permission.name));
  return { permissions: grantable, error: null };
}

/** The users the caller may change the grants of, with the ids of their grants, and the counts of the stat cards. */
async function readPeople(api: AuthedApi, caller: SessionUser): Promise<PeoplePart> {
  const everyone = await listEveryUser(api);
  if (!everyone.ok) return { users: null, stats: null, error: messages.loadUsersFailed };
  const superadmin = caller.role === 'superadmin';
  const manager = { id: caller._id, role: caller.role, permissions: new Set(caller.permissions) };
  const manageable = everyone.data.users.filter(
    (user) =>
      superadmin ||
      (user._id !== caller._id &&
        refusalToManage(manager, {
          id: user._id,
          role: user.role,
          permissions: user.permissions.map((permission) => permission.name),
        }) === null),
  );
  const users = manageable.map((user) => ({
    _id: user._id,
    name: user.name,
    email: user.email,
    role: user.role,
    status: user.status,
    branchName: user.branchName,
    permissionIds: user.permissions.map((permission) => permission._id),
  }));
  const stats = superadmin
    ? everyone.data.stats
    : {
        all: users.length,
        active: users.filter((user) => user.status === 'active').length,
        withPermissions: users.filter((user) => user.permissionIds.length > 0).length,
      };
  return { users, stats, error: null };
}

/** Both parts; `?part=catalogue` or `?part=users` reads one of them again, the other coming back null. */
async function loadPermissionScreen({ request, api, headers, user }: Signed & { user: SessionUser }) {
  const part = readPartOf(new URL(request.url));
  const [catalogue, people] = await Promise.all([
    part === 'users' ? null : readCatalogue(api, user),
    part === 'catalogue' ? null : readPeople(api, user),
  ]);
  return data({ catalogue, people }, { headers });
}

async function runPermissionAction({ request, api, headers }: Signed, path: string) {
  const { submission } = await readForm(request, permissionActionSchema);
  if (submission.status !== 'success') {
    return data({ error: messages.saveFailed }, { status: 400, headers });
  }
  const value = submission.value;
  if (value.intent === 'permissions.sync') {
    const result = await syncPermissions(api);
    return redirectWithToast(
      `${path}${new URL(request.url).search}`,
      result.ok
        ? { type: 'success', title: messages.syncDone, description: describeSync(result.data) }
        : { type: 'error', title: messages.syncFailed },
      { headers },
    );
  }
  const result = await setUserPermissions(api, value.userId, value.permissions);
  if (!result.ok) {
    return data({ error: failureMessage(result, messages.saveFailed) }, { status: result.status >= 500 ? 500 : 400, headers });
  }
  return redirectWithToast(
    `${path}?${new URLSearchParams({ user: value.userId })}`,
    { type: 'success', title: `Permissions updated for ${result.data.name}` },
    { headers },
  );
}

/** A permission screen's loader and action, behind its guard; its forms post back to `path`. */
export const permissionScreenLoader =
  (guard: ScreenGuard) =>
  async ({ request, context }: LoaderFunctionArgs) =>
    loadPermissionScreen({ request, ...(await guard(request, context)) });
export const permissionScreenAction =
  (path: string, guard: ScreenGuard) =>
  async ({ request, context }: ActionFunctionArgs) =>
    runPermissionAction({ request, ...(await guard(request, context)) }, path);
