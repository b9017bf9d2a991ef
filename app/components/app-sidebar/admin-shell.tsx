import { useLocation } from '@remix-run/react';
import { useEffect, type ReactNode } from 'react';
import { SidebarInset, SidebarProvider } from '~/components/ui/sidebar';
import { adminRecentKey, rememberRecent } from '~/hooks/use-recent';
import type { SessionUser } from '~/services/auth.server';
import { findAdminRoute, type CustomFormLink } from '~/lib/route-registry';
import { AdminCommandPalette } from './admin-command-palette';
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
    if (route && route.path === path) rememberRecent(adminRecentKey(userId), path);
  }, [pathname, userId]);
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
