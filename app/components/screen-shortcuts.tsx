import { useMemo } from 'react';
import { isTypingTarget, useKeySequences, useWindowKeydown } from '~/hooks/use-keyboard';
import { lazyComponent, useOpenedOnce, usePreloadWhenIdle } from './lazy-component';
import type { Shortcut, ShortcutSection } from './shortcuts-dialog';

// The list (a Radix dialog) loads after hydration: the keys that open it are handled here.
const ShortcutsDialog = lazyComponent(() => import('./shortcuts-dialog').then((module) => module.ShortcutsDialog));

export interface GoToShortcut {
  /** A key sequence such as 'g s'. */
  keys: string;
  /** The page it goes to. */
  label: string;
  run: () => void;
}

const PALETTE_SHORTCUTS: readonly Shortcut[] = [
  { keys: 'up', label: 'Previous result' },
  { keys: 'down', label: 'Next result' },
  { keys: 'enter', label: 'Open the result' },
  { keys: 'esc', label: 'Close' },
];

/** The shortcuts of a screen with a command palette; Ctrl/Cmd+B only where there is a sidebar to fold. */
export function generalShortcuts({ sidebarToggle }: { sidebarToggle: boolean }): Shortcut[] {
  return [
    { keys: 'mod+k', label: 'Open the command palette' },
    ...(sidebarToggle ? [{ keys: 'mod+b', label: 'Collapse or expand the sidebar' }] : []),
    { keys: 'alt+t', label: 'Focus the notifications' },
    { keys: '?', label: 'Show keyboard shortcuts' },
  ];
}

/**
 * A signed-in area's single-key shortcuts: `?` opens the list of every shortcut, and `g`
 * sequences go to pages. Renders that list once it is first opened.
 */
export function ScreenShortcuts({
  open,
  onOpenChange,
  goTo,
  sidebarToggle,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  goTo: readonly GoToShortcut[];
  sidebarToggle: boolean;
}) {
  const sequences = useMemo(
    () =>
      goTo.map((shortcut) => ({
        keys: shortcut.keys,
        run: () => {
          onOpenChange(false);
          shortcut.run();
        },
      })),
    [goTo, onOpenChange],
  );
  useKeySequences(sequences);

  useWindowKeydown((event) => {
    if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    if (isTypingTarget(event.target)) return;
    event.preventDefault();
    onOpenChange(true);
  });

  const sections = useMemo<ShortcutSection[]>(
    () => [
      { title: 'General', shortcuts: generalShortcuts({ sidebarToggle }) },
      { title: 'Go to', shortcuts: goTo.map(({ keys, label }) => ({ keys, label })) },
      { title: 'In the command palette', shortcuts: PALETTE_SHORTCUTS },
    ],
    [goTo, sidebarToggle],
  );

  usePreloadWhenIdle(ShortcutsDialog);
  const opened = useOpenedOnce(open);
  return opened ? <ShortcutsDialog open={open} onOpenChange={onOpenChange} sections={sections} /> : null;
}
