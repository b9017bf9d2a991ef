import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { KNOWN_ROLES } from '../../common/roles';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { UserManagement } from '~/components/super-admin/user-management';
import { roleFilters, userMessages as messages } from '~/components/super-admin/user-management-model';
import { requireAdminRoute } from '~/services/auth.server';
import { userScreenAction, userScreenLoader } from '~/services/user-management.server';

export const meta: MetaFunction = () => [{ title: 'All Users' }];

/**
 * The super admin's user management in the admin area (USER_MANAGE_ALL or USERS_MANAGE): every
 * account of the institute, and changes to those ranked below the caller that hold nothing the
 * caller lacks (decision 011).
 */
const SCREEN = { path: '/admin/users', filterRoles: KNOWN_ROLES } as const;
const ROLE_OPTIONS = roleFilters(SCREEN.filterRoles);

export const loader = userScreenLoader(SCREEN, requireAdminRoute);
export const action = userScreenAction(SCREEN, requireAdminRoute);

export default function AllUsersPage() {
  return (
    <UserManagement
      data={useLoaderData<typeof loader>()}
      basePath={SCREEN.path}
      title="All Users"
      description="Every account of the institute: add staff, change their details, activate or deactivate, and remove them."
      roleOptions={ROLE_OPTIONS}
      exportPath="/resources/users-export"
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title="All Users" fallback={messages.loadFailed} />;
}
