import { Link, useSubmit } from '@remix-run/react';
import { useAuthenticityToken } from 'remix-utils/csrf/react';
import { Kbd } from '~/components/shortcut-keys';
import { ThemeChoices } from '~/components/theme-menu';
import { THEMES, useTheme } from '~/components/theme-toggle';
import { cn } from '~/components/ui/cn';
import { TriggerProxy, type TriggerLink } from '~/components/ui/deferred-trigger';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuShortcut,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from '~/components/ui/dropdown-menu';
import {
  BadgeCheckIcon,
  BellIcon,
  CreditCardIcon,
  KeyboardIcon,
  KeyRoundIcon,
  LogOutIcon,
  MonitorIcon,
  RefreshCwIcon,
  SparklesIcon,
  type LucideIcon,
} from '~/components/ui/icons';
import { useSidebar } from '~/components/ui/sidebar';
import { toast } from '~/components/ui/toaster';
import { useThemeSwitch } from '~/hooks/use-theme-switch';
import type { Theme } from '~/services/theme.server';
import { Avatar, Identity } from './nav-user';
import { useAdminShell } from './shell-context';

const PLACEHOLDERS: ReadonlyArray<{ label: string; Icon: LucideIcon }> = [
  { label: 'Upgrade to Pro', Icon: SparklesIcon },
  { label: 'Account', Icon: BadgeCheckIcon },
  { label: 'Billing', Icon: CreditCardIcon },
  { label: 'Notifications', Icon: BellIcon },
];

/** The user menu's Radix part, loaded after hydration: its trigger is `NavUser`'s button. */
export function NavUserMenu({ link, open, onOpenChange }: { link: TriggerLink; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { isMobile } = useSidebar();
  const { user, refreshPermissions, refreshing, setShortcutsOpen } = useAdminShell();
  const submit = useSubmit();
  const csrf = useAuthenticityToken();
  const theme = useTheme();
  const switchTheme = useThemeSwitch();
  const count = user.permissions.length;
  const ThemeIcon = THEMES.find((entry) => entry.value === theme)?.Icon ?? MonitorIcon;

  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>
        <TriggerProxy link={link} />
      </DropdownMenuTrigger>
      <DropdownMenuContent
        className="w-(--radix-dropdown-menu-trigger-width) min-w-60 rounded-lg"
        side={isMobile ? 'bottom' : 'right'}
        align="end"
        sideOffset={4}
      >
        <DropdownMenuLabel className="p-0 font-normal">
          <div className="flex items-center gap-2 px-1 py-1.5">
            <Avatar name={user.name} />
            <Identity name={user.name} email={user.email} />
          </div>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          {PLACEHOLDERS.map(({ label, Icon }) => (
            <DropdownMenuItem key={label} onSelect={() => toast.info(`${label} is coming soon`)}>
              <Icon aria-hidden="true" />
              {label}
            </DropdownMenuItem>
          ))}
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          <DropdownMenuItem
            disabled={refreshing}
            onSelect={(event) => {
              // Stay open: the item shows the refresh under way and the new count.
              event.preventDefault();
              refreshPermissions();
            }}
          >
            <RefreshCwIcon aria-hidden="true" className={cn(refreshing && 'animate-spin motion-reduce:animate-none')} />
            {refreshing ? 'Refreshing...' : 'Refresh Permissions'}
            <DropdownMenuShortcut
              className="rounded-full bg-muted px-1.5 py-0.5 tracking-normal tabular-nums"
              aria-label={`${count} permission${count === 1 ? '' : 's'}`}
            >
              {count}
            </DropdownMenuShortcut>
          </DropdownMenuItem>
          <DropdownMenuSub>
            <DropdownMenuSubTrigger>
              <ThemeIcon aria-hidden="true" />
              Theme
            </DropdownMenuSubTrigger>
            <DropdownMenuSubContent className="min-w-36">
              <ThemeChoices theme={theme} onChoose={(value) => switchTheme(value as Theme)} />
            </DropdownMenuSubContent>
          </DropdownMenuSub>
          <DropdownMenuItem asChild>
            <Link to="/admin/account/password">
              <KeyRoundIcon aria-hidden="true" />
              Change password
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setShortcutsOpen(true)}>
            <KeyboardIcon aria-hidden="true" />
            Keyboard shortcuts
            <DropdownMenuShortcut>
              <Kbd>?</Kbd>
            </DropdownMenuShortcut>
          </DropdownMenuItem>
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => submit({ csrf }, { method: 'post', action: '/logout', replace: true })}>
          <LogOutIcon aria-hidden="true" />
          Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
