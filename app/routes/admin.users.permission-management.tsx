import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { PermissionManagement } from '~/components/super-admin/permission-management';
import { permissionMessages as messages, permissionScreenShouldRevalidate } from '~/components/super-admin/permission-management-model';
import { requireAdminRoute } from '~/services/auth.server';
import { permissionScreenAction, permissionScreenLoader } from '~/services/permission-management.server';

export const meta: MetaFunction = () => [{ title: 'Permission Management' }];

/**
 * The permission editor in the admin area (PERMISSION_MANAGE or USERS_PERMISSION_MANAGEMENT): the
 * users the caller manages, and of the catalogue only what the caller holds (decision 011).
 */
const PATH = '/admin/users/permission-management';

export const loader = permissionScreenLoader(requireAdminRoute);
export const action = permissionScreenAction(PATH, requireAdminRoute);

export const shouldRevalidate = permissionScreenShouldRevalidate;

export default function AdminPermissionManagementPage() {
  return (
    <PermissionManagement
      data={useLoaderData<typeof loader>()}
      basePath={PATH}
      title="Permission Management"
      description="Choose a user you manage, tick what they may do of what you may do yourself, and save."
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title="Permission Management" fallback={messages.loadPermissionsFailed} />;
}
