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

/**
 * A component the server renders with the page whose module is not part of the page's first load.
 * The browser fetches the module when the component first renders (during hydration) and
 * hydrates the rest of the page without waiting for it; the component's server HTML is hydrated
 * when the module arrives, or at once when it is already there (the browser's cache, an earlier
 * visit). The server loads the module once, at start. Until the module is there React keeps the
 * server HTML only if every update reaching it is a transition: a context above it changed by a
 * plain update (a dialog of the shell opening, the sidebar folding) makes React drop the HTML and
 * render it again on the client (error 421). Remix's own updates are transitions, and so are the
 * admin shell's and the sidebar's.
 */
export function hydratedWhenLoaded<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode = null): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () => (loading ??= load().then((component) => (loaded = component)));
  // On the server no render waits: the module is there before the first request.
  if (typeof document === 'undefined') start().catch(() => undefined);
  // React's lazy types its props through PropsWithRef, which TypeScript cannot match to a generic P.
  const Lazy = lazy(() => start().then((component) => ({ default: component }))) as unknown as ComponentType<P>;
  function HydratedWhenLoaded(props: P) {
    // Chosen once: the same element type on every render, so React never replaces what it hydrated.
    const [Component] = useState(() => loaded ?? Lazy);
    return (
      <Suspense fallback={fallback}>
        <Component {...props} />
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
