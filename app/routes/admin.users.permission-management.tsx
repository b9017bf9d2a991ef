import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { PermissionManagement } from '~/components/super-admin/permission-management';
import { permissionMessages as messages, permissionScreenShouldRevalidate } from '~/components/super-admin/permission-management-model';
import { requireAdminRoute } from '~/services/auth.server';
import { loadPermissionScreen, runPermissionAction } from '~/services/permission-management.server';

export const meta: MetaFunction = () => [{ title: 'Permission Management' }];

/**
 * The permission editor in the admin area (PERMISSION_MANAGE or USERS_PERMISSION_MANAGEMENT): the
 * users the caller manages, and of the catalogue only what the caller holds (decision 011).
 */
const PATH = '/admin/users/permission-management';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAdminRoute(request, context);
  return loadPermissionScreen({ request, ...auth });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const auth = await requireAdminRoute(request, context);
  return runPermissionAction({ request, ...auth }, PATH);
}

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
