import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { panelPaths } from '~/components/super-admin/panel-nav';
import { UserManagement } from '~/components/super-admin/user-management';
import { roleFilters, userMessages as messages } from '~/components/super-admin/user-management-model';
import { requireSuperAdmin } from '~/services/auth.server';
import { userScreenAction, userScreenLoader } from '~/services/user-management.server';

export const meta: MetaFunction = () => [{ title: 'User Management · Super Admin' }];

/** SPEC.md section 2.5: the role filter offers All, Super Admin, Admin and User. */
const SCREEN = { path: panelPaths.users, filterRoles: ['superadmin', 'admin', 'user'] } as const;
const ROLE_OPTIONS = roleFilters(SCREEN.filterRoles);

export const loader = userScreenLoader(SCREEN, requireSuperAdmin);
export const action = userScreenAction(SCREEN, requireSuperAdmin);

export default function UserManagementPage() {
  return (
    <UserManagement
      data={useLoaderData<typeof loader>()}
      basePath={SCREEN.path}
      title="User Management"
      description="Add, edit, activate and remove the accounts of the institute."
      roleOptions={ROLE_OPTIONS}
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
