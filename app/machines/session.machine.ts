import { assign, setup } from 'xstate';

/**
 * Inactivity in the browser (SPEC.md sections 4 and 9, DESIGN.md section 4): 30 minutes
 * without recorded activity ends the session; activity is recorded at most once per 60 s,
 * and each record runs `recordActivity` (the server keeps its own 30-minute check in step).
 *
 * The machine never reads the clock: every event carries the time it happened (`at`, in ms),
 * stamped by whoever feeds it (the SessionTimeout component, with its injected `now`), so
 * tests decide what time it is. The idle timer is an XState delay, so a SimulatedClock or
 * fake timers drive it.
 *
 * Browsers slow timers down in background tabs and stop them while the computer sleeps, so
 * the timer alone is not enough: any event arriving once the idle timeout has passed since
 * the last record ends the session as well, whatever the timer says.
 */

export const IDLE_TIMEOUT_MS = 30 * 60_000;
export const ACTIVITY_THROTTLE_MS = 60_000;

export type SessionEvent =
  | { type: 'activity'; at: number }
  | { type: 'visibility.visible'; at: number }
  /** Accepted and ignored: the check happens when the page is visible again. */
  | { type: 'visibility.hidden'; at: number };

export interface SessionContext {
  /** When activity was last recorded (ms since the epoch). */
  lastActivity: number;
  idleTimeoutMs: number;
  activityThrottleMs: number;
}

export interface SessionInput {
  /** Usually the time the page loaded: loading it was activity the server has seen. */
  lastActivity: number;
  idleTimeoutMs?: number;
  activityThrottleMs?: number;
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actions: {
    /** Injected: tell the server the user is still here. */
    recordActivity: () => {},
    /** Injected: end the session (POST /logout, which goes on to the login of the user's type). */
    logout: () => {},
    markActivity: assign({ lastActivity: ({ event }) => event.at }),
  },
  guards: {
    idleTimeoutPassed: ({ context, event }) => event.at - context.lastActivity >= context.idleTimeoutMs,
    throttlePassed: ({ context, event }) => event.at - context.lastActivity >= context.activityThrottleMs,
  },
  delays: {
    idleTimeout: ({ context }) => context.idleTimeoutMs,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    lastActivity: input.lastActivity,
    idleTimeoutMs: input.idleTimeoutMs ?? IDLE_TIMEOUT_MS,
    activityThrottleMs: input.activityThrottleMs ?? ACTIVITY_THROTTLE_MS,
  }),
  initial: 'active',
  states: {
    active: {
      after: {
        idleTimeout: { target: 'expired' },
      },
      on: {
        activity: [
          { guard: 'idleTimeoutPassed', target: 'expired' },
          // Re-entering restarts the idle timer from this record.
          { guard: 'throttlePassed', target: 'active', reenter: true, actions: ['markActivity', 'recordActivity'] },
        ],
        'visibility.visible': [
          { guard: 'idleTimeoutPassed', target: 'expired' },
          { guard: 'throttlePassed', target: 'active', reenter: true, actions: ['markActivity', 'recordActivity'] },
        ],
      },
    },
    expired: {
      type: 'final',
      entry: 'logout',
    },
  },
});
