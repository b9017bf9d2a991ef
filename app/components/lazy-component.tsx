import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';

export interface LazyComponent<P> {
  (props: P): JSX.Element | null;
  /** Starts loading the module (once); rendering waits for the same download. */
  preload: () => Promise<unknown>;
}

/**
 * A component whose module stays out of the page's first load: nothing is rendered on the
 * server or before hydration, then the module is fetched (unless `preload` already did) and
 * the component renders with the props of the moment. Only for parts that show nothing until
 * something happens in the browser: their markup is never in the server's HTML.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        // A failed preload (offline for a moment) leaves the first render free to try again.
        loading = undefined;
        throw error;
      },
    ));
  // React's lazy types its props through PropsWithRef, which TypeScript cannot match to a generic P.
  const Lazy = lazy(preload) as unknown as ComponentType<P>;
  function AfterHydration(props: P) {
    const hydrated = useHydrated();
    if (!hydrated) return null;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Object.assign(AfterHydration, { preload });
}

/** The modules of the parts below requested so far, which the page's hydration waits for. */
const arriving: Promise<unknown>[] = [];

/** Settles once every module requested by `hydratedWhenLoaded` so far has arrived or failed. */
export function hydratedPartsArrived(): Promise<void> {
  return Promise.allSettled(arriving).then(() => undefined);
}

/**
 * A component the server renders with the page whose module is not part of the page's first load.
 * The module is fetched as soon as the route module holding this component is evaluated, before
 * the browser's entry runs, and the page hydrates once it has arrived (see entry.client.tsx), the
 * part with it and not in a Suspense boundary of its own: a part left dehydrated under a hydrated
 * page gives up its server HTML to the first update that reaches it (React error 421), and the
 * router's own updates right after hydration (routes discovered, fetchers) do. After a client-side
 * navigation the part renders when its module arrives. A failed download fails the render (the
 * route's error boundary) and is tried again on the next mount.
 */
export function hydratedWhenLoaded<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode = null): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // React's lazy keeps a rejection for good: the next mount gets a fresh one to try again.
        loading = undefined;
        Lazy = lazyOf();
        throw error;
      },
    ));
  // React's lazy types its props through PropsWithRef, which TypeScript cannot match to a generic P.
  const lazyOf = () => lazy(() => start().then((component) => ({ default: component }))) as unknown as ComponentType<P>;
  let Lazy = lazyOf();
  // On the server the module is there before the first request; in the browser, before hydration.
  arriving.push(start().catch(() => undefined));
  function HydratedWhenLoaded(props: P) {
    // Chosen once: the same element type on every render, so React never replaces what it hydrated.
    const [Loaded] = useState(() => loaded);
    // No Suspense boundary where the module is there (the server, and the browser's hydration):
    // React hydrates a boundary in a pass of its own after the page's, and an update reaching it
    // in between drops its server HTML (error 421).
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return HydratedWhenLoaded;
}

/**
 * Loads a lazy component's module once the browser has nothing else to do after hydration, so
 * the first time it is needed (a dialog opened by its shortcut) does not wait for the network.
 */
export function usePreloadWhenIdle({ preload }: Pick<LazyComponent<never>, 'preload'>, enabled = true) {
  useEffect(() => {
    if (!enabled) return;
    const start = () => void preload().catch(() => undefined);
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = setTimeout(start, 200);
      return () => clearTimeout(timer);
    }
    const id = window.requestIdleCallback(start, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }, [preload, enabled]);
}

/**
 * True from the first time `open` is true on: a lazy dialog is mounted when first opened and
 * then stays, so it can play its closing animation and open again at once.
 */
export function useOpenedOnce(open: boolean) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
