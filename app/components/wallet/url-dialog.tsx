import { Link, useNavigate } from '@remix-run/react';
import type * as React from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { AlertDialog, AlertDialogContent, AlertDialogDescription, AlertDialogHeader, AlertDialogTitle } from '~/components/ui/alert-dialog';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '~/components/ui/dialog';

/**
 * A dialog opened by the page's address (`?edit=…`), so a link opens it, Back closes it and it
 * works without JavaScript: before hydration (or without scripts) it is a card in the page.
 * Closing navigates to `closeTo`.
 */
export function UrlDialog({
  open,
  closeTo,
  title,
  description,
  alert = false,
  children,
}: {
  open: boolean;
  closeTo: string;
  title: string;
  description?: React.ReactNode;
  /** A confirmation that interrupts (alertdialog): no closing by a click outside. */
  alert?: boolean;
  children: React.ReactNode;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  if (!open) return null;
  if (!hydrated) {
    return (
      <Card role="region" aria-label={title} className="border-primary/40">
        <CardHeader>
          <CardTitle>{title}</CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    );
  }
  const close = (next: boolean) => {
    if (!next) navigate(closeTo, { replace: true, preventScrollReset: true });
  };
  if (alert) {
    return (
      <AlertDialog open onOpenChange={close}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{title}</AlertDialogTitle>
            {description ? <AlertDialogDescription>{description}</AlertDialogDescription> : null}
          </AlertDialogHeader>
          {children}
        </AlertDialogContent>
      </AlertDialog>
    );
  }
  return (
    <Dialog open onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description ? <DialogDescription>{description}</DialogDescription> : null}
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/** A URL dialog's form buttons: Cancel goes back to `closeTo`, the submit button names the action. */
export function UrlDialogActions({
  closeTo,
  submitting,
  label,
  busyLabel,
  destructive = false,
  waitingLabel,
}: {
  closeTo: string;
  submitting: boolean;
  label: string;
  busyLabel: string;
  destructive?: boolean;
  /** Set while the form must not be sent yet (a file still uploading): what the button says meanwhile. */
  waitingLabel?: string;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button asChild variant="outline">
        <Link to={closeTo} replace preventScrollReset>
          Cancel
        </Link>
      </Button>
      <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={submitting || Boolean(waitingLabel)}>
        {submitting ? busyLabel : (waitingLabel ?? label)}
      </Button>
    </div>
  );
}
