import { startTransition, useEffect, useState } from 'react';

/** Below this width the sidebar becomes a sheet (Tailwind's `md` starts here). */
export const MOBILE_BREAKPOINT = 768;

/**
 * Whether the viewport is narrower than the mobile breakpoint. False on the server and in the
 * first render, so markup that depends on it must also be right on phones through CSS alone.
 */
export function useIsMobile(): boolean {
  const [isMobile, setIsMobile] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT - 1}px)`);
    // A transition: this changes the sidebar's context right after hydration, above page HTML
    // that may still wait for its code (hydratedWhenLoaded), which React keeps only through transitions.
    const update = () => startTransition(() => setIsMobile(query.matches));
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return isMobile;
}
