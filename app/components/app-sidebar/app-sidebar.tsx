import { Link, useLocation } from '@remix-run/react';
import { useEffect } from 'react';
import { GraduationCapIcon } from '~/components/ui/icons';
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
import { NavCustomForms, NavRoutes } from './nav-routes';
import { NavUser } from './nav-user';
import { useAdminShell } from './shell-context';

const ROLE_LABELS: Record<string, string> = {
  admin: 'Administrator',
  branch_admin: 'Branch administrator',
  branch_user: 'Branch staff',
  branch_operator: 'Branch operator',
  user: 'User',
};

/** The admin sidebar: the institute, the user's pages from the registry, the user menu. */
export function AppSidebar() {
  const { user, customForms } = useAdminShell();
  const { setOpenMobile } = useSidebar();
  const location = useLocation();
  const home = homeRouteFor(user)?.path ?? '/admin';
  const subtitle = user.branchName ?? ROLE_LABELS[user.role] ?? user.role;

  // On a phone the sheet gets out of the way once a page is chosen.
  useEffect(() => {
    setOpenMobile(false);
  }, [location.key, setOpenMobile]);

  return (
    <Sidebar collapsible="icon">
      <SidebarHeader>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton asChild size="lg" tooltip="Institute Admin">
              <Link to={home}>
                <span className="flex aspect-square size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
                  <GraduationCapIcon aria-hidden="true" className="size-4" />
                </span>
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
