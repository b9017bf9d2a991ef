import { Form, Link, useActionData } from '@remix-run/react';
import { useMemo, useState } from 'react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { roleLabel } from '../../../common/roles';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { RotateCcwIcon, SaveIcon, ShieldCheckIcon, SquareCheckIcon, SquareIcon, TriangleAlertIcon } from '~/components/ui/icons';
import { Spinner } from '~/components/ui/spinner';
import { groupByCategory } from '~/machines/permission-editor.machine';
import { PermissionEditorActor, usePermissionEditorState } from './permission-editor-context';
import { permissionMessages, type CataloguePermission, type PermissionUser } from './permission-management-model';
import { PermissionChecklist } from './permission-checklist';
import { ReloadButton } from './reload-button';

interface PermissionEditorPanelProps {
  /** Null when the catalogue failed to load (`error` says why). */
  permissions: readonly CataloguePermission[] | null;
  error: string | null;
  onRetry: () => void;
  retrying: boolean;
  /** The user whose checklist is open, if any. */
  user: PermissionUser | undefined;
}

/** The open user's checklist: who they are, what is ticked, the action bar and the categories. */
export function PermissionEditorPanel({ permissions, error, onRetry, retrying, user }: PermissionEditorPanelProps) {
  return (
    <Card className="gap-0 py-0">
      {error || !permissions ? (
        <div role="alert" className="grid justify-items-center gap-3 px-6 py-16 text-center">
          <TriangleAlertIcon aria-hidden="true" className="size-8 text-destructive" />
          <p className="font-medium">{error ?? permissionMessages.loadPermissionsFailed}</p>
          <ReloadButton label="Retry" onClick={onRetry} busy={retrying} />
        </div>
      ) : !user ? (
        <div className="grid justify-items-center gap-2 px-6 py-20 text-center">
          <ShieldCheckIcon aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="font-medium">Select a user</p>
          <p className="max-w-sm text-sm text-muted-foreground">
            Choose someone from the list to see and change the permissions they hold.
          </p>
        </div>
      ) : (
        <PermissionForm permissions={permissions} user={user} />
      )}
    </Card>
  );
}

/**
 * The checklist as a form: with JavaScript the editor saves it through the route's action; without,
 * it posts as it is (its boxes are real checkboxes named `permissions`).
 */
function PermissionForm({ permissions, user }: { permissions: readonly CataloguePermission[]; user: PermissionUser }) {
  const editor = PermissionEditorActor.useActorRef();
  const { selected, dirty, saving, error } = usePermissionEditorState();
  const actionData = useActionData<{ error?: string }>();
  const groups = useMemo(() => groupByCategory(permissions), [permissions]);
  const catalogueIds = useMemo(() => permissions.map((permission) => permission._id), [permissions]);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const allCollapsed = collapsed.size === groups.length;
  const message = error ?? actionData?.error;

  return (
    <Form
      method="post"
      preventScrollReset
      onSubmit={(event) => {
        event.preventDefault();
        editor.send({ type: 'changes.save' });
      }}
      aria-label={`Permissions of ${user.name}`}
    >
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="permissions.save" />
      <input type="hidden" name="userId" value={user._id} />
      <div className="sticky top-14 z-10 grid gap-3 rounded-t-xl border-b bg-card/95 px-4 py-3 backdrop-blur lg:top-0 sm:px-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="flex flex-wrap items-center gap-2 font-semibold">
              <span className="truncate">{user.name}</span>
              <Badge variant="outline">{roleLabel(user.role)}</Badge>
              {dirty ? (
                <Badge variant="warning" role="status">
                  Unsaved changes
                </Badge>
              ) : null}
            </h2>
            <p className="truncate text-sm text-muted-foreground">
              {user.email}
              {user.branchName ? ` · ${user.branchName}` : ''}
            </p>
            <Link
              to={`/admin/users/access-changes?user=${encodeURIComponent(user._id)}`}
              className="text-sm font-medium text-primary hover:underline focus-visible:underline"
            >
              Access history
            </Link>
          </div>
          <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
            <span className="font-medium text-foreground">{selected.length}</span> of {catalogueIds.length} selected
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={saving || selected.length === catalogueIds.length}
            onClick={() => editor.send({ type: 'all.select', permissionIds: catalogueIds })}
          >
            <SquareCheckIcon aria-hidden="true" />
            Select All
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={saving || selected.length === 0}
            onClick={() => editor.send({ type: 'all.deselect' })}
          >
            <SquareIcon aria-hidden="true" />
            Deselect All
          </Button>
          <Button
            type="reset"
            variant="outline"
            size="sm"
            disabled={saving || !dirty}
            onClick={(event) => {
              event.preventDefault();
              editor.send({ type: 'changes.reset' });
            }}
          >
            <RotateCcwIcon aria-hidden="true" />
            Reset
          </Button>
          <Button type="submit" size="sm" className="sm:ml-auto" disabled={saving || !dirty}>
            {saving ? <Spinner aria-hidden="true" /> : <SaveIcon aria-hidden="true" />}
            {saving ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
        {user.role === 'superadmin' ? (
          <p className="text-sm text-muted-foreground">
            A super admin may do everything whatever is ticked here; the grants matter only if the role changes.
          </p>
        ) : null}
        {message ? (
          <p role="alert" className="text-sm text-destructive">
            {message}
          </p>
        ) : null}
      </div>
      <div className="p-4 sm:p-5">
        <div className="mb-3 flex justify-end">
          <Button
            type="button"
            variant="link"
            size="sm"
            className="h-auto px-0"
            onClick={() => setCollapsed(allCollapsed ? new Set() : new Set(groups.map((group) => group.category)))}
          >
            {allCollapsed ? 'Expand all' : 'Collapse all'}
          </Button>
        </div>
        <PermissionChecklist
          groups={groups}
          selected={selected}
          disabled={saving}
          collapsed={collapsed}
          onCollapsedChange={(category, fold) =>
            setCollapsed((current) => {
              const next = new Set(current);
              if (fold) next.add(category);
              else next.delete(category);
              return next;
            })
          }
          onToggle={(permissionId) => editor.send({ type: 'permission.toggle', permissionId })}
          onToggleCategory={(permissionIds) => editor.send({ type: 'category.toggle', permissionIds })}
        />
      </div>
    </Form>
  );
}
