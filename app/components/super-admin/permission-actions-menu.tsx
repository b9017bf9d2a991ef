import { useId } from 'react';
import { Button } from '~/components/ui/button';
import { cn } from '~/components/ui/cn';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '~/components/ui/dropdown-menu';
import { ChevronDownIcon, KeyRoundIcon, RefreshCwIcon, RotateCwIcon, UsersIcon, type LucideIcon } from '~/components/ui/icons';

interface MenuAction {
  run: () => void;
  busy: boolean;
}

interface PermissionActionsMenuProps {
  refresh: MenuAction;
  reloadUsers: MenuAction;
  reloadPermissions: MenuAction;
  sync: MenuAction;
}

/** An item named by its title alone, its one line read as its description. */
function ActionItem({
  icon: Icon,
  title,
  description,
  action,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  action: MenuAction;
}) {
  const id = useId();
  return (
    <DropdownMenuItem
      disabled={action.busy}
      onSelect={action.run}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      className="items-start py-2"
    >
      <Icon aria-hidden="true" className={cn('mt-0.5', action.busy && 'animate-spin motion-reduce:animate-none')} />
      <span className="grid gap-0.5">
        <span id={`${id}-title`} className="font-medium">
          {title}
        </span>
        <span id={`${id}-description`} className="text-xs text-muted-foreground">
          {description}
        </span>
      </span>
    </DropdownMenuItem>
  );
}

/**
 * Permission Management's four ways of reading or rebuilding its data (SPEC.md section 2.5),
 * grouped in one menu so their difference shows: three read again what is stored, one changes
 * the catalogue. Each is a menu item named by its title (Refresh, Reload Users, Reload
 * Permissions, Sync Permissions); Radix gives the menu its keyboard (Enter, Space or ArrowDown
 * opens it, arrows and first letters move, Escape closes).
 */
export function PermissionActionsMenu({ refresh, reloadUsers, reloadPermissions, sync }: PermissionActionsMenuProps) {
  const busy = refresh.busy || reloadUsers.busy || reloadPermissions.busy || sync.busy;
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" className="data-[state=open]:bg-accent">
          <RefreshCwIcon aria-hidden="true" className={cn(busy && 'animate-spin motion-reduce:animate-none')} />
          Reload &amp; sync
          <ChevronDownIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80">
        <DropdownMenuGroup aria-labelledby="permission-actions-read">
          <DropdownMenuLabel id="permission-actions-read" className="text-xs font-normal text-muted-foreground">
            Read again what is stored
          </DropdownMenuLabel>
          <ActionItem
            icon={RotateCwIcon}
            title="Refresh"
            description="Everything: users, permissions and the open user's grants."
            action={refresh}
          />
          <ActionItem
            icon={UsersIcon}
            title="Reload Users"
            description="The user list only; the checklist keeps its ticks."
            action={reloadUsers}
          />
          <ActionItem
            icon={KeyRoundIcon}
            title="Reload Permissions"
            description="The permission catalogue only; the checklist keeps its ticks."
            action={reloadPermissions}
          />
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuGroup aria-labelledby="permission-actions-change">
          <DropdownMenuLabel id="permission-actions-change" className="text-xs font-normal text-muted-foreground">
            Change the catalogue
          </DropdownMenuLabel>
          <ActionItem
            icon={RefreshCwIcon}
            title="Sync Permissions"
            description="Add, update and remove permissions to match the app's own list."
            action={sync}
          />
        </DropdownMenuGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
