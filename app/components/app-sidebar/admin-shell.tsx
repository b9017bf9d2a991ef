import { useLocation } from '@remix-run/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { focusPageHeading } from '~/components/skip-link';
import { SidebarInset, SidebarProvider } from '~/components/ui/sidebar';
import { rememberRecent } from '~/hooks/use-recent';
import type { SessionUser } from '~/services/auth.server';
import { findAdminRoute, type CustomFormLink } from '~/lib/route-registry';
import { AdminCommandPalette, recentStorageKey } from './admin-command-palette';
import { AdminShortcuts } from './admin-shortcuts';
import { AppSidebar } from './app-sidebar';
import { AdminShellProvider } from './shell-context';
import { SiteHeader } from './site-header';

/** Pages the user opens become the palette's recent items (any way they got there). */
function useRecordVisits(userId: string) {
  const { pathname } = useLocation();
  useEffect(() => {
    const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const route = findAdminRoute(path);
    if (route && route.path === path) rememberRecent(recentStorageKey(userId), path);
  }, [pathname, userId]);
}

/**
 * After a move to another page, focus starts at its heading, as after a full page load it starts
 * at the top: the next Tab goes into the new content, not back through the sidebar. A change of
 * the query alone (filters, a details sheet) keeps focus where the user is working.
 */
function useFocusHeadingOnNavigation() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    focusPageHeading();
  }, [pathname]);
}

/**
 * The admin area around every screen: the sidebar (open or collapsed as the cookie says), the
 * header, the command palette, the keyboard shortcuts and the permission refresh.
 */
export function AdminShell({
  user,
  sidebarOpen,
  customForms,
  children,
}: {
  user: SessionUser;
  sidebarOpen: boolean;
  customForms: readonly CustomFormLink[];
  children: ReactNode;
}) {
  useRecordVisits(user.id);
  useFocusHeadingOnNavigation();
  return (
    <SidebarProvider defaultOpen={sidebarOpen}>
      <AdminShellProvider user={user} customForms={customForms}>
        <AppSidebar />
        <SidebarInset>
          <SiteHeader />
          <main id="main" className="flex flex-1 flex-col p-4 md:p-6">
            {children}
          </main>
        </SidebarInset>
        <AdminCommandPalette />
        <AdminShortcuts />
      </AdminShellProvider>
    </SidebarProvider>
  );
}
