import { useSubmit } from '@remix-run/react';
import { useMemo } from 'react';
import { useAuthenticityToken } from 'remix-utils/csrf/react';
import type { PaletteDialogProps, PaletteItem } from '~/components/command-palette';
import { CommandPaletteDialog } from '~/components/command-palette-dialog';
import { PlusIcon, RefreshCwIcon, UserPlusIcon } from '~/components/ui/icons';
import { useSharedPaletteItems } from '~/hooks/use-shared-palette-items';
import { panelPaths, type PanelSection } from './panel-nav';

/**
 * The super admin panel's palette once opened: its pages, Add User, Add New Form and Sync
 * Permissions, and user search. Loaded with cmdk after hydration; the panel opens it.
 */
export function PanelPaletteDialog({
  sections,
  onAddForm,
  onShowShortcuts,
  ...palette
}: PaletteDialogProps & { sections: readonly PanelSection[]; onAddForm: () => void; onShowShortcuts: () => void }) {
  const submit = useSubmit();
  const csrf = useAuthenticityToken();
  const shared = useSharedPaletteItems(onShowShortcuts);

  const items = useMemo<PaletteItem[]>(
    () => [
      ...sections.flatMap((section) =>
        section.links.map((link) => ({
          id: link.id,
          label: link.label,
          group: section.title,
          icon: link.icon,
          href: link.href,
          keywords: link.keywords,
          shortcut: link.shortcut,
        })),
      ),
      {
        id: 'action:add-user',
        label: 'Add User',
        group: 'Actions',
        icon: UserPlusIcon,
        href: `${panelPaths.users}?add=1`,
        keywords: ['new user', 'create user'],
      },
      {
        id: 'action:add-form',
        label: 'Add New Form',
        group: 'Actions',
        icon: PlusIcon,
        keywords: ['custom form', 'create form'],
        onSelect: onAddForm,
      },
      {
        id: 'action:sync-permissions',
        label: 'Sync Permissions',
        group: 'Actions',
        icon: RefreshCwIcon,
        keywords: ['catalogue', 'synchronize'],
        onSelect: () => submit({ intent: 'permissions.sync', csrf }, { method: 'post', action: panelPaths.permissions }),
      },
      ...shared.actions,
      ...shared.themes,
    ],
    [sections, onAddForm, submit, csrf, shared],
  );

  return (
    <CommandPaletteDialog
      {...palette}
      items={items}
      recentStorageKey="super-admin-palette-recent"
      searchUrl="/resources/palette-search"
      placeholder="Search pages, actions and users…"
    />
  );
}
