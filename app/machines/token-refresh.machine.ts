import { assign, emit, fromPromise, setup } from 'xstate';

/**
 * One refresh of the access token per session at a time (SPEC.md section 7: "410: refresh
 * once, queue concurrent requests, retry with the new token"; DESIGN.md section 4).
 *
 * Loaders of nested routes run in parallel and may all get 410 at once. The first
 * `refresh.request` starts the injected `refreshTokens` actor; the requests that arrive while
 * it runs join the waiting list; the outcome is emitted once for every waiting caller
 * (`refresh.completed` with the tokens, or `refresh.failed` with the message).
 *
 * The machine has no failed state: a failure is answered to every waiting caller at once, and
 * the next request (a later page load, a login in another tab) deserves a fresh attempt, which
 * is exactly what `idle` offers. A separate state would accept the same events and lead to the
 * same places.
 */

export interface Tokens {
  accessToken: string;
  refreshToken: string;
}

export const TOKEN_REFRESH_TIMEOUT_MS = 10_000;
export const REFRESH_TIMEOUT_MESSAGE = 'Token refresh timeout';
export const NO_REFRESH_TOKEN_MESSAGE = 'No refresh token available';

export type TokenRefreshEvent = {
  type: 'refresh.request';
  callerId: string;
  /** The refresh token the caller holds (from its cookie); null when it has none. */
  refreshToken: string | null;
};

export type TokenRefreshEmitted =
  | { type: 'refresh.completed'; callerIds: string[]; tokens: Tokens }
  | { type: 'refresh.failed'; callerIds: string[]; message: string; error: unknown };

export interface TokenRefreshContext {
  /** The refresh token being exchanged while `refreshing`. */
  refreshToken: string | null;
  /** Callers answered when the current refresh ends. */
  waiting: string[];
  /**
   * The last successful rotation. Parallel loaders all read the same incoming cookie, so one
   * of them may ask for a refresh with the old refresh token after another one's refresh has
   * finished. Sending that rotated token to the API again would look like token reuse and
   * revoke the whole family; such a caller gets these tokens instead.
   */
  lastRotation: { from: string; tokens: Tokens } | null;
  lastError: string | null;
}

export const tokenRefreshMachine = setup({
  types: {
    context: {} as TokenRefreshContext,
    events: {} as TokenRefreshEvent,
    emitted: {} as TokenRefreshEmitted,
  },
  actors: {
    refreshTokens: fromPromise<Tokens, { refreshToken: string }>(async () => {
      throw new Error('refreshTokens is not provided');
    }),
  },
  delays: {
    refreshTimeout: TOKEN_REFRESH_TIMEOUT_MS,
  },
  guards: {
    hasNoRefreshToken: ({ event }) => !event.refreshToken,
    holdsJustRotatedToken: ({ context, event }) => context.lastRotation !== null && event.refreshToken === context.lastRotation.from,
  },
  actions: {
    rejectWithoutToken: emit(({ event }) => ({
      type: 'refresh.failed' as const,
      callerIds: [event.callerId],
      message: NO_REFRESH_TOKEN_MESSAGE,
      error: new Error(NO_REFRESH_TOKEN_MESSAGE),
    })),
    answerFromLastRotation: emit(({ context, event }) => ({
      type: 'refresh.completed' as const,
      callerIds: [event.callerId],
      // The guard guarantees lastRotation is set.
      tokens: context.lastRotation!.tokens,
    })),
    startRefresh: assign({
      refreshToken: ({ event }) => event.refreshToken,
      waiting: ({ event }) => [event.callerId],
      lastError: null,
    }),
    enqueueCaller: assign({
      waiting: ({ context, event }) => [...context.waiting, event.callerId],
    }),
  },
}).createMachine({
  id: 'tokenRefresh',
  context: {
    refreshToken: null,
    waiting: [],
    lastRotation: null,
    lastError: null,
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'refresh.request': [
          { guard: 'hasNoRefreshToken', actions: 'rejectWithoutToken' },
          { guard: 'holdsJustRotatedToken', actions: 'answerFromLastRotation' },
          { target: 'refreshing', actions: 'startRefresh' },
        ],
      },
    },
    refreshing: {
      invoke: {
        id: 'refreshTokens',
        src: 'refreshTokens',
        input: ({ context }) => ({ refreshToken: context.refreshToken ?? '' }),
        onDone: {
          target: 'idle',
          actions: [
            emit(({ context, event }) => ({
              type: 'refresh.completed' as const,
              callerIds: context.waiting,
              tokens: event.output,
            })),
            assign(({ context, event }) => ({
              refreshToken: null,
              waiting: [],
              lastRotation: { from: context.refreshToken ?? '', tokens: event.output },
              lastError: null,
            })),
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            emit(({ context, event }) => ({
              type: 'refresh.failed' as const,
              callerIds: context.waiting,
              message: errorMessage(event.error),
              error: event.error,
            })),
            assign(({ event }) => ({
              refreshToken: null,
              waiting: [],
              // A failed exchange usually means the family is gone: answer nobody from it.
              lastRotation: null,
              lastError: errorMessage(event.error),
            })),
          ],
        },
      },
      after: {
        refreshTimeout: {
          target: 'idle',
          actions: [
            emit(({ context }) => ({
              type: 'refresh.failed' as const,
              callerIds: context.waiting,
              message: REFRESH_TIMEOUT_MESSAGE,
              error: new Error(REFRESH_TIMEOUT_MESSAGE),
            })),
            assign({
              refreshToken: null,
              waiting: [],
              lastRotation: null,
              lastError: REFRESH_TIMEOUT_MESSAGE,
            }),
          ],
        },
      },
      on: {
        'refresh.request': { actions: 'enqueueCaller' },
      },
    },
  },
});

function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'Token refresh failed';
}
