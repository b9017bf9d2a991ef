import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { panelPaths } from '~/components/super-admin/panel-nav';
import { PermissionManagement } from '~/components/super-admin/permission-management';
import {
  permissionActionSchema,
  permissionMessages as messages,
  readPartOf,
  type CataloguePart,
  type PeoplePart,
} from '~/components/super-admin/permission-management-model';
import { failureMessage } from '~/services/api.server';
import { requireSuperAdmin, type AuthedApi } from '~/services/auth.server';
import { readForm } from '~/services/forms.server';
import { describeSync, loadCatalogue, syncPermissions } from '~/services/permissions.server';
import { redirectWithToast } from '~/services/toast.server';
import { listEveryUser, setUserPermissions } from '~/services/users.server';

export const meta: MetaFunction = () => [{ title: 'Permission Management · Super Admin' }];

const PATH = panelPaths.permissions;

// The screen's two forms (save a user's grants, sync the catalogue) are `permissionActionSchema`,
// shared with its parts.

/** The catalogue, synchronised first when it is empty. */
async function readCatalogue(api: AuthedApi): Promise<CataloguePart> {
  const catalogue = await loadCatalogue(api);
  return catalogue.ok ? { permissions: catalogue.data, error: null } : { permissions: null, error: messages.loadPermissionsFailed };
}

/** Every user with the ids of their grants, and the counts of the stat cards. */
async function readPeople(api: AuthedApi): Promise<PeoplePart> {
  const everyone = await listEveryUser(api);
  if (!everyone.ok) return { users: null, stats: null, error: messages.loadUsersFailed };
  const users = everyone.data.users.map((user) => ({
    _id: user._id,
    name: user.name,
    email: user.email,
    role: user.role,
    status: user.status,
    branchName: user.branchName,
    permissionIds: user.permissions.map((permission) => permission._id),
  }));
  return { users, stats: everyone.data.stats, error: null };
}

/** Both parts; `?part=catalogue` or `?part=users` reads one of them again, the other coming back null. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, headers } = await requireSuperAdmin(request, context);
  const part = readPartOf(new URL(request.url));
  const [catalogue, people] = await Promise.all([
    part === 'users' ? null : readCatalogue(api),
    part === 'catalogue' ? null : readPeople(api),
  ]);
  return data({ catalogue, people }, { headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, headers } = await requireSuperAdmin(request, context);
  const { submission } = await readForm(request, permissionActionSchema);
  if (submission.status !== 'success') {
    return data({ error: messages.saveFailed }, { status: 400, headers });
  }
  const value = submission.value;
  if (value.intent === 'permissions.sync') {
    const result = await syncPermissions(api);
    return redirectWithToast(
      `${PATH}${new URL(request.url).search}`,
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
    `${PATH}?${new URLSearchParams({ user: value.userId })}`,
    { type: 'success', title: `Permissions updated for ${result.data.name}` },
    { headers },
  );
}

/** Choosing another user only changes `?user=`: the lists on the page stay as they are. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname || currentUrl.search === nextUrl.search) {
    return defaultShouldRevalidate;
  }
  const withoutUser = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete('user');
    params.sort();
    return params.toString();
  };
  return withoutUser(currentUrl) === withoutUser(nextUrl) ? false : defaultShouldRevalidate;
};

export default function PermissionManagementPage() {
  return (
    <PermissionManagement
      data={useLoaderData<typeof loader>()}
      basePath={PATH}
      title="Permission Management"
      description="Choose a user, tick what they may do, and save."
    />
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      title="Permission Management"
      back={{ href: '/admin/super-admin', label: 'Back to the Super Admin panel' }}
      fallback={messages.loadPermissionsFailed}
    />
  );
}
