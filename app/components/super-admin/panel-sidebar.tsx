import { Form, NavLink } from '@remix-run/react';
import type * as React from 'react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { ShortcutKeys } from '~/components/shortcut-keys';
import { ThemeToggle } from '~/components/theme-toggle';
import { Button } from '~/components/ui/button';
import { cn } from '~/components/ui/cn';
import { LogOutIcon, PlusIcon, SearchIcon, ShieldIcon } from '~/components/ui/icons';
import { initialsOf } from '~/utils/format';
import type { PanelSection } from './panel-nav';

interface PanelSidebarProps {
  user: { name: string; email: string };
  sections: readonly PanelSection[];
  onAddForm: () => void;
  onOpenPalette: () => void;
  /** The open page's own part of the sidebar (the form editor's progress, Reset and Save), above the user. */
  tools?: React.ReactNode;
  className?: string;
}

const linkClassName = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center gap-2.5 rounded-md px-2.5 py-2 text-sm outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 [&_svg]:size-4 [&_svg]:shrink-0',
    isActive
      ? 'bg-sidebar-accent font-medium text-sidebar-accent-foreground [&_svg]:text-primary'
      : 'text-sidebar-foreground/80 hover:bg-sidebar-accent/70 hover:text-sidebar-accent-foreground [&_svg]:text-muted-foreground',
  );

/**
 * The panel's navigation (SPEC.md section 2.5): Administration and Form Types, Add New Form, the
 * open page's tools, the theme and Logout. The layout shows it fixed on the left from 1024 px and
 * in a sheet below.
 */
export function PanelSidebar({ user, sections, onAddForm, onOpenPalette, tools, className }: PanelSidebarProps) {
  return (
    <div data-slot="panel-sidebar" className={cn('flex h-full flex-col bg-sidebar text-sidebar-foreground', className)}>
      <div className="flex items-center gap-2.5 px-4 pt-4 pb-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
          <ShieldIcon aria-hidden="true" className="size-4.5" />
        </span>
        <span className="grid min-w-0 leading-tight">
          <span className="truncate font-semibold">Super Admin</span>
          <span className="truncate text-xs text-muted-foreground">Institute administration</span>
        </span>
      </div>

      <div className="px-3 pb-2">
        <button
          type="button"
          onClick={onOpenPalette}
          className="flex h-9 w-full items-center gap-2 rounded-md border border-sidebar-border bg-background px-2.5 text-sm text-muted-foreground shadow-xs outline-none transition-colors hover:bg-sidebar-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <SearchIcon aria-hidden="true" className="size-4" />
          <span className="flex-1 text-left">Search…</span>
          <ShortcutKeys keys="mod+k" />
        </button>
      </div>

      <nav aria-label="Super admin" className="flex-1 overflow-y-auto px-3 py-2">
        {sections.map((section) => {
          const headingId = `panel-nav-${section.title.toLowerCase().replace(/\s+/g, '-')}`;
          return (
            <section key={section.title} aria-labelledby={headingId} className="mb-4">
              <h2 id={headingId} className="px-2.5 pb-1.5 text-xs font-medium tracking-wide text-muted-foreground uppercase">
                {section.title}
              </h2>
              <ul className="grid gap-0.5">
                {section.links.map((link) => (
                  <li key={link.id}>
                    <NavLink to={link.href} className={linkClassName} prefetch="intent">
                      <link.icon aria-hidden="true" />
                      <span className="truncate">{link.label}</span>
                    </NavLink>
                  </li>
                ))}
                {section.title === 'Form Types' ? (
                  <li>
                    <button
                      type="button"
                      onClick={onAddForm}
                      className="flex w-full items-center gap-2.5 rounded-md px-2.5 py-2 text-sm text-primary outline-none transition-colors hover:bg-sidebar-accent/70 focus-visible:ring-[3px] focus-visible:ring-ring/50"
                    >
                      <PlusIcon aria-hidden="true" className="size-4" />
                      Add New Form
                    </button>
                  </li>
                ) : null}
              </ul>
            </section>
          );
        })}
      </nav>

      {tools}

      <div className="grid gap-2 border-t border-sidebar-border p-3">
        <div className="flex items-center gap-2.5 px-1">
          <span
            aria-hidden="true"
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary"
          >
            {initialsOf(user.name)}
          </span>
          <span className="grid min-w-0 flex-1 leading-tight">
            <span className="truncate text-sm font-medium">{user.name}</span>
            <span className="truncate text-xs text-muted-foreground">{user.email}</span>
          </span>
          <ThemeToggle />
        </div>
        <Form method="post" action="/logout">
          <AuthenticityTokenInput />
          <Button type="submit" variant="outline" className="w-full justify-start">
            <LogOutIcon aria-hidden="true" />
            Logout
          </Button>
        </Form>
      </div>
    </div>
  );
}
