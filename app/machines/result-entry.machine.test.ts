import { createTestModel } from '@xstate/graph';
import { createActor, fromPromise, getNextSnapshot, SimulatedClock, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { MarkCell, SavedMarks } from '../../common/contracts/exam-results';
import {
  cellId,
  cellStatus,
  hasUnsaved,
  resultEntryMachine,
  retryDelay,
  SAVE_DEBOUNCE_MS,
  SaveError,
  shownValue,
  splitCellId,
  type ResultEntryContext,
} from './result-entry.machine';
import { toTestMachine } from './test-model';

type Snapshot = SnapshotFrom<typeof resultEntryMachine>;
type ModelEvent = EventFromLogic<typeof resultEntryMachine>;

const A = cellId('s1', 'acc');
const B = cellId('s2', 'acc');
const DONE = 'xstate.done.actor.saveCells';
const ERROR = 'xstate.error.actor.saveCells';
const DEBOUNCE = 'xstate.after.debounce.resultEntry.waiting';
const BACKOFF = 'xstate.after.backoff.resultEntry.failed';

const answers: Record<string, SavedMarks> = {
  'A saved': { saved: [{ studentId: 's1', subject: 'acc', value: 50, version: 1 }], conflicts: [] },
  'A met 60': { saved: [], conflicts: [{ studentId: 's1', subject: 'acc', value: 60, version: 1 }] },
};

const modelEvents = [
  { type: 'cell.edit', cell: A, value: 50 },
  { type: 'cell.edit', cell: A, value: null },
  { type: 'cell.edit', cell: B, value: 'AB' },
  { type: 'edit.undo' },
  { type: 'conflict.keepMine', cell: A },
  { type: 'conflict.takeTheirs', cell: A },
  { type: 'save.now' },
  { type: 'retry' },
  { type: 'connection.lost' },
  { type: 'connection.back' },
  ...Object.entries(answers).map(([label, output]) => ({ type: DONE, label, output })),
  { type: ERROR, label: 'network', error: new TypeError('Failed to fetch') },
  { type: ERROR, label: 'refused', error: new SaveError('These results are published', true) },
] as unknown as ModelEvent[];

type Labelled = { type: string; label?: string; cell?: string; value?: unknown; output?: SavedMarks };
const label = (event: Labelled) =>
  event.label
    ? `${event.type}(${event.label})`
    : event.cell
      ? `${event.type}(${event.cell === A ? 'A' : 'B'}${'value' in event ? `=${String(event.value)}` : ''})`
      : event.type;

/**
 * The snapshot without the count of failed saves beyond the first, which only sets how long the
 * next wait is and would make the model endless (so does the undo stack, which the model keeps
 * to one edit).
 */
function stateKey(snapshot: Snapshot) {
  const { attempts, ...context } = snapshot.context;
  return JSON.stringify([snapshot.value, context, Math.min(attempts, 1)]);
}

const testMachine = toTestMachine(resultEntryMachine);
const model = createTestModel(testMachine, {
  input: { saved: {}, undoLimit: 1 },
  events: modelEvents,
  serializeState: (snapshot) => stateKey(snapshot),
});

interface Step {
  event: Labelled;
  state: Snapshot;
}

// A settled save reaches the machine through the promise's callbacks: after the microtasks queued.
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** The real machine: a stubbed save the test settles by hand, and a simulated clock. */
function harness(saved: ResultEntryContext['saved'] = {}, undoLimit?: number) {
  const clock = new SimulatedClock();
  const sent: MarkCell[][] = [];
  let pending: { resolve: (answer: SavedMarks) => void; reject: (error: unknown) => void } | undefined;
  const actor = createActor(
    resultEntryMachine.provide({
      actors: {
        saveCells: fromPromise<SavedMarks, { cells: MarkCell[] }>(({ input }) => {
          sent.push(input.cells);
          return new Promise<SavedMarks>((resolve, reject) => {
            pending = { resolve, reject };
          });
        }),
      },
    }),
    { clock, input: { saved, undoLimit } },
  );
  actor.start();
  return {
    actor,
    clock,
    sent,
    /** Sends a model event: the save's answer, the passing of a wait, or the user's event itself. */
    async apply(event: Labelled) {
      if (event.type === DONE || event.type === ERROR) {
        if (event.type === DONE) pending?.resolve((event as unknown as { output: SavedMarks }).output);
        else pending?.reject((event as unknown as { error: unknown }).error);
        await settle();
      } else if (event.type === DEBOUNCE) clock.increment(SAVE_DEBOUNCE_MS);
      else if (event.type === BACKOFF) clock.increment(retryDelay(actor.getSnapshot().context.attempts));
      else actor.send(event as ModelEvent);
    },
  };
}

/** What holds in every state the real machine reaches, besides being the model's. */
function expectSound(snapshot: Snapshot, sent: MarkCell[][]) {
  const { context } = snapshot;
  // One save at a time, carrying exactly what is on its way, each cell on the version the page holds.
  expect(Object.keys(snapshot.children)).toEqual(snapshot.matches('saving') ? ['saveCells'] : []);
  if (snapshot.matches('saving')) {
    expect(sent.at(-1)).toEqual(
      Object.entries(context.sending).map(([id, value]) => ({
        ...splitCellId(id),
        value,
        baseVersion: context.saved[id]?.version ?? 0,
      })),
    );
  } else expect(context.sending).toEqual({});
  // A typed value is never both waiting to go and held as a conflict.
  for (const id of Object.keys(context.pending)) expect(context.conflicts).not.toHaveProperty(id);
  // Nothing typed is lost: a cell the server does not hold as shown is pending, sending or a conflict.
  for (const id of [A, B]) {
    if (shownValue(context, id) !== (context.saved[id]?.value ?? null)) expect(cellStatus(context, id, false)).not.toBe('saved');
  }
  if (snapshot.matches('idle')) expect(Object.keys(context.pending)).toEqual([]);
  if (snapshot.matches('failed') || snapshot.matches('refused')) expect(context.error).toBeTruthy();
  expect(hasUnsaved(context)).toBe(Object.keys({ ...context.pending, ...context.sending, ...context.conflicts }).length > 0);
}

/** Replays steps on the real machine, each state held to the model's and to expectSound. */
async function replay(steps: Step[]) {
  const h = harness({}, 1);
  for (const step of steps) {
    await h.apply(step.event);
    const snapshot = h.actor.getSnapshot();
    expect(stateKey(snapshot), label(step.event)).toBe(stateKey(step.state));
    expectSound(snapshot, h.sent);
  }
}

const describeSteps = (steps: Step[]) => steps.map((step) => label(step.event)).join(' → ') || 'start';

// Paths through every state the model reaches, context and all (a path that is the start of
// another is left out: every step of each is checked).
const paths = model.getShortestPaths().map((path) => path.steps.slice(1) as unknown as Step[]);

/** The way to each state: the steps of a path up to it. */
const wayTo = new Map<string, { state: Snapshot; steps: Step[] }>();
for (const steps of paths) {
  steps.forEach((step, index) => {
    const key = stateKey(step.state);
    if (!wayTo.has(key)) wayTo.set(key, { state: step.state, steps: steps.slice(0, index + 1) });
  });
}

/**
 * Each kind of transition (from a state, by an event type, to a state) taken once: the way to
 * the first state it leaves from, and then it. An event that changes nothing is no transition.
 */
const transitions = new Map<string, Step[]>();
for (const { state, steps } of wayTo.values()) {
  for (const event of [...modelEvents, { type: DEBOUNCE }, { type: BACKOFF }] as ModelEvent[]) {
    const next = getNextSnapshot(testMachine, state, event);
    if (stateKey(next) === stateKey(state)) continue;
    const kind = `${String(state.value)} --${event.type}--> ${String(next.value)}`;
    if (!transitions.has(kind)) transitions.set(kind, [...steps, { event: event as Labelled, state: next }]);
  }
}

describe('result entry machine (model)', () => {
  it('takes every transition of the chart', () => {
    const taken = [...transitions.keys()];
    expect(
      [
        'idle --cell.edit--> waiting',
        'idle --edit.undo--> waiting',
        'idle --conflict.keepMine--> waiting',
        'waiting --cell.edit--> idle',
        `waiting --${DEBOUNCE}--> saving`,
        'waiting --save.now--> saving',
        `saving --${DONE}--> idle`,
        `saving --${DONE}--> waiting`,
        `saving --${ERROR}--> failed`,
        `saving --${ERROR}--> refused`,
        `failed --${BACKOFF}--> saving`,
        'failed --retry--> saving',
        'refused --cell.edit--> waiting',
        'refused --retry--> saving',
        'saving --connection.lost--> offline',
        'offline --connection.back--> saving',
        'offline --connection.back--> idle',
      ].filter((transition) => !taken.includes(transition)),
    ).toEqual([]);
  });

  describe('a path to each state', () => {
    it.each(paths.map((steps) => [describeSteps(steps), steps] as const))('%s', async (_, steps) => {
      await replay(steps);
    });
  });

  describe('each transition', () => {
    it.each([...transitions].map(([kind, steps]) => [kind, steps] as const))('%s', async (_, steps) => {
      await replay(steps);
    });
  });
});

describe('result entry machine', () => {
  it('saves a second after the last keystroke, all cells typed meanwhile in one save', async () => {
    const h = harness({ [A]: { value: 40, version: 3 } });
    h.actor.send({ type: 'cell.edit', cell: A, value: 45 });
    h.clock.increment(SAVE_DEBOUNCE_MS - 1);
    h.actor.send({ type: 'cell.edit', cell: B, value: 12 });
    h.clock.increment(SAVE_DEBOUNCE_MS - 1);
    expect(h.sent).toEqual([]);
    h.clock.increment(1);
    expect(h.sent).toEqual([
      [
        { studentId: 's1', subject: 'acc', value: 45, baseVersion: 3 },
        { studentId: 's2', subject: 'acc', value: 12, baseVersion: 0 },
      ],
    ]);
  });

  it('keeps a conflict beside the other person’s mark until the user chooses, and sends theirs on the new version', async () => {
    const h = harness();
    h.actor.send({ type: 'cell.edit', cell: A, value: 50 });
    h.actor.send({ type: 'save.now' });
    await h.apply({ type: DONE, output: answers['A met 60'] } as Labelled);
    const { context } = h.actor.getSnapshot();
    expect(context.conflicts[A]).toEqual({ mine: 50, theirs: { value: 60, version: 1 } });
    expect(shownValue(context, A)).toBe(50);
    h.actor.send({ type: 'conflict.keepMine', cell: A });
    h.actor.send({ type: 'save.now' });
    expect(h.sent.at(-1)).toEqual([{ studentId: 's1', subject: 'acc', value: 50, baseVersion: 1 }]);
  });

  it('sends a cell typed again while its save met someone else’s change on their version, the newer value kept', async () => {
    const h = harness();
    h.actor.send({ type: 'cell.edit', cell: A, value: 50 });
    h.actor.send({ type: 'save.now' });
    h.actor.send({ type: 'cell.edit', cell: A, value: 55 });
    await h.apply({ type: DONE, output: answers['A met 60'] } as Labelled);
    const { context } = h.actor.getSnapshot();
    expect(context.conflicts).toEqual({});
    expect(shownValue(context, A)).toBe(55);
    h.clock.increment(SAVE_DEBOUNCE_MS);
    expect(h.sent.at(-1)).toEqual([{ studentId: 's1', subject: 'acc', value: 55, baseVersion: 1 }]);
  });

  it('tries a failed save again after 2, 4 and 8 seconds, and at most every 30', () => {
    expect([1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  });

  it('takes back the last edits in turn, across cells', () => {
    const h = harness({ [A]: { value: 40, version: 1 } });
    h.actor.send({ type: 'cell.edit', cell: A, value: 45 });
    h.actor.send({ type: 'cell.edit', cell: B, value: 'AB' });
    h.actor.send({ type: 'edit.undo' });
    expect(shownValue(h.actor.getSnapshot().context, B)).toBe(null);
    h.actor.send({ type: 'edit.undo' });
    expect(shownValue(h.actor.getSnapshot().context, A)).toBe(40);
    expect(h.actor.getSnapshot().value).toBe('idle');
  });
});
