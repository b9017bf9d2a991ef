import { createActor, fromPromise } from 'xstate';
import { tokenRefreshMachine, TOKEN_REFRESH_TIMEOUT_MS, type Tokens } from '~/machines/token-refresh.machine';

export type { Tokens } from '~/machines/token-refresh.machine';

/**
 * Exchanges a refresh token for new tokens (POST /users/refresh). The signal aborts when the
 * refresh times out. One queue keeps the function it was created with, so it must not depend
 * on the request that happened to create the queue.
 */
export type RefreshFn = (refreshToken: string, options: { signal: AbortSignal }) => Promise<Tokens>;

export interface RefreshQueueOptions {
  /** Defaults to SPEC.md's 10 s. */
  timeoutMs?: number;
}

export interface RefreshQueue {
  /**
   * Resolves with new tokens, sharing the refresh already in flight if there is one. Rejects
   * with a TokenRefreshError ("No refresh token available", "Token refresh timeout", or the
   * refresh function's own message).
   */
  refresh(currentRefreshToken: string | null): Promise<Tokens>;
  /** True while callers wait for an answer. */
  readonly busy: boolean;
  /** Later calls reject; callers already waiting are not answered. */
  stop(): void;
}

export class TokenRefreshError extends Error {
  override name = 'TokenRefreshError';
}

/** Runs one token-refresh actor and turns what it emits into promise results. */
export function createRefreshQueue(refreshFn: RefreshFn, options: RefreshQueueOptions = {}): RefreshQueue {
  const actor = createActor(
    tokenRefreshMachine.provide({
      actors: {
        refreshTokens: fromPromise<Tokens, { refreshToken: string }>(({ input, signal }) => refreshFn(input.refreshToken, { signal })),
      },
      delays: { refreshTimeout: options.timeoutMs ?? TOKEN_REFRESH_TIMEOUT_MS },
    }),
  );
  const pending = new Map<string, { resolve: (tokens: Tokens) => void; reject: (error: Error) => void }>();
  let nextCallerId = 0;

  function settle(callerIds: string[], answer: (waiter: { resolve: (tokens: Tokens) => void; reject: (error: Error) => void }) => void) {
    for (const callerId of callerIds) {
      const waiter = pending.get(callerId);
      if (!waiter) continue;
      pending.delete(callerId);
      answer(waiter);
    }
  }

  actor.on('refresh.completed', ({ callerIds, tokens }) => settle(callerIds, (waiter) => waiter.resolve(tokens)));
  actor.on('refresh.failed', ({ callerIds, message, error }) =>
    settle(callerIds, (waiter) => waiter.reject(new TokenRefreshError(message, { cause: error }))),
  );
  actor.start();

  return {
    refresh(currentRefreshToken) {
      return new Promise<Tokens>((resolve, reject) => {
        if (actor.getSnapshot().status !== 'active') {
          reject(new TokenRefreshError('Refresh queue stopped'));
          return;
        }
        const callerId = String(++nextCallerId);
        pending.set(callerId, { resolve, reject });
        actor.send({ type: 'refresh.request', callerId, refreshToken: currentRefreshToken });
      });
    },
    get busy() {
      return pending.size > 0;
    },
    stop() {
      actor.stop();
    },
  };
}

export interface RefreshQueueRegistryOptions extends RefreshQueueOptions {
  /** A queue nobody has used for this long is dropped. */
  idleTtlMs?: number;
  /** At most this many idle queues are kept; the least recently used go first. */
  maxIdleQueues?: number;
  now?: () => number;
}

export interface RefreshQueueRegistry {
  get(sessionKey: string, refreshFn: RefreshFn): RefreshQueue;
  readonly size: number;
  clear(): void;
}

/**
 * Queues keyed by session. Nothing else is kept: callers commit the tokens they receive to
 * their own cookie. Sweeping happens on access, so no timer keeps the process alive.
 */
export function createRefreshQueueRegistry({
  idleTtlMs = 60_000,
  maxIdleQueues = 1_000,
  now = Date.now,
  ...queueOptions
}: RefreshQueueRegistryOptions = {}): RefreshQueueRegistry {
  // A Map iterates in insertion order; re-inserting on use keeps the least recently used first.
  const entries = new Map<string, { queue: RefreshQueue; lastUsed: number }>();

  // Only idle queues are dropped, and they are not stopped: a caller still holding one can use
  // it, and an idle actor holds no timer, so it is simply collected.
  function sweep(at: number, keep: string) {
    let idle = 0;
    for (const entry of entries.values()) if (!entry.queue.busy) idle += 1;
    for (const [sessionKey, entry] of entries) {
      if (sessionKey === keep || entry.queue.busy) continue;
      if (at - entry.lastUsed >= idleTtlMs || idle > maxIdleQueues) {
        entries.delete(sessionKey);
        idle -= 1;
      }
    }
  }

  return {
    get(sessionKey, refreshFn) {
      const at = now();
      const existing = entries.get(sessionKey);
      entries.delete(sessionKey);
      const queue = existing?.queue ?? createRefreshQueue(refreshFn, queueOptions);
      entries.set(sessionKey, { queue, lastUsed: at });
      sweep(at, sessionKey);
      return queue;
    },
    get size() {
      return entries.size;
    },
    clear() {
      entries.clear();
    },
  };
}

const sharedRegistry = createRefreshQueueRegistry();

/**
 * The refresh queue of one session (key it by something stable for the session, or by the
 * refresh token in the incoming cookie: parallel loaders share it). Queues idle for 60 s are
 * dropped, and at most 1,000 idle queues are kept.
 */
export function getRefreshQueue(sessionKey: string, refreshFn: RefreshFn): RefreshQueue {
  return sharedRegistry.get(sessionKey, refreshFn);
}
