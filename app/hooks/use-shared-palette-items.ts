import { useSubmit } from '@remix-run/react';
import { useMemo } from 'react';
import { useAuthenticityToken } from 'remix-utils/csrf/react';
import type { PaletteItem } from '~/components/command-palette';
import { useTheme } from '~/components/theme-toggle';
import { KeyboardIcon, LogOutIcon, MonitorIcon, MoonIcon, SunIcon } from '~/components/ui/icons';
import { useThemeSwitch } from './use-theme-switch';

const THEMES = [
  ['light', 'Switch to light theme', SunIcon],
  ['dark', 'Switch to dark theme', MoonIcon],
  ['system', 'Switch to system theme', MonitorIcon],
] as const;

/**
 * The palette items of every signed-in area, admin and super admin alike: the list of shortcuts,
 * Log out, and the themes.
 */
export function useSharedPaletteItems(showShortcuts: () => void): { actions: PaletteItem[]; themes: PaletteItem[] } {
  const theme = useTheme();
  const switchTheme = useThemeSwitch();
  const submit = useSubmit();
  const csrf = useAuthenticityToken();

  return useMemo(
    () => ({
      actions: [
        {
          id: 'action:shortcuts',
          label: 'Show keyboard shortcuts',
          group: 'Actions',
          icon: KeyboardIcon,
          keywords: ['keys', 'help', 'hotkeys'],
          shortcut: '?',
          onSelect: showShortcuts,
        },
        {
          id: 'action:logout',
          label: 'Log out',
          group: 'Actions',
          icon: LogOutIcon,
          keywords: ['sign out', 'logout', 'exit'],
          onSelect: () => submit({ csrf }, { method: 'post', action: '/logout', replace: true }),
        },
      ],
      themes: THEMES.map(([value, label, icon]) => ({
        id: `theme:${value}`,
        label,
        description: value === theme ? 'Current theme' : undefined,
        group: 'Theme',
        icon,
        keywords: ['theme', 'appearance', 'colour', 'color', 'mode', value],
        onSelect: () => switchTheme(value),
      })),
    }),
    [showShortcuts, theme, switchTheme, submit, csrf],
  );
}
