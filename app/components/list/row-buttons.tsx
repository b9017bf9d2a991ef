import { Link } from '@remix-run/react';
import type * as React from 'react';
import { Button } from '~/components/ui/button';
import { PencilIcon, Trash2Icon } from '~/components/ui/icons';

/** A row's own controls, each an icon button in the tab order, at the row's end. */
export function RowButtons({ children }: { children: React.ReactNode }) {
  return <div className="flex justify-end gap-1">{children}</div>;
}

/** Opens the row's edit dialog, which the address names. */
export function RowEditLink({ to, label }: { to: string; label: string }) {
  return (
    <Button asChild variant="ghost" size="icon" className="size-8">
      <Link to={to} preventScrollReset aria-label={label}>
        <PencilIcon aria-hidden="true" />
      </Link>
    </Button>
  );
}

const deleteLook = 'size-8 text-destructive hover:text-destructive';

/** Opens the row's delete confirmation, which the address names (it works without JavaScript). */
export function RowDeleteLink({ to, label }: { to: string; label: string }) {
  return (
    <Button asChild variant="ghost" size="icon" className={deleteLook}>
      <Link to={to} preventScrollReset aria-label={label}>
        <Trash2Icon aria-hidden="true" />
      </Link>
    </Button>
  );
}

/** Asks the list to confirm the row's deletion. */
export function RowDeleteButton({ label, onDelete }: { label: string; onDelete: () => void }) {
  return (
    <Button type="button" variant="ghost" size="icon" className={deleteLook} aria-label={label} onClick={onDelete}>
      <Trash2Icon aria-hidden="true" />
    </Button>
  );
}
