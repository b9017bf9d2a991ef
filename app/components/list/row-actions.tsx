import { Link } from '@remix-run/react';
import { Button } from '~/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '~/components/ui/dropdown-menu';
import { EyeIcon, MoreHorizontalIcon, PencilIcon, Trash2Icon } from '~/components/ui/icons';

/**
 * A row's menu: View, Edit, Delete (the last two only when permitted). Radix gives it the menu
 * keyboard: Enter or Space opens it, arrows move, Escape closes and returns focus.
 */
export function RowActions({
  label,
  viewHref,
  editHref,
  onDelete,
}: {
  /** The record's name, for the button's accessible name. */
  label: string;
  viewHref: string | { search: string };
  editHref?: string;
  onDelete?: () => void;
}) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-8 data-[state=open]:bg-accent" aria-label={`Actions for ${label}`}>
          <MoreHorizontalIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-40">
        <DropdownMenuLabel className="truncate text-xs font-normal text-muted-foreground">{label}</DropdownMenuLabel>
        <DropdownMenuItem asChild>
          <Link to={viewHref} preventScrollReset>
            <EyeIcon aria-hidden="true" />
            View
          </Link>
        </DropdownMenuItem>
        {editHref ? (
          <DropdownMenuItem asChild>
            <Link to={editHref}>
              <PencilIcon aria-hidden="true" />
              Edit
            </Link>
          </DropdownMenuItem>
        ) : null}
        {onDelete ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" onSelect={onDelete}>
              <Trash2Icon aria-hidden="true" />
              Delete
            </DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
