import { useSubmit } from '@remix-run/react';
import {
  BadgeCheckIcon,
  BellIcon,
  ChevronsUpDownIcon,
  CreditCardIcon,
  KeyboardIcon,
  LogOutIcon,
  MonitorIcon,
  MoonIcon,
  RefreshCwIcon,
  SparklesIcon,
  SunIcon,
  type LucideIcon,
} from 'lucide-react';
import { useAuthenticityToken } from 'remix-utils/csrf/react';
import { Kbd } from '~/components/shortcut-keys';
import { useTheme } from '~/components/theme-toggle';
import { cn } from '~/components/ui/cn';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuShortcut,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from '~/components/ui/dropdown-menu';
import { SidebarMenu, SidebarMenuButton, SidebarMenuItem, useSidebar } from '~/components/ui/sidebar';
import { toast } from '~/components/ui/toaster';
import { useThemeSwitch } from '~/hooks/use-theme-switch';
import type { Theme } from '~/services/theme.server';
import { initialsOf } from '~/utils/format';
import { useAdminShell } from './shell-context';

function Avatar({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-xs font-semibold text-primary',
        className,
      )}
    >
      {initialsOf(name)}
    </span>
  );
}

function Identity({ name, email }: { name: string; email: string }) {
  return (
    <span className="grid flex-1 text-left text-sm leading-tight">
      <span className="truncate font-medium">{name}</span>
      <span className="truncate text-xs text-muted-foreground">{email}</span>
    </span>
  );
}

const PLACEHOLDERS: ReadonlyArray<{ label: string; Icon: LucideIcon }> = [
  { label: 'Upgrade to Pro', Icon: SparklesIcon },
  { label: 'Account', Icon: BadgeCheckIcon },
  { label: 'Billing', Icon: CreditCardIcon },
  { label: 'Notifications', Icon: BellIcon },
];

const THEMES: ReadonlyArray<{ value: Theme; label: string; Icon: LucideIcon }> = [
  { value: 'light', label: 'Light', Icon: SunIcon },
  { value: 'dark', label: 'Dark', Icon: MoonIcon },
  { value: 'system', label: 'System', Icon: MonitorIcon },
];

/** The footer's user menu: who is signed in, the account items, permissions, theme, log out. */
export function NavUser() {
  const { isMobile } = useSidebar();
  const { user, refreshPermissions, refreshing, setShortcutsOpen } = useAdminShell();
  const submit = useSubmit();
  const csrf = useAuthenticityToken();
  const theme = useTheme();
  const switchTheme = useThemeSwitch();
  const count = user.permissions.length;
  const ThemeIcon = THEMES.find((entry) => entry.value === theme)?.Icon ?? MonitorIcon;

  return (
    <SidebarMenu>
      <SidebarMenuItem>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <SidebarMenuButton
              size="lg"
              aria-label={`Account menu for ${user.name}`}
              className="data-[state=open]:bg-sidebar-accent data-[state=open]:text-sidebar-accent-foreground"
            >
              <Avatar name={user.name} />
              <Identity name={user.name} email={user.email} />
              <ChevronsUpDownIcon aria-hidden="true" className="ml-auto size-4" />
            </SidebarMenuButton>
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
                  <DropdownMenuRadioGroup value={theme} onValueChange={(value) => switchTheme(value as Theme)}>
                    {THEMES.map(({ value, label, Icon }) => (
                      <DropdownMenuRadioItem key={value} value={value}>
                        <Icon aria-hidden="true" />
                        {label}
                      </DropdownMenuRadioItem>
                    ))}
                  </DropdownMenuRadioGroup>
                </DropdownMenuSubContent>
              </DropdownMenuSub>
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
      </SidebarMenuItem>
    </SidebarMenu>
  );
}
