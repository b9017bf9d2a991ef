import { useBeforeUnload, useBlocker } from '@remix-run/react';
import { useCallback } from 'react';
import { AlertDialogAction, AlertDialogCancel, AlertDialogFooter, ConfirmDialog } from '~/components/ui/alert-dialog';

type Move = { currentLocation: { pathname: string; search: string }; nextLocation: { pathname: string; search: string } };

/** Another page, or the same page with another query. */
const anotherAddress = ({ currentLocation, nextLocation }: Move) =>
  currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search;

/**
 * Asks before leaving an editor with unsaved changes: another page of the app (useBlocker), or
 * the tab itself (the browser's own prompt on unload). `unsaved` is read at the moment of leaving;
 * `leaves` says which moves count as leaving (an editor that keeps its own state in the query
 * lets those moves go).
 */
export function LeaveGuard({
  unsaved,
  what,
  leaves = anotherAddress,
}: {
  unsaved: () => boolean;
  /** What is lost, as the sentence names it: "the Student Form", "the permissions of Asha". */
  what: string;
  leaves?: (move: Move) => boolean;
}) {
  const blocker = useBlocker((move) => unsaved() && leaves(move));
  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (!unsaved()) return;
        event.preventDefault();
        // Older browsers show the prompt only when returnValue is set.
        event.returnValue = '';
      },
      [unsaved],
    ),
  );

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
      title="Leave without saving?"
      description={`The changes to ${what} are not saved yet. If you leave now, they are lost.`}
    >
      <AlertDialogFooter>
        <AlertDialogCancel>Stay and keep editing</AlertDialogCancel>
        <AlertDialogAction variant="destructive" onClick={() => blocker.proceed?.()}>
          Leave without saving
        </AlertDialogAction>
      </AlertDialogFooter>
    </ConfirmDialog>
  );
}
