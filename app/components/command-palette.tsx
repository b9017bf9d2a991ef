import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
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

/** What an area's palette dialog is given: whether it is open, and its search, kept while it loads. */
export interface PaletteDialogProps extends PaletteOpenProps {
  query: string;
  onQueryChange: (query: string) => void;
}

/** Marks the palette's search input: keys reaching it are typed there by the browser. */
export const PALETTE_INPUT_ATTRIBUTE = 'data-palette-input';

export interface CommandPaletteProps extends PaletteDialogProps {
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

// A layout effect in the browser; the server renders the palette closed and runs no effects.
const useCommitEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * Ctrl/Cmd+K opens a palette, and closes it when open. The palette counts as open from that key
 * press on, not from when React renders it (a transition, its code perhaps still on its way): what
 * is typed before its search input has the focus goes into the search, kept from the page.
 */
function usePaletteKeys({ open, onOpenChange }: PaletteOpenProps) {
  const [query, setQuery] = useState('');
  const wanted = useRef(open);
  // In the commit itself (an opening from elsewhere, the header's button): a passive effect may
  // run only after the next key press. The owner's state changes at once, never in a transition,
  // so no commit lags behind a later key press.
  useCommitEffect(() => {
    wanted.current = open;
    if (!open) setQuery('');
  }, [open]);
  const change = useCallback(
    (next: boolean) => {
      wanted.current = next;
      if (!next) setQuery('');
      onOpenChange(next);
    },
    [onOpenChange],
  );

  useWindowKeydown((event) => {
    if (event.key.toLowerCase() !== 'k' || !isModKey(event) || event.altKey || event.shiftKey) return;
    event.preventDefault();
    change(!wanted.current);
  });

  useWindowKeydown(
    (event) => {
      if (!wanted.current || event.defaultPrevented || event.isComposing) return;
      if (event.target instanceof Element && event.target.hasAttribute(PALETTE_INPUT_ATTRIBUTE)) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key.length === 1) setQuery((typed) => typed + event.key);
      else if (event.key === 'Backspace') setQuery((typed) => typed.slice(0, -1));
      // Closes it even before its dialog is there to hear Escape (its code still on its way).
      else if (event.key === 'Escape') change(false);
      else return;
      event.preventDefault();
      event.stopPropagation();
    },
    true,
    true,
  );

  return { query, setQuery, change };
}

/**
 * A keyboard-first command palette: `dialog` is a lazy component (see `lazyComponent`) that
 * builds the area's items and renders them with `CommandPaletteDialog` (cmdk in a dialog: routes
 * and actions grouped and fuzzy matched, recent items first, records searched on the server as
 * you type). The items, cmdk and the dialog load after hydration, fetched when the browser is
 * idle; Ctrl/Cmd+K and the search typed meanwhile are handled here, and the dialog is rendered
 * from its first opening on.
 */
export function CommandPalette<P extends object>({
  dialog: Dialog,
  open,
  onOpenChange,
  ...props
}: PaletteOpenProps & { dialog: LazyComponent<P & PaletteDialogProps> } & P) {
  const { query, setQuery, change } = usePaletteKeys({ open, onOpenChange });
  usePreloadWhenIdle(Dialog);
  const opened = useOpenedOnce(open);
  // The rest of a generic intersection is an Omit that TypeScript cannot match back to P.
  return opened ? <Dialog {...(props as unknown as P)} open={open} onOpenChange={change} query={query} onQueryChange={setQuery} /> : null;
}
