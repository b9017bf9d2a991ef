import { useLocation, useNavigate } from '@remix-run/react';
import { Command } from 'cmdk';
import { useEffect, useMemo, useState } from 'react';
import { ClockIcon, FileTextIcon, GraduationCapIcon, SearchIcon, UserIcon, type LucideIcon } from '~/components/ui/icons';
import { RECENT_LIMIT, useRecent } from '~/hooks/use-recent';
import { paletteWords, scorePaletteWords } from '~/lib/palette-rank';
import type { PaletteSearchResponse, PaletteSearchResult } from '~/lib/palette-search';
import { PALETTE_INPUT_ATTRIBUTE, type CommandPaletteProps, type PaletteItem } from './command-palette';
import { Kbd, ShortcutKeys } from './shortcut-keys';
import { Spinner } from './ui/spinner';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './ui/dialog';

const SEARCH_PREFIX = 'search:';
const RECENT_PREFIX = 'recent:';
const resultIcons: Record<PaletteSearchResult['kind'], LucideIcon> = {
  user: UserIcon,
  student: GraduationCapIcon,
  record: FileTextIcon,
};

/** cmdk's filter: the item's words come as its keywords (`paletteWords`), records by their id. */
function filter(value: string, search: string, keywords?: string[]) {
  return scorePaletteWords(search, keywords ?? [value], value.startsWith(SEARCH_PREFIX));
}

const wordsOf = (item: PaletteItem) => paletteWords(item, item.id.startsWith(SEARCH_PREFIX));

/** Items under their group's heading, the groups in the order of their first item. */
function groupByHeading(items: readonly PaletteItem[]): [string, PaletteItem[]][] {
  const byGroup = new Map<string, PaletteItem[]>();
  for (const item of items) {
    const list = byGroup.get(item.group);
    if (list) list.push(item);
    else byGroup.set(item.group, [item]);
  }
  return [...byGroup];
}

/**
 * Records found by the server for the query, fetched once typing pauses. A plain request, aborted
 * when the query changes: a refused or failed answer just means no results.
 */
function useRemoteSearch(url: string | undefined, query: string, minLength: number, debounceMs: number) {
  const [answer, setAnswer] = useState<PaletteSearchResponse | null>(null);
  const trimmed = query.trim();
  const active = Boolean(url) && trimmed.length >= minLength;

  useEffect(() => {
    if (!url || trimmed.length < minLength) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      let results: PaletteSearchResult[] = [];
      try {
        const response = await fetch(`${url}?${new URLSearchParams({ q: trimmed })}`, {
          headers: { Accept: 'application/json' },
          credentials: 'same-origin',
          signal: controller.signal,
        });
        const body = response.ok ? ((await response.json()) as Partial<PaletteSearchResponse>) : null;
        if (Array.isArray(body?.results)) results = body.results;
      } catch {
        // Aborted for a newer query, offline, or not JSON (a signed-out session): nothing to show.
      }
      if (!controller.signal.aborted) setAnswer({ query: trimmed, results });
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [url, trimmed, minLength, debounceMs]);

  const current = active && answer?.query === trimmed ? answer.results : [];
  return { results: current, searching: active && answer?.query !== trimmed };
}

function PaletteRow({ item }: { item: PaletteItem }) {
  const Icon = item.icon;
  return (
    <>
      {Icon ? <Icon aria-hidden="true" /> : null}
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate">{item.label}</span>
        {item.description ? <span className="truncate text-xs text-muted-foreground">{item.description}</span> : null}
      </span>
      {item.shortcut ? <ShortcutKeys keys={item.shortcut} className="ml-auto shrink-0" /> : null}
    </>
  );
}

const itemClassName =
  "relative flex cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-hidden select-none data-[disabled=true]:pointer-events-none data-[disabled=true]:opacity-50 data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4 [&_svg:not([class*='text-'])]:text-muted-foreground";

const groupClassName =
  'overflow-hidden p-1 text-foreground [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground';

/** The palette's dialog, rendered by an area's palette dialog (see `CommandPalette`) with its items. */
export function CommandPaletteDialog({
  items,
  open,
  onOpenChange: setOpen,
  query,
  onQueryChange: setQuery,
  recentStorageKey,
  recentLimit = RECENT_LIMIT,
  searchUrl,
  searchMinLength = 2,
  searchDebounceMs = 250,
  placeholder = 'Type a command or search…',
  title = 'Command palette',
}: CommandPaletteProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const { recent, remember, refresh: refreshRecent } = useRecent(recentStorageKey, recentLimit);
  const { results, searching } = useRemoteSearch(searchUrl, open ? query : '', searchMinLength, searchDebounceMs);

  useEffect(() => {
    if (open) refreshRecent();
  }, [open, refreshRecent]);

  const groups = useMemo(() => groupByHeading(items), [items]);
  const recentItems = useMemo(() => {
    const byId = new Map(items.filter((item) => item.href).map((item) => [item.id, item]));
    return recent.map((id) => byId.get(id)).filter((item): item is PaletteItem => item !== undefined && item.href !== location.pathname);
  }, [items, recent, location.pathname]);

  const resultGroups = useMemo(
    () =>
      groupByHeading(
        results.map((result) => ({
          id: `${SEARCH_PREFIX}${result.id}`,
          group: result.group,
          label: result.label,
          description: result.description,
          href: result.href,
          icon: resultIcons[result.kind],
        })),
      ),
    [results],
  );

  // cmdk sorts the items within a group; the groups, records found by the server among them, go
  // best match first here (records arrive later, and cmdk would leave them where they land).
  const ordered = useMemo(() => {
    const all = [
      ...resultGroups.map(([heading, list]) => ({ key: `results-${heading}`, heading, list, found: true })),
      ...groups.map(([heading, list]) => ({ key: heading, heading, list, found: false })),
    ];
    const search = query.trim();
    if (!search) return all;
    const best = (list: PaletteItem[]) => Math.max(...list.map((item) => filter(item.id, search, wordsOf(item))));
    return all
      .map((group) => ({ group, score: best(group.list) }))
      .sort((a, b) => b.score - a.score)
      .map(({ group }) => group);
  }, [resultGroups, groups, query]);

  const run = (item: PaletteItem, rememberAs?: string) => {
    setOpen(false);
    if (item.href) {
      if (rememberAs) remember(rememberAs);
      navigate(item.href);
    }
    item.onSelect?.();
  };

  const renderItem = (item: PaletteItem, value: string, rememberAs?: string) => (
    <Command.Item
      key={value}
      value={value}
      keywords={wordsOf(item)}
      disabled={item.disabled}
      onSelect={() => run(item, rememberAs)}
      className={itemClassName}
      data-palette-id={value}
    >
      <PaletteRow item={item} />
    </Command.Item>
  );

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent className="gap-0 overflow-hidden p-0 sm:max-w-xl" showCloseButton={false}>
        <DialogTitle className="sr-only">{title}</DialogTitle>
        <DialogDescription className="sr-only">
          Type to find a page, an action or a record. Use the arrow keys to move and Enter to open.
        </DialogDescription>
        <Command
          label={title}
          loop
          vimBindings={false}
          filter={filter}
          className="flex h-full w-full flex-col overflow-hidden bg-popover text-popover-foreground"
        >
          <div data-slot="command-input-wrapper" className="flex h-12 items-center gap-2 border-b px-3">
            <SearchIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            <Command.Input
              value={query}
              onValueChange={setQuery}
              {...{ [PALETTE_INPUT_ATTRIBUTE]: '' }}
              placeholder={placeholder}
              className="flex h-10 w-full bg-transparent py-3 text-sm outline-hidden placeholder:text-muted-foreground"
            />
            {searching ? <Spinner label="Searching" className="text-muted-foreground" /> : null}
          </div>
          <Command.List className="max-h-[300px] scroll-py-1 overflow-x-hidden overflow-y-auto">
            <Command.Empty className="py-6 text-center text-sm text-muted-foreground">
              {searching ? 'Searching…' : 'No results found.'}
            </Command.Empty>
            {!query && recentItems.length > 0 ? (
              <Command.Group heading="Recent" className={groupClassName}>
                {recentItems.map((item) => renderItem({ ...item, icon: item.icon ?? ClockIcon }, `${RECENT_PREFIX}${item.id}`, item.id))}
              </Command.Group>
            ) : null}
            {ordered.map(({ key, heading, list, found }) => (
              <Command.Group key={key} heading={heading} className={groupClassName}>
                {list.map((item) => renderItem(item, item.id, found || !item.href ? undefined : item.id))}
              </Command.Group>
            ))}
          </Command.List>
          <div
            data-slot="command-footer"
            className="flex items-center gap-3 border-t px-3 py-2 text-xs text-muted-foreground"
            aria-hidden="true"
          >
            <span className="inline-flex items-center gap-1">
              <Kbd>↑</Kbd>
              <Kbd>↓</Kbd> move
            </span>
            <span className="inline-flex items-center gap-1">
              <Kbd>↵</Kbd> open
            </span>
            <span className="inline-flex items-center gap-1">
              <Kbd>Esc</Kbd> close
            </span>
          </div>
        </Command>
      </DialogContent>
    </Dialog>
  );
}
