import { useCallback, useMemo } from 'react';
import type { PaletteDialogProps, PaletteItem } from '~/components/command-palette';
import { CommandPaletteDialog } from '~/components/command-palette-dialog';
import { PanelLeftIcon, RefreshCwIcon } from '~/components/ui/icons';
import { useSidebar } from '~/components/ui/sidebar';
import { adminRecentKey } from '~/hooks/use-recent';
import { useSharedPaletteItems } from '~/hooks/use-shared-palette-items';
import { exportActionsFor, pageActionsFor } from '~/lib/palette-actions';
import { customFormLinks, openableRoutes, type CustomFormLink } from '~/lib/route-registry';
import { routeIcons } from './route-icons';
import { useAdminShell } from './shell-context';

/** Every page the user may open (ids are their paths), grouped by area as in the sidebar. */
function routeItems(user: { role: string; permissions: readonly string[] }): PaletteItem[] {
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
function customFormItems(user: { role: string; permissions: readonly string[] }, forms: readonly CustomFormLink[]): PaletteItem[] {
  return customFormLinks(user, forms).flatMap(({ formType, label, add, records }) => [
    {
      id: `custom-form:${add.path}`,
      label: add.title,
      group: 'Custom Forms',
      icon: routeIcons.FilePlus,
      keywords: ['form', formType, label],
      href: add.path,
    },
    {
      id: `custom-form:${records.path}`,
      label: records.title,
      group: 'Custom Forms',
      icon: routeIcons.ClipboardList,
      keywords: ['records', 'list', formType, label],
      href: records.path,
    },
  ]);
}

/**
 * The admin area's palette once opened: the user's pages and actions from the registry, and
 * record search. Loaded with cmdk after hydration; `AdminCommandPalette` opens it.
 */
export function AdminPaletteDialog(palette: PaletteDialogProps) {
  const { user, customForms, setShortcutsOpen, refreshPermissions } = useAdminShell();
  const { toggleSidebar } = useSidebar();
  const showShortcuts = useCallback(() => setShortcutsOpen(true), [setShortcutsOpen]);
  const shared = useSharedPaletteItems(showShortcuts);

  const items = useMemo(() => {
    const count = user.permissions.length;
    const actions: PaletteItem[] = [
      ...pageActionsFor(user).map((action) => ({
        id: action.id,
        label: action.label,
        group: 'Actions',
        icon: routeIcons[action.icon],
        keywords: action.keywords,
        href: `${action.path}${action.search ?? ''}`,
      })),
      // A file to save, not a page: the browser fetches it and stays where it is.
      ...exportActionsFor(user).map((action) => ({
        id: action.id,
        label: action.label,
        group: 'Actions',
        icon: routeIcons[action.icon],
        keywords: action.keywords,
        onSelect: () => window.location.assign(action.href),
      })),
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
      ...shared.actions,
    ];
    return [...routeItems(user), ...customFormItems(user, customForms), ...actions, ...shared.themes];
  }, [user, customForms, refreshPermissions, toggleSidebar, shared]);

  return (
    <CommandPaletteDialog
      {...palette}
      items={items}
      recentStorageKey={adminRecentKey(user.id)}
      searchUrl="/resources/palette-search"
      placeholder="Search pages, actions and students…"
    />
  );
}
