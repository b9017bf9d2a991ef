import { useLocation, useMatches } from '@remix-run/react';
import { ShortcutKeys } from '~/components/shortcut-keys';
import { ThemeToggle } from '~/components/theme-toggle';
import { Button } from '~/components/ui/button';
import { ChevronRightIcon, KeyboardIcon, SearchIcon } from '~/components/ui/icons';
import { Separator } from '~/components/ui/separator';
import { SidebarTrigger } from '~/components/ui/sidebar';
import { Tooltip } from '~/components/ui/tooltip';
import { WalletBalanceBadge } from '~/components/wallet/wallet-balance-badge';
import { findAdminRoute } from '~/lib/route-registry';
import { useAdminShell } from './shell-context';

const OTHER_TITLES: Record<string, string> = {
  '/admin/access-denied': 'Access denied',
};

/**
 * A route module's `handle` for a page about one thing (a course, a form): the breadcrumb names
 * the thing instead of the registry's generic title.
 */
export interface BreadcrumbHandle<Data> {
  breadcrumb: (data: Data | undefined) => string | undefined;
}

function hasBreadcrumb(handle: unknown): handle is BreadcrumbHandle<unknown> {
  return typeof handle === 'object' && handle !== null && typeof (handle as BreadcrumbHandle<unknown>).breadcrumb === 'function';
}

/** The name the deepest matching route gives the page it shows, if it gives one. */
function usePageName() {
  const match = useMatches().at(-1);
  return match && hasBreadcrumb(match.handle) ? match.handle.breadcrumb(match.data) : undefined;
}

/** The bar above every admin screen: sidebar toggle, where you are, search and shortcuts. */
export function SiteHeader() {
  const { user, setPaletteOpen, setShortcutsOpen } = useAdminShell();
  const { pathname } = useLocation();
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const route = findAdminRoute(path);
  const pageName = usePageName();
  const title = OTHER_TITLES[path] ?? pageName ?? route?.title;
  // A group's own page (Settings in Settings) is not named twice.
  const group = OTHER_TITLES[path] || route?.group === title ? undefined : route?.group;

  return (
    <header
      data-slot="site-header"
      className="sticky top-0 z-20 flex h-14 shrink-0 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/80 md:px-4"
    >
      <SidebarTrigger className="-ml-1" />
      <Separator orientation="vertical" className="mx-1 data-[orientation=vertical]:h-4" />
      {title ? (
        <nav aria-label="Breadcrumb" className="min-w-0">
          <ol className="flex min-w-0 items-center gap-1.5 text-sm">
            {group ? (
              <li className="hidden items-center gap-1.5 text-muted-foreground sm:flex">
                {group}
                <ChevronRightIcon aria-hidden="true" className="size-3.5" />
              </li>
            ) : null}
            <li className="truncate font-medium" aria-current="page">
              {title}
            </li>
          </ol>
        </nav>
      ) : null}
      <div className="ml-auto flex items-center gap-1 md:gap-2">
        {user.walletEnabled && user.branchId ? <WalletBalanceBadge /> : null}
        <Button
          variant="outline"
          size="sm"
          onClick={() => setPaletteOpen(true)}
          className="text-muted-foreground max-md:size-8 max-md:px-0 md:w-56 md:justify-between"
          aria-keyshortcuts="Control+K Meta+K"
        >
          <span className="inline-flex items-center gap-2">
            <SearchIcon aria-hidden="true" />
            <span className="max-md:sr-only">Search…</span>
          </span>
          <ShortcutKeys keys="mod+k" className="max-md:hidden" />
        </Button>
        <Tooltip content="Keyboard shortcuts (?)">
          <Button variant="ghost" size="icon" className="size-8 max-sm:hidden" onClick={() => setShortcutsOpen(true)} aria-keyshortcuts="?">
            <KeyboardIcon aria-hidden="true" />
            <span className="sr-only">Keyboard shortcuts</span>
          </Button>
        </Tooltip>
        <ThemeToggle />
      </div>
    </header>
  );
}
