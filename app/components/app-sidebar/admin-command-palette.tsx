import { useSubmit } from '@remix-run/react';
import {
  KeyboardIcon,
  LogOutIcon,
  MonitorIcon,
  MoonIcon,
  PanelLeftIcon,
  ReceiptTextIcon,
  RefreshCwIcon,
  SunIcon,
  UserPlusIcon,
} from 'lucide-react';
import { useMemo } from 'react';
import { useAuthenticityToken } from 'remix-utils/csrf/react';
import { CommandPalette, type PaletteItem } from '~/components/command-palette';
import { useTheme } from '~/components/theme-toggle';
import { useSidebar } from '~/components/ui/sidebar';
import { useThemeSwitch } from '~/hooks/use-theme-switch';
import { adminRoutes, canOpen, customFormLinks, openableRoutes, type CustomFormLink } from '~/services/route-registry';
import { routeIcons } from './route-icons';
import { useAdminShell } from './shell-context';

export const recentStorageKey = (userId: string) => `palette-recent:${userId}`;

function registryRoute(path: string) {
  return adminRoutes.find((route) => route.path === path);
}

/** Every page the user may open (ids are their paths), grouped by area as in the sidebar. */
export function routeItems(user: { role: string; permissions: readonly string[] }): PaletteItem[] {
  return openableRoutes(user).map((route) => ({
    id: route.path,
    label: route.title,
    group: route.group ?? 'Pages',
    icon: routeIcons[route.icon],
    keywords: route.keywords,
    shortcut: route.shortcut,
    href: route.path,
  }));
}

/** The pages of the custom forms the user fills in (ids apart from the registry's pages). */
export function customFormItems(user: { role: string; permissions: readonly string[] }, forms: readonly CustomFormLink[]): PaletteItem[] {
  return customFormLinks(user, forms).flatMap(({ formType, label, add, records }) => [
    { id: `custom-form:${add.path}`, label: add.title, group: 'Custom Forms', icon: routeIcons.FilePlus, keywords: ['form', formType, label], href: add.path },
    { id: `custom-form:${records.path}`, label: records.title, group: 'Custom Forms', icon: routeIcons.ClipboardList, keywords: ['records', 'list', formType, label], href: records.path },
  ]);
}

/** The admin area's palette: the user's pages and actions from the registry, and record search. */
export function AdminCommandPalette() {
  const { user, customForms, paletteOpen, setPaletteOpen, setShortcutsOpen, refreshPermissions } = useAdminShell();
  const { toggleSidebar } = useSidebar();
  const theme = useTheme();
  const switchTheme = useThemeSwitch();
  const submit = useSubmit();
  const csrf = useAuthenticityToken();

  const items = useMemo(() => {
    const actions: PaletteItem[] = [];
    const shortcut = (path: string, label: string, keywords: string[], icon: PaletteItem['icon']) => {
      const route = registryRoute(path);
      if (route && canOpen(route, user)) actions.push({ id: `action:${path}`, label, group: 'Actions', icon, keywords, href: path });
    };
    shortcut('/admin/students/add', 'Add student', ['new student', 'admission', 'enrol'], UserPlusIcon);
    shortcut('/admin/invoices/student/create', 'Create invoice for a student', ['new invoice', 'bill', 'fees'], ReceiptTextIcon);
    shortcut('/admin/invoices/branch/create', 'Create invoice for a branch', ['new invoice', 'bill'], ReceiptTextIcon);
    const count = user.permissions.length;
    actions.push(
      {
        id: 'action:refresh-permissions',
        label: 'Refresh permissions',
        description: `You have ${count} permission${count === 1 ? '' : 's'}`,
        group: 'Actions',
        icon: RefreshCwIcon,
        keywords: ['reload', 'access'],
        onSelect: refreshPermissions,
      },
      {
        id: 'action:toggle-sidebar',
        label: 'Toggle sidebar',
        group: 'Actions',
        icon: PanelLeftIcon,
        keywords: ['collapse', 'expand', 'menu'],
        shortcut: 'mod+b',
        onSelect: toggleSidebar,
      },
      {
        id: 'action:shortcuts',
        label: 'Show keyboard shortcuts',
        group: 'Actions',
        icon: KeyboardIcon,
        keywords: ['keys', 'help', 'hotkeys'],
        shortcut: '?',
        onSelect: () => setShortcutsOpen(true),
      },
      {
        id: 'action:logout',
        label: 'Log out',
        group: 'Actions',
        icon: LogOutIcon,
        keywords: ['sign out', 'exit'],
        onSelect: () => submit({ csrf }, { method: 'post', action: '/logout', replace: true }),
      },
    );
    const themes: PaletteItem[] = (
      [
        ['light', 'Light theme', SunIcon],
        ['dark', 'Dark theme', MoonIcon],
        ['system', 'System theme', MonitorIcon],
      ] as const
    ).map(([value, label, icon]) => ({
      id: `theme:${value}`,
      label: `Switch to ${label.toLowerCase()}`,
      description: value === theme ? 'Current theme' : undefined,
      group: 'Theme',
      icon,
      keywords: ['theme', 'appearance', 'colour', 'color', 'mode', value],
      onSelect: () => switchTheme(value),
    }));
    return [...routeItems(user), ...customFormItems(user, customForms), ...actions, ...themes];
  }, [user, customForms, theme, csrf, refreshPermissions, toggleSidebar, setShortcutsOpen, submit, switchTheme]);

  return (
    <CommandPalette
      items={items}
      open={paletteOpen}
      onOpenChange={setPaletteOpen}
      recentStorageKey={recentStorageKey(user.id)}
      searchUrl="/resources/palette-search"
      placeholder="Search pages, actions, students, users…"
    />
  );
}
