import { Form } from '@remix-run/react';
import * as React from 'react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { AlertDialogCancel, AlertDialogFooter, ConfirmDialog } from '~/components/ui/alert-dialog';
import { Button } from '~/components/ui/button';
import { Spinner } from '~/components/ui/spinner';
import { useSubmittingIntent } from './use-list-navigation';
import type { ListRow } from '~/lib/list-query';

/**
 * Asks before deleting one record, then posts `intent=delete` to the route's action (which
 * answers with a toast). Closes itself once the post and the reload are done.
 */
export function DeleteDialog({
  target,
  typeLabel,
  onClose,
}: {
  target: ListRow | null;
  /** "Student", "Course"… */
  typeLabel: string;
  onClose: () => void;
}) {
  const deleting = useSubmittingIntent('delete');
  const wasDeleting = React.useRef(false);
  // The last target stays on screen while the dialog animates out.
  const [shown, setShown] = React.useState(target);
  if (target && target !== shown) setShown(target);

  React.useEffect(() => {
    if (wasDeleting.current && !deleting) onClose();
    wasDeleting.current = deleting;
  }, [deleting, onClose]);

  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => !open && !deleting && onClose()}
      title={`Delete ${typeLabel.toLowerCase()}?`}
      description={
        <>
          <span className="font-medium text-foreground">{shown?.title}</span> will be removed from every list. Its history stays in the log.
        </>
      }
    >
      <Form method="post" preventScrollReset className="grid gap-4">
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={shown?._id ?? ''} />
        <input type="hidden" name="version" value={shown?.version ?? ''} />
        <AlertDialogFooter>
          <AlertDialogCancel type="button" disabled={deleting}>
            Cancel
          </AlertDialogCancel>
          <Button type="submit" variant="destructive" disabled={deleting}>
            {deleting ? <Spinner aria-hidden /> : null}
            {deleting ? 'Deleting…' : 'Delete'}
          </Button>
        </AlertDialogFooter>
      </Form>
    </ConfirmDialog>
  );
}
