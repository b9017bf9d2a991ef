import { Link, useLocation } from '@remix-run/react';
import { useEffect, useId, useRef } from 'react';
import {
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
} from '~/components/ui/sidebar';
import { customFormLinks, sidebarFor, type AdminRoute, type CustomFormLink } from '~/lib/route-registry';
import { routeIcons } from './route-icons';

/**
 * Brings a link into the middle of the sidebar's scrolled list when any of it is out of view, so
 * its group's label shows above it; a link already in view stays where the user sees it.
 */
function reveal(link: HTMLElement) {
  const list = link.closest('[data-sidebar="content"]');
  if (!list) return;
  const bounds = list.getBoundingClientRect();
  const box = link.getBoundingClientRect();
  if (box.top >= bounds.top && box.bottom <= bounds.bottom) return;
  link.scrollIntoView({ block: 'center' });
}

function RouteLink({ route, active }: { route: Pick<AdminRoute, 'path' | 'title' | 'icon'>; active: boolean }) {
  const Icon = routeIcons[route.icon];
  const link = useRef<HTMLAnchorElement>(null);
  // The sidebar is taller than a small screen: the page the user is on stays in view in it.
  useEffect(() => {
    if (active && link.current) reveal(link.current);
  }, [active]);
  return (
    <SidebarMenuItem>
      <SidebarMenuButton asChild isActive={active} tooltip={route.title}>
        <Link ref={link} to={route.path} aria-current={active ? 'page' : undefined}>
          <Icon aria-hidden="true" />
          <span>{route.title}</span>
        </Link>
      </SidebarMenuButton>
    </SidebarMenuItem>
  );
}

function LinkGroup({
  label,
  routes,
  current,
}: {
  label: string;
  routes: readonly Pick<AdminRoute, 'path' | 'title' | 'icon'>[];
  current: string;
}) {
  const labelId = useId();
  return (
    <SidebarGroup role="group" aria-labelledby={labelId}>
      <SidebarGroupLabel id={labelId}>{label}</SidebarGroupLabel>
      <SidebarGroupContent>
        <SidebarMenu>
          {routes.map((route) => (
            <RouteLink key={route.path} route={route} active={route.path === current} />
          ))}
        </SidebarMenu>
      </SidebarGroupContent>
    </SidebarGroup>
  );
}

/**
 * SPEC.md 2.3 for one user, from the registry: the standalone links, then each group with the
 * links the user holds a permission for; groups left empty are not shown.
 */
export function NavRoutes({ user }: { user: { role: string; permissions: readonly string[] } }) {
  const { standalone, groups } = sidebarFor(user);
  const { pathname } = useLocation();
  const current = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;

  if (standalone.length === 0 && groups.length === 0) {
    return (
      <p className="px-4 py-3 text-sm text-sidebar-foreground/70 group-data-[collapsible=icon]:hidden">
        No pages yet. Ask an administrator for access, then refresh your permissions.
      </p>
    );
  }

  return (
    <nav aria-label="Main">
      {standalone.length > 0 ? (
        <SidebarGroup>
          <SidebarGroupContent>
            <SidebarMenu>
              {standalone.map((route) => (
                <RouteLink key={route.path} route={route} active={route.path === current} />
              ))}
            </SidebarMenu>
          </SidebarGroupContent>
        </SidebarGroup>
      ) : null}
      {groups.map(({ group, routes }) => (
        <LinkGroup key={group} label={group} routes={routes} current={current} />
      ))}
    </nav>
  );
}

/**
 * The super admin's custom forms, for a user who fills them in: an add link and a records link
 * per form, in a navigation of their own beside the registry's.
 */
export function NavCustomForms({
  user,
  forms,
}: {
  user: { role: string; permissions: readonly string[] };
  forms: readonly CustomFormLink[];
}) {
  const { pathname } = useLocation();
  const links = customFormLinks(user, forms);
  if (links.length === 0) return null;
  const current = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const routes = links.flatMap(({ add, records }) => [
    { ...add, icon: 'FilePlus' as const },
    { ...records, icon: 'ClipboardList' as const },
  ]);
  return (
    <nav aria-label="Custom forms">
      <LinkGroup label="Custom Forms" routes={routes} current={current} />
    </nav>
  );
}
