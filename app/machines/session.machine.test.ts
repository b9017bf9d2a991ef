import { createTestModel } from '@xstate/graph';
import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVITY_THROTTLE_MS, IDLE_TIMEOUT_MS, sessionMachine, type SessionEvent } from './session.machine';
import { toTestMachine } from './test-model';

type Snapshot = SnapshotFrom<typeof sessionMachine>;
/** A model event: the machine's event plus how long after the last record it happens. */
type TimedEvent = SessionEvent & { offset: number };

const MINUTE = 60_000;
const TIMER = 'xstate.after.idleTimeout.session.active';
const OFFSETS = [ACTIVITY_THROTTLE_MS - 1, ACTIVITY_THROTTLE_MS, IDLE_TIMEOUT_MS];

const model = createTestModel(toTestMachine(sessionMachine), {
  input: { lastActivity: 0 },
  // Times relative to the last record: the context's timestamp grows without bound, so the
  // serialized state leaves it out and each node is a state reached by one kind of transition.
  events: (snapshot) =>
    (['activity', 'visibility.visible'] as const).flatMap((type) =>
      OFFSETS.map((offset) => ({ type, offset, at: snapshot.context.lastActivity + offset }) as TimedEvent),
    ),
  serializeState: (snapshot, event, previous) =>
    previous && event ? `${String(snapshot.value)} via ${label(event)} from ${String(previous.value)}` : String(snapshot.value),
});

function label(event: { type: string; offset?: number }) {
  return event.offset === undefined ? event.type : `${event.type} +${event.offset / 1000}s`;
}

function harness() {
  const clock = new SimulatedClock();
  const recorded: number[] = [];
  const logout = vi.fn();
  const actor = createActor(
    sessionMachine.provide({
      actions: {
        recordActivity: ({ context }) => recorded.push(context.lastActivity),
        logout,
      },
    }),
    { clock, input: { lastActivity: 0 } },
  );
  actor.start();
  return { actor, clock, recorded, logout };
}

type ModelPath = ReturnType<typeof model.getShortestPaths>[number];

/**
 * Replays a path on the real machine. Events are sent at their offset from the actor's own
 * last record, without moving the clock: what a sleeping computer or a background tab does to
 * the timer. The timer step moves the clock by the idle timeout.
 */
function runPath(path: ModelPath) {
  const h = harness();
  let expectedRecords = 0;
  const send = (step: { event: unknown; state: Snapshot }) => {
    const { type, offset } = step.event as TimedEvent;
    h.actor.send({ type, at: h.actor.getSnapshot().context.lastActivity + offset } as SessionEvent);
    if (step.state.matches('active') && offset >= ACTIVITY_THROTTLE_MS) expectedRecords += 1;
  };
  // The timer's event is not one of the machine's own, hence the wider record.
  const events: Record<string, (step: { event: unknown; state: Snapshot }) => void> = {
    activity: send,
    'visibility.visible': send,
    [TIMER]: () => h.clock.increment(IDLE_TIMEOUT_MS),
  };
  return path.test({
    events: events as Parameters<ModelPath['test']>[0]['events'],
    states: {
      '*': (expected) => {
        const snapshot = h.actor.getSnapshot();
        expect(snapshot.value).toEqual(expected.value);
        expect(snapshot.status).toBe(expected.matches('expired') ? 'done' : 'active');
        expect(h.recorded).toHaveLength(expectedRecords);
        expect(h.logout).toHaveBeenCalledTimes(expected.matches('expired') ? 1 : 0);
      },
    },
  });
}

function describePath(path: ModelPath) {
  return `${
    path.steps
      .slice(1)
      .map(({ event }) => label(event))
      .join(' → ') || 'start'
  } ⇒ ${String(path.state.value)}`;
}

describe('session machine (model)', () => {
  const shortestPaths = model.getShortestPaths();
  const simplePaths = model.getSimplePaths();

  it('covers every state and every transition', () => {
    const covered = new Set<string>();
    for (const path of shortestPaths) {
      let previous = path.steps[0]!.state;
      for (const step of path.steps.slice(1)) {
        covered.add(`${String(previous.value)} --${label(step.event)}--> ${String(step.state.value)}`);
        previous = step.state;
      }
    }
    expect([...covered].sort()).toEqual(
      [
        'active --activity +59.999s--> active',
        'active --activity +60s--> active',
        'active --activity +1800s--> expired',
        'active --visibility.visible +59.999s--> active',
        'active --visibility.visible +60s--> active',
        'active --visibility.visible +1800s--> expired',
        `active --${TIMER}--> expired`,
      ].sort(),
    );
  });

  describe('shortest paths', () => {
    it.each(shortestPaths.map((path) => [describePath(path), path] as const))('%s', async (_, path) => {
      await runPath(path);
    });
  });

  describe('simple paths', () => {
    it.each(simplePaths.map((path) => [describePath(path), path] as const))('%s', async (_, path) => {
      await runPath(path);
    });
  });
});

describe('session machine', () => {
  // Real time, faked: Date.now() stamps the events and the default clock runs the timer.
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function start(input: { idleTimeoutMs?: number; activityThrottleMs?: number } = {}) {
    const recordActivity = vi.fn();
    const logout = vi.fn();
    const actor = createActor(sessionMachine.provide({ actions: { recordActivity, logout } }), {
      input: { lastActivity: Date.now(), ...input },
    });
    actor.start();
    const send = (type: SessionEvent['type']) => actor.send({ type, at: Date.now() });
    return { actor, recordActivity, logout, send };
  }

  it('does not record activity within 60 s of the last record', () => {
    const { recordActivity, send, actor } = start();
    vi.setSystemTime(30_000);
    send('activity');
    vi.setSystemTime(59_999);
    send('activity');
    send('visibility.visible');
    expect(recordActivity).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.lastActivity).toBe(0);
  });

  it('records activity 61 s after the last record, and then throttles from there', () => {
    const { recordActivity, send, actor } = start();
    vi.setSystemTime(61_000);
    send('activity');
    expect(recordActivity).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.lastActivity).toBe(61_000);
    vi.setSystemTime(61_000 + 59_000);
    send('activity');
    expect(recordActivity).toHaveBeenCalledTimes(1);
    vi.setSystemTime(61_000 + 61_000);
    send('activity');
    expect(recordActivity).toHaveBeenCalledTimes(2);
  });

  it('expires after 30 minutes without activity', () => {
    const { actor, logout } = start();
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS - 1);
    expect(actor.getSnapshot().value).toBe('active');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('expired');
    expect(actor.getSnapshot().status).toBe('done');
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('restarts the timer when activity is recorded, not when it is throttled', () => {
    const { actor, send, logout } = start();
    vi.advanceTimersByTime(10 * MINUTE);
    send('activity');
    vi.advanceTimersByTime(29 * MINUTE);
    expect(actor.getSnapshot().value).toBe('active');
    send('activity');
    vi.advanceTimersByTime(MINUTE - 1);
    expect(actor.getSnapshot().value).toBe('active');
    send('activity');
    vi.advanceTimersByTime(1);
    // 30 minutes after the record at 39 min, whatever came within the throttle after it.
    expect(actor.getSnapshot().value).toBe('active');
    vi.advanceTimersByTime(29 * MINUTE);
    expect(actor.getSnapshot().value).toBe('expired');
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('logs out exactly once when the page becomes visible after 31 idle minutes', () => {
    const { actor, send, logout, recordActivity } = start();
    // The tab slept: the clock moved on, the timer did not fire.
    vi.setSystemTime(31 * MINUTE);
    send('visibility.visible');
    expect(actor.getSnapshot().value).toBe('expired');
    send('visibility.visible');
    send('activity');
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS);
    expect(logout).toHaveBeenCalledTimes(1);
    expect(recordActivity).not.toHaveBeenCalled();
  });

  it('records activity when the page becomes visible before the timeout', () => {
    const { actor, send, logout, recordActivity } = start();
    vi.setSystemTime(29 * MINUTE);
    send('visibility.hidden');
    send('visibility.visible');
    expect(actor.getSnapshot().value).toBe('active');
    expect(recordActivity).toHaveBeenCalledTimes(1);
    expect(logout).not.toHaveBeenCalled();
  });

  it('ends the session on input that arrives after the timeout passed unnoticed', () => {
    const { actor, send, logout } = start();
    vi.setSystemTime(30 * MINUTE);
    send('activity');
    expect(actor.getSnapshot().value).toBe('expired');
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('takes its timing from the input', () => {
    const { actor, send, recordActivity } = start({ idleTimeoutMs: 5_000, activityThrottleMs: 1_000 });
    vi.setSystemTime(1_000);
    send('activity');
    expect(recordActivity).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5_000);
    expect(actor.getSnapshot().value).toBe('expired');
  });

  it('ignores the page becoming hidden', () => {
    const { actor, send, recordActivity } = start();
    vi.setSystemTime(2 * MINUTE);
    send('visibility.hidden');
    expect(actor.getSnapshot().value).toBe('active');
    expect(actor.getSnapshot().context.lastActivity).toBe(0);
    expect(recordActivity).not.toHaveBeenCalled();
  });
});
