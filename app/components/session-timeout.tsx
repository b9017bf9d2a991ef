import { lazyComponent } from './lazy-component';

/**
 * Ends an idle session in the browser. Mount it once in the layout of the signed-in area; it
 * renders nothing. Its first warning is minutes away, so the session machine (and XState with
 * it) loads after hydration rather than with the page.
 */
export const SessionTimeout = lazyComponent(() => import('./session-timer').then((module) => module.SessionTimer));
