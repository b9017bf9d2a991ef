import { useNavigation, useSubmit } from '@remix-run/react';
import { useMemo, useRef, type RefObject } from 'react';
import { useAuthenticityToken } from 'remix-utils/csrf/react';
import { PermissionActionsMenu } from './permission-actions-menu';
import { PermissionEditorActor, PermissionEditorProvider, usePermissionEditorState } from './permission-editor-context';
import { PermissionEditorPanel } from './permission-editor-panel';
import type { PermissionPageData, PermissionUser } from './permission-management-model';
import { PermissionStatCards } from './permission-stat-cards';
import { PermissionUserList } from './permission-user-list';
import { UnsavedPermissionsDialogs } from './unsaved-permissions-dialogs';
import { usePermissionReads, type PermissionReads } from './use-permission-reads';

export interface PermissionManagementProps {
  /** What the screen's loader read (both parts). */
  data: PermissionPageData;
  /** The screen's path: its parts are read again from `basePath?part=…`. */
  basePath: string;
  title: string;
  description: string;
}

/**
 * A permission-management screen (SPEC.md sections 2.5 and 4): the stat cards, the user list,
 * the open user's checklist run by the permission editor, and the menu that reads the data again
 * or syncs the catalogue. Its forms post to the route that renders it, which answers
 * `permissionActionSchema`'s two intents.
 */
export function PermissionManagement({ data, basePath, title, description }: PermissionManagementProps) {
  const reads = usePermissionReads(basePath, data);
  const users = reads.people.users;
  const usersById = useMemo(() => new Map((users ?? []).map((user) => [user._id, user])), [users]);
  const checklistRef = useRef<HTMLDivElement>(null);

  return (
    <PermissionEditorProvider usersById={usersById} pageUsers={data.people?.users} scrollTarget={checklistRef}>
      <div className="grid gap-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
            <p className="mt-1 text-sm text-muted-foreground">{description}</p>
          </div>
          <ActionsMenu reads={reads} />
        </div>
        <PermissionStatCards stats={reads.people.stats} totalPermissions={reads.catalogue.permissions?.length ?? null} />
        <EditorLayout reads={reads} usersById={usersById} checklistRef={checklistRef} />
      </div>
    </PermissionEditorProvider>
  );
}

function ActionsMenu({ reads }: { reads: PermissionReads }) {
  const submit = useSubmit();
  const csrf = useAuthenticityToken();
  const navigation = useNavigation();
  const syncing = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'permissions.sync';
  return (
    <PermissionActionsMenu
      refresh={{ run: reads.refresh, busy: reads.refreshing }}
      reloadUsers={{ run: reads.reloadUsers, busy: reads.reloadingUsers }}
      reloadPermissions={{ run: reads.reloadCatalogue, busy: reads.reloadingCatalogue }}
      sync={{
        run: () => submit({ csrf, intent: 'permissions.sync' }, { method: 'post', preventScrollReset: true }),
        busy: syncing,
      }}
    />
  );
}

function EditorLayout({
  reads,
  usersById,
  checklistRef,
}: {
  reads: PermissionReads;
  usersById: ReadonlyMap<string, PermissionUser>;
  checklistRef: RefObject<HTMLDivElement>;
}) {
  const editor = PermissionEditorActor.useActorRef();
  const { userId, pendingUserId } = usePermissionEditorState();
  const currentUser = userId ? usersById.get(userId) : undefined;
  return (
    <>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <PermissionUserList
          users={reads.people.users}
          error={reads.people.error}
          onRetry={reads.reloadUsers}
          retrying={reads.reloadingUsers}
          selectedUserId={userId}
          onSelect={(user) => editor.send({ type: 'user.select', userId: user._id, permissionIds: user.permissionIds })}
        />
        <div ref={checklistRef} className="scroll-mt-20">
          <PermissionEditorPanel
            permissions={reads.catalogue.permissions}
            error={reads.catalogue.error}
            onRetry={reads.reloadCatalogue}
            retrying={reads.reloadingCatalogue}
            user={currentUser}
          />
        </div>
      </div>
      <UnsavedPermissionsDialogs
        currentName={currentUser?.name}
        pendingName={pendingUserId ? usersById.get(pendingUserId)?.name : undefined}
      />
    </>
  );
}
