import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { KNOWN_ROLES } from '../../common/roles';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { panelPaths } from '~/components/super-admin/panel-nav';
import { UserManagement } from '~/components/super-admin/user-management';
import {
  readUserListQuery,
  roleFilters,
  userActionSchema,
  userListSearch,
  userMessages as messages,
  type UserFormReply,
} from '~/components/super-admin/user-management-model';
import { failureMessage } from '~/services/api.server';
import { requireSuperAdmin } from '~/services/auth.server';
import { readForm } from '~/services/forms.server';
import { redirectWithToast } from '~/services/toast.server';
import { createUser, deleteUser, listBranchOptions, listUsers, setUserStatus, updateUser } from '~/services/users.server';

export const meta: MetaFunction = () => [{ title: 'User Management · Super Admin' }];

const PATH = panelPaths.users;

/** SPEC.md section 2.5: the role filter offers All, Super Admin, Admin and User. */
const FILTER_ROLES = ['superadmin', 'admin', 'user'] as const;
const ROLE_OPTIONS = roleFilters(FILTER_ROLES);

// The list's query and the four forms (add, edit, status, delete) are `user-management-model`'s,
// shared with the screen's dialogs.

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api, headers } = await requireSuperAdmin(request, context);
  const query = readUserListQuery(new URL(request.url), FILTER_ROLES);
  const [result, branches] = await Promise.all([
    listUsers(api, {
      search: query.search || undefined,
      role: query.role === 'all' ? undefined : query.role,
      status: query.status === 'all' ? undefined : query.status,
      page: query.page,
      limit: query.limit,
      sortBy: 'createdAt',
      order: 'desc',
    }),
    listBranchOptions(api),
  ]);
  const common = {
    query,
    branches: branches.ok ? branches.data : [],
    branchesError: branches.ok ? null : messages.branchesFailed,
    currentUserId: user._id,
  };
  if (!result.ok) return data({ ...common, list: null, error: failureMessage(result, messages.loadFailed) }, { headers });
  // A page past the end (the last user of it was deleted): show the last one instead.
  if (result.data.totalPages > 0 && query.page > result.data.totalPages) {
    throw redirect(`${PATH}${userListSearch(query, result.data.totalPages)}`, { headers });
  }
  return data({ ...common, list: result.data, error: null }, { headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, headers } = await requireSuperAdmin(request, context);
  const { submission } = await readForm(request, userActionSchema);
  const back = `${PATH}${userListSearch(readUserListQuery(new URL(request.url), FILTER_ROLES))}`;
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
    const result = creating ? await createUser(api, input) : await updateUser(api, value.userId, input);
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

export default function UserManagementPage() {
  return (
    <UserManagement
      data={useLoaderData<typeof loader>()}
      basePath={PATH}
      title="User Management"
      description="Add, edit, activate and remove the accounts of the institute."
      roleOptions={ROLE_OPTIONS}
      assignableRoles={KNOWN_ROLES}
    />
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      title="User Management"
      back={{ href: '/admin/super-admin', label: 'Back to the Super Admin panel' }}
      fallback={messages.loadFailed}
    />
  );
}
