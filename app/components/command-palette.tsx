import { useCallback, useRef, useState } from 'react';
import type { LucideIcon } from '~/components/ui/icons';
import { isModKey, useWindowKeydown } from '~/hooks/use-keyboard';
import { lazyComponent, useOpenedOnce, usePreloadWhenIdle } from './lazy-component';

export interface PaletteItem {
  /** Unique among the items; recent use is remembered under it. */
  id: string;
  label: string;
  /** Heading of the group it is listed under; groups keep the order of their first item. */
  group: string;
  icon?: LucideIcon;
  /** A second, quieter line of text (an email, a registration number). */
  description?: string;
  /** More words that find it (fuzzy matched, like the label). */
  keywords?: readonly string[];
  /** Shown at the right, in ShortcutKeys notation: 'g s', 'mod+b', '?'. */
  shortcut?: string;
  /** Goes there when chosen; items with an address can become recent items. */
  href?: string;
  /** Runs when chosen (after navigating, when there is also an href). */
  onSelect?: () => void;
  disabled?: boolean;
}

export interface CommandPaletteProps {
  /** Every route and action the user may take. */
  items: readonly PaletteItem[];
  /** Controlled open state; leave both out to let the palette keep its own. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Ctrl/Cmd+K opens and closes it (default true). */
  hotkey?: boolean;
  /** localStorage key of the recent items; without it none are kept. */
  recentStorageKey?: string;
  recentLimit?: number;
  /** A resource route answering `GET ?q=` with a PaletteSearchResponse; searched after a pause in typing. */
  searchUrl?: string;
  searchMinLength?: number;
  searchDebounceMs?: number;
  placeholder?: string;
  /** Accessible name of the dialog. */
  title?: string;
}

// cmdk and its dialog load after hydration: the palette opens from a key or a button handled here.
const CommandPaletteDialog = lazyComponent(() => import('./command-palette-dialog').then((module) => module.CommandPaletteDialog));

/**
 * A keyboard-first command palette (cmdk in a dialog): the given routes and actions grouped and
 * fuzzy matched, recent items first, and records searched on the server as you type. Arrow keys
 * move, Enter runs, Escape closes. The dialog is rendered from its first opening on.
 */
export function CommandPalette({ open: openProp, onOpenChange, hotkey = true, ...dialogProps }: CommandPaletteProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = openProp ?? ownOpen;
  const openRef = useRef(open);
  openRef.current = open;
  const setOpen = useCallback(
    (next: boolean) => {
      if (openProp === undefined) setOwnOpen(next);
      onOpenChange?.(next);
    },
    [openProp, onOpenChange],
  );

  useWindowKeydown((event) => {
    if (event.key.toLowerCase() !== 'k' || !isModKey(event) || event.altKey || event.shiftKey) return;
    event.preventDefault();
    setOpen(!openRef.current);
  }, hotkey);

  usePreloadWhenIdle(CommandPaletteDialog);
  const opened = useOpenedOnce(open);
  return opened ? <CommandPaletteDialog {...dialogProps} open={open} onOpenChange={setOpen} /> : null;
}
