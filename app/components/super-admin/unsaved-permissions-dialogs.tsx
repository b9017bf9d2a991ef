import { useCallback } from 'react';
import { AlertDialogCancel, AlertDialogFooter, ConfirmDialog } from '~/components/ui/alert-dialog';
import { Button } from '~/components/ui/button';
import { LeaveGuard } from '~/components/leave-guard';
import { hasUnsavedChanges } from '~/machines/permission-editor.machine';
import { PermissionEditorActor, usePermissionEditorState } from './permission-editor-context';

/**
 * Choosing another user only changes `?user=`, which the editor itself guards, and signing out
 * is let go: leaving is going to another page.
 */
const toAnotherPage = ({ currentLocation, nextLocation }: { currentLocation: { pathname: string }; nextLocation: { pathname: string } }) =>
  currentLocation.pathname !== nextLocation.pathname && nextLocation.pathname !== '/logout';

interface UnsavedPermissionsDialogsProps {
  /** The name of the user whose checklist is open, and of the one asked for (while asking). */
  currentName: string | undefined;
  pendingName: string | undefined;
}

/**
 * What protects unsaved ticks: switching to another user asks first (the editor's
 * `confirmingSwitch`), and so does leaving the page for another one, or the tab.
 */
export function UnsavedPermissionsDialogs({ currentName, pendingName }: UnsavedPermissionsDialogsProps) {
  const editor = PermissionEditorActor.useActorRef();
  const { confirmingSwitch } = usePermissionEditorState();
  const unsaved = useCallback(() => hasUnsavedChanges(editor.getSnapshot().context), [editor]);
  const current = currentName ?? 'this user';

  return (
    <>
      <ConfirmDialog
        open={confirmingSwitch}
        onOpenChange={(open) => {
          if (!open && editor.getSnapshot().matches('confirmingSwitch')) editor.send({ type: 'switch.cancel' });
        }}
        title="Discard unsaved changes?"
        description={`The permissions of ${current} have changes that are not saved. Switch to ${pendingName ?? 'the other user'} and discard them?`}
      >
        <AlertDialogFooter>
          <AlertDialogCancel onClick={() => editor.send({ type: 'switch.cancel' })}>Keep editing</AlertDialogCancel>
          <Button variant="destructive" onClick={() => editor.send({ type: 'switch.confirm' })}>
            Discard changes
          </Button>
        </AlertDialogFooter>
      </ConfirmDialog>

      <LeaveGuard unsaved={unsaved} what={`the permissions of ${current}`} leaves={toAnotherPage} />
    </>
  );
}
