import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { branchStaffRoles } from '../../common/contracts/users';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { UserManagement } from '~/components/super-admin/user-management';
import { roleFilters, userMessages as messages } from '~/components/super-admin/user-management-model';
import { requireAdminRoute } from '~/services/auth.server';
import { userScreenAction, userScreenLoader } from '~/services/user-management.server';

export const meta: MetaFunction = () => [{ title: 'Branch Users' }];

/**
 * One branch's staff (BRANCH_USER_VIEW or USERS_BRANCH_MANAGEMENT): a branch admin sees and
 * manages their own branch's, institute staff pick a branch. New staff get a branch role.
 */
const SCREEN = { path: '/admin/users/branch-management', filterRoles: ['branch_admin', ...branchStaffRoles], oneBranch: true } as const;
const ROLE_OPTIONS = roleFilters(SCREEN.filterRoles);

export const loader = userScreenLoader(SCREEN, requireAdminRoute);
export const action = userScreenAction(SCREEN, requireAdminRoute);

export default function BranchUsersPage() {
  return (
    <UserManagement
      data={useLoaderData<typeof loader>()}
      basePath={SCREEN.path}
      title="Branch Users"
      description="The staff of a branch: add them, change their details, activate or deactivate, and remove them."
      roleOptions={ROLE_OPTIONS}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title="Branch Users" fallback={messages.loadFailed} />;
}
