import { Slot } from 'radix-ui';
import { useState } from 'react';
import { lazyComponent, usePreloadWhenIdle } from '~/components/lazy-component';
import { cn } from '~/components/ui/cn';
import { useDeferredMenuTrigger } from '~/components/ui/deferred-trigger';
import { ChevronsUpDownIcon } from '~/components/ui/icons';
import { SidebarMenu, SidebarMenuButton, SidebarMenuItem } from '~/components/ui/sidebar';
import { initialsOf } from '~/utils/format';
import { useAdminShell } from './shell-context';

// Nothing of the menu shows until it is opened: Radix's menu loads after hydration.
const NavUserMenu = lazyComponent(() => import('./nav-user-menu').then((module) => module.NavUserMenu));

export function Avatar({ name, className }: { name: string; className?: string }) {
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

export function Identity({ name, email }: { name: string; email: string }) {
  return (
    <span className="grid flex-1 text-left text-sm leading-tight">
      <span className="truncate font-medium">{name}</span>
      <span className="truncate text-xs text-muted-foreground">{email}</span>
    </span>
  );
}

/** The footer's user menu: who is signed in, the account items, permissions, theme, log out. */
export function NavUser() {
  const { user } = useAdminShell();
  const [open, setOpen] = useState(false);
  const trigger = useDeferredMenuTrigger(open, setOpen, NavUserMenu.preload);
  usePreloadWhenIdle(NavUserMenu);

  return (
    <SidebarMenu>
      <SidebarMenuItem>
        <Slot.Root {...trigger.props}>
          <SidebarMenuButton size="lg" className="data-[state=open]:bg-sidebar-accent data-[state=open]:text-sidebar-accent-foreground">
            <Avatar name={user.name} />
            {/* Named by what it shows (WCAG 2.5.3: a voice user says the visible words). */}
            <span className="sr-only">Account menu for </span>
            <Identity name={user.name} email={user.email} />
            <ChevronsUpDownIcon aria-hidden="true" className="ml-auto size-4" />
          </SidebarMenuButton>
        </Slot.Root>
        <NavUserMenu link={trigger.link} open={open} onOpenChange={setOpen} />
      </SidebarMenuItem>
    </SidebarMenu>
  );
}
