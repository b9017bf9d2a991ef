import { useRef } from 'react';
import type { LucideIcon } from '~/components/ui/icons';
import { isModKey, useWindowKeydown } from '~/hooks/use-keyboard';
import { useOpenedOnce, usePreloadWhenIdle, type LazyComponent } from './lazy-component';

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

/** Whether a palette is open, and the way to open or close it. */
export interface PaletteOpenProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export interface CommandPaletteProps extends PaletteOpenProps {
  /** Every route and action the user may take. */
  items: readonly PaletteItem[];
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

/** Ctrl/Cmd+K opens a palette, and closes it when open. */
function usePaletteHotkey({ open, onOpenChange }: PaletteOpenProps) {
  const openRef = useRef(open);
  openRef.current = open;
  useWindowKeydown((event) => {
    if (event.key.toLowerCase() !== 'k' || !isModKey(event) || event.altKey || event.shiftKey) return;
    event.preventDefault();
    onOpenChange(!openRef.current);
  });
}

/**
 * A keyboard-first command palette: `dialog` is a lazy component (see `lazyComponent`) that
 * builds the area's items and renders them with `CommandPaletteDialog` (cmdk in a dialog: routes
 * and actions grouped and fuzzy matched, recent items first, records searched on the server as
 * you type). The items, cmdk and the dialog load after hydration, fetched when the browser is
 * idle; Ctrl/Cmd+K is handled here, and the dialog is rendered from its first opening on.
 */
export function CommandPalette<P extends object>({
  dialog: Dialog,
  open,
  onOpenChange,
  ...props
}: PaletteOpenProps & { dialog: LazyComponent<P & PaletteOpenProps> } & P) {
  usePaletteHotkey({ open, onOpenChange });
  usePreloadWhenIdle(Dialog);
  const opened = useOpenedOnce(open);
  // The rest of a generic intersection is an Omit that TypeScript cannot match back to P.
  return opened ? <Dialog {...(props as unknown as P)} open={open} onOpenChange={onOpenChange} /> : null;
}
