import { useNavigate } from '@remix-run/react';
import { useMemo } from 'react';
import { ScreenShortcuts, type GoToShortcut } from '~/components/screen-shortcuts';
import { openableRoutes } from '~/lib/route-registry';
import { useAdminShell } from './shell-context';

/** The admin area's shortcuts: the registry's `g` sequences for the pages the user may open. */
export function AdminShortcuts() {
  const { user, shortcutsOpen, setShortcutsOpen } = useAdminShell();
  const navigate = useNavigate();
  const goTo = useMemo<GoToShortcut[]>(
    () =>
      openableRoutes(user)
        .filter((route) => route.shortcut)
        .map((route) => ({ keys: route.shortcut!, label: route.title, run: () => navigate(route.path) })),
    [user, navigate],
  );
  return <ScreenShortcuts open={shortcutsOpen} onOpenChange={setShortcutsOpen} goTo={goTo} sidebarToggle />;
}
