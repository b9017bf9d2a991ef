import { useFetcher } from '@remix-run/react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { AlertDialogCancel, AlertDialogFooter, ConfirmDialog } from '~/components/ui/alert-dialog';
import { Button } from '~/components/ui/button';
import { useFetcherOutcome } from './use-fetcher-outcome';

const DELETE_FETCHER = 'user-delete';

/** Asks before deleting a user; the screen's action deletes and redirects back with its toast. */
export function DeleteUserDialog({ user, onClose }: { user: { _id: string; name: string; email: string } | null; onClose: () => void }) {
  const fetcher = useFetcher({ key: DELETE_FETCHER });
  const busy = fetcher.state !== 'idle';
  const sent = useFetcherOutcome(fetcher, onClose);
  return (
    <ConfirmDialog
      open={user !== null}
      onOpenChange={(open) => !open && !busy && onClose()}
      title="Delete user?"
      description={user ? `${user.name} (${user.email}) will be removed and signed out everywhere. This cannot be undone.` : null}
    >
      <fetcher.Form method="post" preventScrollReset onSubmit={sent}>
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="user.delete" />
        <input type="hidden" name="userId" value={user?._id ?? ''} />
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
          <Button type="submit" variant="destructive" disabled={busy}>
            {busy ? 'Deleting...' : 'Delete'}
          </Button>
        </AlertDialogFooter>
      </fetcher.Form>
    </ConfirmDialog>
  );
}
