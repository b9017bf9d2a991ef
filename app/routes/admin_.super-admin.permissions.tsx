import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { panelPaths } from '~/components/super-admin/panel-nav';
import { PermissionManagement } from '~/components/super-admin/permission-management';
import { permissionMessages as messages, permissionScreenShouldRevalidate } from '~/components/super-admin/permission-management-model';
import { requireSuperAdmin } from '~/services/auth.server';
import { permissionScreenAction, permissionScreenLoader } from '~/services/permission-management.server';

export const meta: MetaFunction = () => [{ title: 'Permission Management · Super Admin' }];

const PATH = panelPaths.permissions;

export const loader = permissionScreenLoader(requireSuperAdmin);
export const action = permissionScreenAction(PATH, requireSuperAdmin);

export const shouldRevalidate = permissionScreenShouldRevalidate;

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
