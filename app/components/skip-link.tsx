import { useLocation } from '@remix-run/react';
import { useEffect, useRef } from 'react';

/**
 * Moves focus to the page's heading (or its main region when it has none), so the next Tab
 * starts in the content and a screen reader announces where the user has arrived.
 */
export function focusPageHeading() {
  const main = document.querySelector<HTMLElement>('main');
  const target = main?.querySelector<HTMLElement>('h1') ?? main;
  if (!target) return false;
  if (!target.hasAttribute('tabindex')) {
    target.setAttribute('tabindex', '-1');
    // Focus is parked here to be moved on from, not an element to act on: no ring around it.
    target.classList.add('outline-none');
  }
  target.focus({ preventScroll: true });
  target.scrollIntoView({ block: 'nearest' });
  return true;
}

/** The first stop of the Tab order on every page: past the sidebar and header to the content. */
export function SkipLink() {
  return (
    <a
      href="#main"
      data-slot="skip-link"
      onClick={(event) => {
        if (focusPageHeading()) event.preventDefault();
      }}
      className="sr-only z-50 rounded-md bg-background px-3 py-2 text-sm font-medium shadow-md ring-2 ring-ring focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      Skip to content
    </a>
  );
}

/**
 * After a move to another page, focus starts at its heading, as after a full page load it starts
 * at the top: the next Tab goes into the new content, not back through the sidebar. A change of
 * the query alone (filters, a details sheet) keeps focus where the user is working.
 */
export function useFocusHeadingOnNavigation() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    focusPageHeading();
  }, [pathname]);
}
