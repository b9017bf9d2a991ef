import { Link } from '@remix-run/react';
import { Button } from '~/components/ui/button';
import { PencilIcon, Trash2Icon } from '~/components/ui/icons';

/** A record's Delete and Edit buttons on its details, each only where the user may. */
export function RecordButtons({ editHref, onDelete }: { editHref?: string; onDelete?: () => void }) {
  return (
    <>
      {onDelete ? (
        <Button type="button" variant="outline" className="text-destructive" onClick={onDelete}>
          <Trash2Icon aria-hidden="true" />
          Delete
        </Button>
      ) : null}
      {editHref ? (
        <Button asChild>
          <Link to={editHref}>
            <PencilIcon aria-hidden="true" />
            Edit
          </Link>
        </Button>
      ) : null}
    </>
  );
}
