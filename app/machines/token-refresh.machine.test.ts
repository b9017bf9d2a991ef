import { createTestModel } from '@xstate/graph';
import { createActor, fromPromise, SimulatedClock, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  NO_REFRESH_TOKEN_MESSAGE,
  REFRESH_TIMEOUT_MESSAGE,
  TOKEN_REFRESH_TIMEOUT_MS,
  tokenRefreshMachine,
  type TokenRefreshEmitted,
  type TokenRefreshEvent,
  type Tokens,
} from './token-refresh.machine';
import { toTestMachine } from './test-model';

type Snapshot = SnapshotFrom<typeof tokenRefreshMachine>;
type ModelEvent = EventFromLogic<typeof tokenRefreshMachine>;

const OLD_REFRESH = 'refresh-1';
const NEW_TOKENS: Tokens = { accessToken: 'access-2', refreshToken: 'refresh-2' };
const DONE = 'xstate.done.actor.refreshTokens';
const ERROR = 'xstate.error.actor.refreshTokens';
const TIMEOUT = 'xstate.after.refreshTimeout.tokenRefresh.refreshing';

// The actor's outcomes are events of the model too; createTestModel adds the timeout by itself.
const modelEvents = [
  { type: 'refresh.request', callerId: 'a', refreshToken: OLD_REFRESH },
  { type: 'refresh.request', callerId: 'b', refreshToken: NEW_TOKENS.refreshToken },
  { type: 'refresh.request', callerId: 'c', refreshToken: null },
  { type: DONE, output: NEW_TOKENS },
  { type: ERROR, error: new Error('Refresh token revoked') },
] as unknown as ModelEvent[];

/** A snapshot as the model sees it: all but the waiting list's length, which is unbounded. */
function stateKey(snapshot: Snapshot) {
  const { waiting, ...context } = snapshot.context;
  return JSON.stringify([snapshot.value, context, Math.min(waiting.length, 2)]);
}

/**
 * A coarser view for simple paths (with the full one they number in the thousands): only what
 * decides the next transitions, so states it merges still behave alike.
 */
function coarseKey(snapshot: Snapshot) {
  const { refreshToken, lastRotation } = snapshot.context;
  return JSON.stringify([snapshot.value, refreshToken, lastRotation?.from ?? null]);
}

/** A transition's label: which branch an idle request takes depends on the tokens it holds. */
function transitionLabel(previous: Snapshot, event: { type: string; refreshToken?: string | null }) {
  if (event.type !== 'refresh.request' || !previous.matches('idle')) return event.type;
  if (!event.refreshToken) return 'refresh.request without token';
  if (event.refreshToken === previous.context.lastRotation?.from) return 'refresh.request with rotated token';
  return 'refresh.request with token';
}

const model = createTestModel(toTestMachine(tokenRefreshMachine), {
  events: modelEvents,
  // Each node is a state reached by one transition: covering every node covers every transition.
  serializeState: (snapshot, event, previous) =>
    previous && event ? `${stateKey(snapshot)} via ${transitionLabel(previous, event)} from ${stateKey(previous)}` : stateKey(snapshot),
});

type ModelPath = ReturnType<typeof model.getShortestPaths>[number];
type TestParams = Parameters<ModelPath['test']>[0];

function describePath(path: ModelPath) {
  const events = path.steps.slice(1).map(({ event }) => {
    if (event.type === 'refresh.request') return `request ${event.callerId} with ${event.refreshToken ?? 'no token'}`;
    return { [DONE]: 'refreshed', [ERROR]: 'refresh failed', [TIMEOUT]: 'timed out' }[event.type] ?? event.type;
  });
  return `${events.join(' → ') || 'start'} ⇒ ${String(path.state.value)}`;
}

function harness() {
  const clock = new SimulatedClock();
  const calls: string[] = [];
  let pending: { resolve: (tokens: Tokens) => void; reject: (error: unknown) => void } | undefined;
  const actor = createActor(
    tokenRefreshMachine.provide({
      actors: {
        refreshTokens: fromPromise<Tokens, { refreshToken: string }>(({ input }) => {
          calls.push(input.refreshToken);
          return new Promise<Tokens>((resolve, reject) => {
            pending = { resolve, reject };
          });
        }),
      },
    }),
    { clock },
  );
  const emitted: TokenRefreshEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  let requests = 0;
  actor.start();
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    actor,
    calls,
    emitted,
    answered: () => emitted.reduce((sum, event) => sum + event.callerIds.length, 0),
    get requests() {
      return requests;
    },
    request(event: TokenRefreshEvent) {
      requests += 1;
      actor.send(event);
    },
    async resolve(tokens: Tokens) {
      pending?.resolve(tokens);
      await settle();
    },
    async reject(error: unknown) {
      pending?.reject(error);
      await settle();
    },
    timeOut() {
      clock.increment(TOKEN_REFRESH_TIMEOUT_MS);
    },
  };
}

/** Replays a path on the real machine: a stubbed refresh actor and a simulated clock. */
function runPath(path: ModelPath, key: (snapshot: Snapshot) => string) {
  const h = harness();
  // The actor's outcomes are not events of the machine's type, hence the wider record.
  const events: Record<string, (step: { event: object }) => unknown> = {
    'refresh.request': ({ event }) => h.request(event as TokenRefreshEvent),
    [DONE]: ({ event }) => h.resolve((event as { output: Tokens }).output),
    [ERROR]: ({ event }) => h.reject((event as { error: unknown }).error),
    [TIMEOUT]: () => h.timeOut(),
  };
  return path.test({
    events: events as TestParams['events'],
    states: {
      '*': (expected) => {
        const snapshot = h.actor.getSnapshot();
        expect(key(snapshot)).toBe(key(expected));
        // Nobody is forgotten: every request is either answered or waiting, and only one
        // refresh runs at a time.
        expect(h.requests - h.answered()).toBe(snapshot.context.waiting.length);
        expect(Object.keys(snapshot.children)).toEqual(snapshot.matches('refreshing') ? ['refreshTokens'] : []);
      },
    },
  });
}

describe('token refresh machine (model)', () => {
  const shortestPaths = model.getShortestPaths();
  const simplePaths = model.getSimplePaths({ serializeState: (snapshot) => coarseKey(snapshot) });

  it('covers every state and every transition', () => {
    const covered = new Set<string>();
    for (const path of shortestPaths) {
      // The first step is the initial state, reached by xstate.init.
      let previous = path.steps[0]!.state;
      for (const step of path.steps.slice(1)) {
        covered.add(`${String(previous.value)} --${transitionLabel(previous, step.event)}--> ${String(step.state.value)}`);
        previous = step.state;
      }
    }
    expect([...covered].sort()).toEqual(
      [
        'idle --refresh.request without token--> idle',
        'idle --refresh.request with token--> refreshing',
        'idle --refresh.request with rotated token--> idle',
        'refreshing --refresh.request--> refreshing',
        `refreshing --${DONE}--> idle`,
        `refreshing --${ERROR}--> idle`,
        `refreshing --${TIMEOUT}--> idle`,
      ].sort(),
    );
  });

  describe('shortest paths', () => {
    it.each(shortestPaths.map((path) => [describePath(path), path] as const))('%s', async (_, path) => {
      await runPath(path, stateKey);
    });
  });

  describe('simple paths', () => {
    it.each(simplePaths.map((path) => [describePath(path), path] as const))('%s', async (_, path) => {
      await runPath(path, coarseKey);
    });
  });
});

describe('token refresh machine', () => {
  it('answers every queued caller once, with the same tokens', async () => {
    const h = harness();
    for (const callerId of ['a', 'b', 'c']) {
      h.request({ type: 'refresh.request', callerId, refreshToken: OLD_REFRESH });
    }
    expect(h.calls).toEqual([OLD_REFRESH]);
    await h.resolve(NEW_TOKENS);
    expect(h.emitted).toEqual([{ type: 'refresh.completed', callerIds: ['a', 'b', 'c'], tokens: NEW_TOKENS }]);
    expect(h.actor.getSnapshot().context.lastRotation).toEqual({ from: OLD_REFRESH, tokens: NEW_TOKENS });
  });

  it('fails at once without a refresh token', () => {
    const h = harness();
    h.request({ type: 'refresh.request', callerId: 'a', refreshToken: null });
    expect(h.calls).toEqual([]);
    expect(h.emitted).toEqual([expect.objectContaining({ type: 'refresh.failed', callerIds: ['a'], message: NO_REFRESH_TOKEN_MESSAGE })]);
    expect(h.actor.getSnapshot().value).toBe('idle');
  });

  it('times out after 10 s with the catalogue message and stops the refresh', () => {
    const h = harness();
    h.request({ type: 'refresh.request', callerId: 'a', refreshToken: OLD_REFRESH });
    h.request({ type: 'refresh.request', callerId: 'b', refreshToken: OLD_REFRESH });
    expect(h.actor.getSnapshot().children.refreshTokens).toBeDefined();
    h.timeOut();
    expect(h.emitted).toEqual([
      expect.objectContaining({ type: 'refresh.failed', callerIds: ['a', 'b'], message: REFRESH_TIMEOUT_MESSAGE }),
    ]);
    expect(h.actor.getSnapshot().matches('idle')).toBe(true);
    expect(h.actor.getSnapshot().children.refreshTokens).toBeUndefined();
  });

  it('ignores the outcome of a refresh that timed out', async () => {
    const h = harness();
    h.request({ type: 'refresh.request', callerId: 'a', refreshToken: OLD_REFRESH });
    h.timeOut();
    await h.resolve(NEW_TOKENS);
    expect(h.emitted.map((event) => event.type)).toEqual(['refresh.failed']);
    expect(h.actor.getSnapshot().context.lastRotation).toBeNull();
  });

  it('passes the error message of a failed refresh to every caller', async () => {
    const h = harness();
    h.request({ type: 'refresh.request', callerId: 'a', refreshToken: OLD_REFRESH });
    h.request({ type: 'refresh.request', callerId: 'b', refreshToken: OLD_REFRESH });
    await h.reject(new Error('Refresh token revoked'));
    expect(h.emitted).toEqual([
      expect.objectContaining({ type: 'refresh.failed', callerIds: ['a', 'b'], message: 'Refresh token revoked' }),
    ]);
    expect(h.actor.getSnapshot().context.lastError).toBe('Refresh token revoked');
  });

  it('answers a late caller holding the rotated token without a second exchange', async () => {
    const h = harness();
    h.request({ type: 'refresh.request', callerId: 'a', refreshToken: OLD_REFRESH });
    await h.resolve(NEW_TOKENS);
    h.request({ type: 'refresh.request', callerId: 'late', refreshToken: OLD_REFRESH });
    expect(h.calls).toEqual([OLD_REFRESH]);
    expect(h.emitted.at(-1)).toEqual({ type: 'refresh.completed', callerIds: ['late'], tokens: NEW_TOKENS });
  });

  it('refreshes again with the new refresh token', async () => {
    const h = harness();
    h.request({ type: 'refresh.request', callerId: 'a', refreshToken: OLD_REFRESH });
    await h.resolve(NEW_TOKENS);
    h.request({ type: 'refresh.request', callerId: 'b', refreshToken: NEW_TOKENS.refreshToken });
    expect(h.calls).toEqual([OLD_REFRESH, NEW_TOKENS.refreshToken]);
    expect(h.actor.getSnapshot().value).toBe('refreshing');
  });
});
