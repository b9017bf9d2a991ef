import { useNavigate } from '@remix-run/react';
import { useMemo } from 'react';
import { ShortcutsDialog, type ShortcutSection } from '~/components/shortcuts-dialog';
import { isTypingTarget, useKeySequences, useWindowKeydown, type KeySequence } from '~/hooks/use-keyboard';
import { openableRoutes } from '~/services/route-registry';
import { useAdminShell } from './shell-context';

export const GENERAL_SHORTCUTS = [
  { keys: 'mod+k', label: 'Open the command palette' },
  { keys: 'mod+b', label: 'Collapse or expand the sidebar' },
  { keys: 'alt+t', label: 'Focus the notifications' },
  { keys: '?', label: 'Show keyboard shortcuts' },
] as const;

/**
 * The admin area's single-key shortcuts: `?` opens the list of shortcuts, and the registry's
 * `g` sequences go to the pages the user may open. Renders the shortcuts dialog.
 */
export function AdminShortcuts() {
  const { user, shortcutsOpen, setShortcutsOpen } = useAdminShell();
  const navigate = useNavigate();
  const routes = useMemo(() => openableRoutes(user).filter((route) => route.shortcut), [user]);

  const sequences = useMemo<KeySequence[]>(
    () =>
      routes.map((route) => ({
        keys: route.shortcut!,
        run: () => {
          setShortcutsOpen(false);
          navigate(route.path);
        },
      })),
    [routes, navigate, setShortcutsOpen],
  );
  useKeySequences(sequences);

  useWindowKeydown((event) => {
    if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    if (isTypingTarget(event.target)) return;
    event.preventDefault();
    setShortcutsOpen(true);
  });

  const sections = useMemo<ShortcutSection[]>(
    () => [
      { title: 'General', shortcuts: GENERAL_SHORTCUTS },
      { title: 'Go to', shortcuts: routes.map((route) => ({ keys: route.shortcut!, label: route.title })) },
      {
        title: 'In the command palette',
        shortcuts: [
          { keys: 'up', label: 'Previous result' },
          { keys: 'down', label: 'Next result' },
          { keys: 'enter', label: 'Open the result' },
          { keys: 'esc', label: 'Close' },
        ],
      },
    ],
    [routes],
  );

  return <ShortcutsDialog open={shortcutsOpen} onOpenChange={setShortcutsOpen} sections={sections} />;
}
