import { useBeforeUnload, useBlocker } from '@remix-run/react';
import { useCallback } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '~/components/ui/alert-dialog';
import { Button } from '~/components/ui/button';
import { hasUnsavedChanges } from '~/machines/permission-editor.machine';
import { PermissionEditorActor, usePermissionEditorState } from './permission-editor-context';

interface UnsavedPermissionsDialogsProps {
  /** The name of the user whose checklist is open, and of the one asked for (while asking). */
  currentName: string | undefined;
  pendingName: string | undefined;
}

/**
 * What protects unsaved ticks: switching to another user asks first (the editor's
 * `confirmingSwitch`), and so does leaving the page for another one, or the tab. Choosing another
 * user only changes `?user=`, which the editor itself guards, so the page's own address is let go.
 */
export function UnsavedPermissionsDialogs({ currentName, pendingName }: UnsavedPermissionsDialogsProps) {
  const editor = PermissionEditorActor.useActorRef();
  const { confirmingSwitch } = usePermissionEditorState();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasUnsavedChanges(editor.getSnapshot().context) &&
      currentLocation.pathname !== nextLocation.pathname &&
      nextLocation.pathname !== '/logout',
  );
  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (!hasUnsavedChanges(editor.getSnapshot().context)) return;
        event.preventDefault();
        // Older browsers show the prompt only when returnValue is set.
        event.returnValue = '';
      },
      [editor],
    ),
  );
  const current = currentName ?? 'this user';

  return (
    <>
      <AlertDialog
        open={confirmingSwitch}
        onOpenChange={(open) => {
          if (!open && editor.getSnapshot().matches('confirmingSwitch')) editor.send({ type: 'switch.cancel' });
        }}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Discard unsaved changes?</AlertDialogTitle>
            <AlertDialogDescription>
              The permissions of {current} have changes that are not saved. Switch to {pendingName ?? 'the other user'} and discard them?
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel onClick={() => editor.send({ type: 'switch.cancel' })}>Keep editing</AlertDialogCancel>
            <Button variant="destructive" onClick={() => editor.send({ type: 'switch.confirm' })}>
              Discard changes
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>

      <AlertDialog open={blocker.state === 'blocked'} onOpenChange={(open) => !open && blocker.reset?.()}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Leave without saving?</AlertDialogTitle>
            <AlertDialogDescription>The permissions of {current} have changes that are not saved.</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel onClick={() => blocker.reset?.()}>Stay</AlertDialogCancel>
            <Button variant="destructive" onClick={() => blocker.proceed?.()}>
              Leave
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
