import { Link, useLocation } from '@remix-run/react';
import { useEffect } from 'react';
import { BrandMark } from '~/components/brand-mark';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarRail,
  useSidebar,
} from '~/components/ui/sidebar';
import { homeRouteFor } from '~/lib/route-registry';
import { roleLabel } from '../../../common/roles';
import { NavCustomForms, NavRoutes } from './nav-routes';
import { NavUser } from './nav-user';
import { useAdminShell } from './shell-context';

/** The admin sidebar: the institute, the user's pages from the registry, the user menu. */
export function AppSidebar() {
  const { user, customForms } = useAdminShell();
  const { setOpenMobile } = useSidebar();
  const location = useLocation();
  const home = homeRouteFor(user)?.path ?? '/admin';
  const subtitle = user.branchName ?? roleLabel(user.role);

  // On a phone the sheet gets out of the way once a page is chosen.
  useEffect(() => {
    setOpenMobile(false);
  }, [location.key, setOpenMobile]);

  return (
    // A landmark around all of it, the institute's link and the account menu included, so every
    // part of the page sits in one (on a phone the sheet is a dialog, which counts as one).
    <Sidebar collapsible="icon" role="complementary" aria-label="Sidebar">
      <SidebarHeader>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton asChild size="lg" tooltip="Institute Admin">
              <Link to={home}>
                <BrandMark />
                <span className="grid flex-1 text-left text-sm leading-tight">
                  <span className="truncate font-semibold">Institute Admin</span>
                  <span className="truncate text-xs text-muted-foreground">{subtitle}</span>
                </span>
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarHeader>
      <SidebarContent>
        <NavRoutes user={user} />
        <NavCustomForms user={user} forms={customForms} />
      </SidebarContent>
      <SidebarFooter className="border-t border-sidebar-border">
        <NavUser />
      </SidebarFooter>
      <SidebarRail />
    </Sidebar>
  );
}
