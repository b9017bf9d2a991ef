import { Link } from '@remix-run/react';
import { Button } from '~/components/ui/button';
import { PencilIcon, Trash2Icon } from '~/components/ui/icons';
import type { PaperRow } from '~/lib/course-papers';

/** A row's own controls, each a button in the tab order: edit (a dialog opened by the address), delete (the list's confirmation). */
export function PaperActions({ row, editTo, onDelete }: { row: PaperRow; editTo: string; onDelete: () => void }) {
  return (
    <div className="flex justify-end gap-1">
      <Button asChild variant="ghost" size="icon" className="size-8">
        <Link to={editTo} preventScrollReset aria-label={`Edit ${row.title}`}>
          <PencilIcon aria-hidden="true" />
        </Link>
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-8 text-destructive hover:text-destructive"
        aria-label={`Delete ${row.title}`}
        onClick={onDelete}
      >
        <Trash2Icon aria-hidden="true" />
      </Button>
    </div>
  );
}
