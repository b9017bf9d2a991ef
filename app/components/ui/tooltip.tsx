import { Slot } from 'radix-ui';
import * as React from 'react';
import { lazyComponent, usePreloadWhenIdle } from '~/components/lazy-component';
import { useDeferredTrigger, type TriggerLink } from './deferred-trigger';

/** SPEC.md's tooltip delay (also radix's default; shadcn's 0 is not ours). */
export const TOOLTIP_DELAY_MS = 700;

export interface TooltipEntry {
  id: string;
  link: TriggerLink;
  content: React.ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
  align?: 'start' | 'center' | 'end';
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

interface Registry {
  set: (entry: TooltipEntry) => void;
  remove: (id: string) => void;
}

// A tooltip shows nothing until hovered or focused: Radix's tooltip and its positioning load
// after hydration, and until then the triggers are plain elements.
const TooltipHost = lazyComponent(() => import('./tooltip-host').then((module) => module.TooltipHost));

const RegistryContext = React.createContext<Registry | null>(null);

/** Put one near the root: the tooltips inside it share their timing and their loaded code. */
export function TooltipProvider({ children }: { children: React.ReactNode }) {
  const [entries, setEntries] = React.useState<ReadonlyMap<string, TooltipEntry>>(new Map());
  const registry = React.useMemo<Registry>(
    () => ({
      set: (entry) => setEntries((current) => new Map(current).set(entry.id, entry)),
      remove: (id) =>
        setEntries((current) => {
          const next = new Map(current);
          next.delete(id);
          return next;
        }),
    }),
    [],
  );
  usePreloadWhenIdle(TooltipHost);
  return (
    <RegistryContext.Provider value={registry}>
      {children}
      <TooltipHost entries={[...entries.values()]} />
    </RegistryContext.Provider>
  );
}

/**
 * `content` beside the single child while it is hovered or focused (after the delay), or while
 * `open` says so when controlled. The child is rendered as it is, on the server too.
 */
export function Tooltip({
  content,
  side,
  align,
  open,
  onOpenChange,
  children,
}: Omit<TooltipEntry, 'id' | 'link'> & { children: React.ReactElement }) {
  const registry = React.useContext(RegistryContext);
  if (!registry) throw new Error('Tooltip must be used within a TooltipProvider.');
  const id = React.useId();
  const { link, props } = useDeferredTrigger({ 'data-state': 'closed' }, TooltipHost.preload);
  React.useEffect(() => {
    registry.set({ id, link, content, side, align, open, onOpenChange });
  }, [registry, id, link, content, side, align, open, onOpenChange]);
  React.useEffect(() => () => registry.remove(id), [registry, id]);
  return <Slot.Root {...props}>{children}</Slot.Root>;
}
