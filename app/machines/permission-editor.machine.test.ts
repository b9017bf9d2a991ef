import { createTestModel } from '@xstate/graph';
import { createActor, fromPromise, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  applyEdit,
  categoryChecked,
  categoryProgress,
  categoryState,
  groupByCategory,
  hasUnsavedChanges,
  normalizeIds,
  permissionEditorMachine,
  SAVE_FAILED_MESSAGE,
  sameIds,
  toggleCategory,
  togglePermission,
  type PermissionEditorEvent,
  type PermissionEditorInput,
  type SavePermissionsInput,
  type SavePermissionsOutput,
} from './permission-editor.machine';
import { toTestMachine } from './test-model';

type Snapshot = SnapshotFrom<typeof permissionEditorMachine>;
type ModelEvent = EventFromLogic<typeof permissionEditorMachine>;

/** A catalogue of three permissions; a and b form one category. */
const CATALOGUE = ['a', 'b', 'c'];
const CATEGORY = ['a', 'b'];
const ASHA = { userId: 'asha', permissionIds: ['a'] };
const RAVI = { userId: 'ravi', permissionIds: [] as string[] };
const DONE = 'xstate.done.actor.savePermissions';
const ERROR = 'xstate.error.actor.savePermissions';
const SAVED_MESSAGE = 'Permissions updated for Asha';

// The save actor's outcomes are events of the model too.
const modelEvents = [
  { type: 'user.select', ...ASHA },
  { type: 'user.select', ...RAVI },
  // Someone else granted Asha b meanwhile; a reload reads it.
  { type: 'user.refresh', userId: ASHA.userId, permissionIds: ['a', 'b'] },
  { type: 'permission.toggle', permissionId: 'c' },
  { type: 'category.toggle', permissionIds: CATEGORY },
  { type: 'all.select', permissionIds: CATALOGUE },
  { type: 'all.deselect' },
  { type: 'changes.reset' },
  { type: 'changes.save' },
  { type: 'switch.confirm' },
  { type: 'switch.cancel' },
  { type: DONE, output: { message: SAVED_MESSAGE } },
  { type: ERROR, error: new Error('Network down') },
] as unknown as ModelEvent[];

const stateValue = (snapshot: Snapshot) => JSON.stringify(snapshot.value);

/** Everything the machine holds: the finite events above keep the context bounded. */
const stateKey = (snapshot: Snapshot) => JSON.stringify([snapshot.value, snapshot.context]);

/** A transition's label: which user an event names matters, the rest shows in the target state. */
function transitionLabel(previous: Snapshot, event: { type: string; userId?: string }) {
  if (event.type === 'user.select' || event.type === 'user.refresh') {
    return `${event.type} ${event.userId === previous.context.userId ? 'same' : 'other'} user`;
  }
  return event.type;
}

const testMachine = toTestMachine(permissionEditorMachine);

/** One node per reachable state: its shortest paths reach every state. */
const model = createTestModel(testMachine, { events: modelEvents, serializeState: stateKey });

/**
 * One node per state reached by one event from one state: its shortest paths take every
 * transition of every reachable state once.
 */
const transitionModel = createTestModel(testMachine, {
  events: modelEvents,
  serializeState: (snapshot, event, previous) =>
    previous && event ? `${stateKey(snapshot)} via ${JSON.stringify(event)} from ${stateKey(previous)}` : stateKey(snapshot),
});

type ModelPath = ReturnType<typeof model.getShortestPaths>[number];
type TestParams = Parameters<ModelPath['test']>[0];

function describePath(path: ModelPath) {
  const events = path.steps.slice(1).map(({ event }) => {
    const e = event as PermissionEditorEvent;
    if (e.type === 'user.select' || e.type === 'user.refresh') return `${e.type} ${e.userId}`;
    if (e.type === 'permission.toggle') return `toggle ${e.permissionId}`;
    const outcomes: Record<string, string> = { [DONE]: 'saved', [ERROR]: 'save failed' };
    return outcomes[e.type] ?? e.type;
  });
  return `${events.join(' → ') || 'start'} ⇒ ${stateValue(path.state)}`;
}

function harness(input?: PermissionEditorInput) {
  const saves: SavePermissionsInput[] = [];
  const shown: (string | null)[] = [];
  const saved: { userId: string; message: string | undefined }[] = [];
  const failures: string[] = [];
  let pending: { resolve: (output: SavePermissionsOutput) => void; reject: (error: unknown) => void } | undefined;
  const actor = createActor(
    permissionEditorMachine.provide({
      actors: {
        savePermissions: fromPromise<SavePermissionsOutput, SavePermissionsInput>(({ input }) => {
          saves.push(input);
          return new Promise((resolve, reject) => {
            pending = { resolve, reject };
          });
        }),
      },
      actions: {
        showUser: (_, params) => shown.push(params.userId),
        notifySaved: (_, params) => saved.push(params),
        notifySaveFailed: (_, params) => failures.push(params.message),
      },
    }),
    { input },
  );
  actor.start();
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    actor,
    saves,
    shown,
    saved,
    failures,
    send: (event: PermissionEditorEvent) => actor.send(event),
    context: () => actor.getSnapshot().context,
    value: () => actor.getSnapshot().value,
    async resolve(output: SavePermissionsOutput = {}) {
      pending?.resolve(output);
      await settle();
    },
    async reject(error: unknown) {
      pending?.reject(error);
      await settle();
    },
  };
}

/** Replays a path on the real machine with a stubbed save, checking it step by step. */
function runPath(path: ModelPath) {
  const h = harness();
  let expectedSaves = 0;
  let expectedDone = 0;
  let expectedFailed = 0;
  const send = ({ event }: { event: object }) => h.send(event as PermissionEditorEvent);
  // The actor's outcomes are not events of the machine's type, hence the wider record.
  const events: Record<string, (step: { event: object; state: Snapshot }) => unknown> = {
    'user.select': send,
    'user.refresh': send,
    'permission.toggle': send,
    'category.toggle': send,
    'all.select': send,
    'all.deselect': send,
    'changes.reset': send,
    'changes.save': (step) => {
      if (step.state.matches('saving')) expectedSaves += 1;
      send(step);
    },
    'switch.confirm': send,
    'switch.cancel': send,
    [DONE]: async ({ event }) => {
      expectedDone += 1;
      await h.resolve((event as { output: SavePermissionsOutput }).output);
    },
    [ERROR]: async ({ event }) => {
      expectedFailed += 1;
      await h.reject((event as { error: unknown }).error);
    },
  };
  return path.test({
    events: events as TestParams['events'],
    states: {
      '*': (expected) => {
        const snapshot = h.actor.getSnapshot();
        expect(stateKey(snapshot)).toBe(stateKey(expected));
        const { context } = snapshot;
        // The dirty flag is exactly "differs from what is saved".
        if (snapshot.matches({ editing: 'clean' })) expect(hasUnsavedChanges(context)).toBe(false);
        if (snapshot.matches({ editing: 'dirty' }) || snapshot.matches('confirmingSwitch') || snapshot.matches('saving')) {
          expect(hasUnsavedChanges(context)).toBe(true);
        }
        expect(context.pending !== null).toBe(snapshot.matches('confirmingSwitch'));
        expect(Object.keys(snapshot.children)).toEqual(snapshot.matches('saving') ? ['savePermissions'] : []);
        // One request per save, with the selection of that moment.
        expect(h.saves).toHaveLength(expectedSaves);
        if (snapshot.matches('saving')) {
          expect(h.saves.at(-1)).toEqual({ userId: context.userId, permissionIds: context.selected });
        }
        expect(h.saved).toHaveLength(expectedDone);
        expect(h.failures).toHaveLength(expectedFailed);
        // The address always names the user on screen.
        if (h.shown.length) expect(h.shown.at(-1)).toBe(context.userId);
      },
    },
  });
}

describe('permission editor machine (model)', () => {
  const statePaths = model.getShortestPaths();
  const transitionPaths = transitionModel.getShortestPaths();

  it('covers every state and every transition', () => {
    const covered = new Set<string>();
    for (const path of transitionPaths) {
      let previous = path.steps[0]!.state;
      for (const step of path.steps.slice(1)) {
        covered.add(`${stateValue(previous)} --${transitionLabel(previous, step.event)}--> ${stateValue(step.state)}`);
        previous = step.state;
      }
    }
    const idle = '"idle"';
    const clean = '{"editing":"clean"}';
    const dirty = '{"editing":"dirty"}';
    const confirming = '"confirmingSwitch"';
    const saving = '"saving"';
    expect([...covered].sort()).toEqual(
      [
        `${idle} --user.select other user--> ${clean}`,

        `${clean} --user.select same user--> ${clean}`,
        `${clean} --user.select other user--> ${clean}`,
        `${clean} --user.refresh same user--> ${clean}`,
        `${clean} --user.refresh other user--> ${clean}`,
        `${clean} --permission.toggle--> ${dirty}`,
        `${clean} --category.toggle--> ${dirty}`,
        `${clean} --all.select--> ${dirty}`,
        `${clean} --all.select--> ${clean}`,
        `${clean} --all.deselect--> ${dirty}`,
        `${clean} --all.deselect--> ${clean}`,

        `${dirty} --user.select same user--> ${dirty}`,
        `${dirty} --user.select other user--> ${confirming}`,
        `${dirty} --user.refresh same user--> ${dirty}`,
        `${dirty} --user.refresh same user--> ${clean}`,
        `${dirty} --user.refresh other user--> ${dirty}`,
        `${dirty} --permission.toggle--> ${dirty}`,
        `${dirty} --permission.toggle--> ${clean}`,
        `${dirty} --category.toggle--> ${dirty}`,
        `${dirty} --category.toggle--> ${clean}`,
        `${dirty} --all.select--> ${dirty}`,
        `${dirty} --all.select--> ${clean}`,
        `${dirty} --all.deselect--> ${dirty}`,
        `${dirty} --all.deselect--> ${clean}`,
        `${dirty} --changes.reset--> ${clean}`,
        `${dirty} --changes.save--> ${saving}`,

        `${confirming} --switch.confirm--> ${clean}`,
        `${confirming} --switch.cancel--> ${dirty}`,

        `${saving} --${DONE}--> ${clean}`,
        `${saving} --${ERROR}--> ${dirty}`,
      ].sort(),
    );
  });

  describe('every reachable state', () => {
    it.each(statePaths.map((path) => [describePath(path), path] as const))('%s', async (_, path) => {
      await runPath(path);
    });
  });

  it(`takes each of the ${transitionPaths.length} transitions of the reachable states`, async () => {
    for (const path of transitionPaths) await runPath(path);
  }, 120_000);
});

describe('permission editor machine', () => {
  it('starts on nobody, or on the user the address names', () => {
    expect(harness().value()).toBe('idle');
    const h = harness({ userId: 'asha', permissionIds: ['b', 'a', 'a'] });
    expect(h.value()).toEqual({ editing: 'clean' });
    expect(h.context()).toMatchObject({ userId: 'asha', saved: ['a', 'b'], selected: ['a', 'b'] });
  });

  it('raises the dirty flag on a change and lowers it when the selection is back to the saved one', () => {
    const h = harness();
    h.send({ type: 'user.select', ...ASHA });
    expect(hasUnsavedChanges(h.context())).toBe(false);
    h.send({ type: 'permission.toggle', permissionId: 'c' });
    expect(h.value()).toEqual({ editing: 'dirty' });
    expect(hasUnsavedChanges(h.context())).toBe(true);
    h.send({ type: 'permission.toggle', permissionId: 'c' });
    expect(h.value()).toEqual({ editing: 'clean' });
  });

  it('resets to the saved grants', () => {
    const h = harness();
    h.send({ type: 'user.select', ...ASHA });
    h.send({ type: 'all.select', permissionIds: CATALOGUE });
    expect(h.context().selected).toEqual(['a', 'b', 'c']);
    h.send({ type: 'changes.reset' });
    expect(h.value()).toEqual({ editing: 'clean' });
    expect(h.context().selected).toEqual(['a']);
  });

  it('saves the selection, then counts it as saved', async () => {
    const h = harness();
    h.send({ type: 'user.select', ...ASHA });
    h.send({ type: 'category.toggle', permissionIds: CATEGORY });
    h.send({ type: 'changes.save' });
    expect(h.value()).toBe('saving');
    expect(h.saves).toEqual([{ userId: 'asha', permissionIds: ['a', 'b'] }]);
    // Edits and other users wait until the save is answered.
    h.send({ type: 'permission.toggle', permissionId: 'c' });
    h.send({ type: 'user.select', ...RAVI });
    expect(h.context().selected).toEqual(['a', 'b']);
    await h.resolve({ message: SAVED_MESSAGE });
    expect(h.value()).toEqual({ editing: 'clean' });
    expect(h.context()).toMatchObject({ saved: ['a', 'b'], selected: ['a', 'b'], error: null });
    expect(h.saved).toEqual([{ userId: 'asha', message: SAVED_MESSAGE }]);
  });

  it('keeps the changes and the message when the save fails', async () => {
    const h = harness();
    h.send({ type: 'user.select', ...ASHA });
    h.send({ type: 'all.deselect' });
    h.send({ type: 'changes.save' });
    await h.reject(new Error('Only a super admin can change permissions'));
    expect(h.value()).toEqual({ editing: 'dirty' });
    expect(h.context()).toMatchObject({ saved: ['a'], selected: [], error: 'Only a super admin can change permissions' });
    expect(h.failures).toEqual(['Only a super admin can change permissions']);
    // A failure without a message gets the screen's own.
    h.send({ type: 'changes.save' });
    await h.reject(undefined);
    expect(h.failures.at(-1)).toBe(SAVE_FAILED_MESSAGE);
    // The next change clears the message.
    h.send({ type: 'permission.toggle', permissionId: 'c' });
    expect(h.context().error).toBeNull();
  });

  it('asks before switching users with unsaved changes, and keeps them on cancel', () => {
    const h = harness();
    h.send({ type: 'user.select', ...ASHA });
    h.send({ type: 'permission.toggle', permissionId: 'b' });
    h.send({ type: 'user.select', ...RAVI });
    expect(h.value()).toBe('confirmingSwitch');
    expect(h.context()).toMatchObject({ userId: 'asha', pending: { userId: 'ravi', permissionIds: [] } });
    h.send({ type: 'switch.cancel' });
    expect(h.value()).toEqual({ editing: 'dirty' });
    expect(h.context()).toMatchObject({ userId: 'asha', selected: ['a', 'b'], pending: null });
    expect(h.shown).toEqual(['asha', 'asha']);
  });

  it('discards the changes and shows the other user on confirm', () => {
    const h = harness();
    h.send({ type: 'user.select', ...ASHA });
    h.send({ type: 'permission.toggle', permissionId: 'b' });
    h.send({ type: 'user.select', ...RAVI });
    h.send({ type: 'switch.confirm' });
    expect(h.value()).toEqual({ editing: 'clean' });
    expect(h.context()).toEqual({ userId: 'ravi', saved: [], selected: [], pending: null, error: null });
    expect(h.shown).toEqual(['asha', 'ravi']);
  });

  it('switches at once while nothing is unsaved', () => {
    const h = harness();
    h.send({ type: 'user.select', ...ASHA });
    h.send({ type: 'user.select', ...RAVI });
    expect(h.value()).toEqual({ editing: 'clean' });
    expect(h.context().userId).toBe('ravi');
  });

  it('follows grants read again: a clean checklist takes them, a dirty one keeps its ticks', () => {
    const h = harness();
    h.send({ type: 'user.select', ...ASHA });
    h.send({ type: 'user.refresh', userId: 'asha', permissionIds: ['a', 'c'] });
    expect(h.context()).toMatchObject({ saved: ['a', 'c'], selected: ['a', 'c'] });
    h.send({ type: 'user.refresh', userId: 'ravi', permissionIds: ['b'] });
    expect(h.context()).toMatchObject({ userId: 'asha', saved: ['a', 'c'] });

    h.send({ type: 'permission.toggle', permissionId: 'b' });
    h.send({ type: 'user.refresh', userId: 'asha', permissionIds: ['c'] });
    expect(h.value()).toEqual({ editing: 'dirty' });
    expect(h.context()).toMatchObject({ saved: ['c'], selected: ['a', 'b', 'c'] });
    // Someone else saved exactly these ticks: nothing is left to save.
    h.send({ type: 'user.refresh', userId: 'asha', permissionIds: ['a', 'b', 'c'] });
    expect(h.value()).toEqual({ editing: 'clean' });
  });
});

describe('checklist helpers', () => {
  it('computes a category as all, some or none ticked', () => {
    expect(categoryState([], ['a', 'b'])).toBe('none');
    expect(categoryState(['c'], ['a', 'b'])).toBe('none');
    expect(categoryState(['a'], ['a', 'b'])).toBe('some');
    expect(categoryState(['a', 'c'], ['a', 'b'])).toBe('some');
    expect(categoryState(['b', 'a'], ['a', 'b'])).toBe('all');
    expect(categoryState(['a', 'b', 'c'], ['a', 'b'])).toBe('all');
    expect(categoryState(['a'], [])).toBe('none');
  });

  it('maps the three states to a tri-state checkbox', () => {
    expect(categoryChecked('all')).toBe(true);
    expect(categoryChecked('some')).toBe('indeterminate');
    expect(categoryChecked('none')).toBe(false);
  });

  it('ticks a whole category unless all of it is ticked, then unticks it', () => {
    expect(toggleCategory([], ['a', 'b'])).toEqual(['a', 'b']);
    expect(toggleCategory(['b', 'c'], ['a', 'b'])).toEqual(['a', 'b', 'c']);
    expect(toggleCategory(['a', 'b', 'c'], ['a', 'b'])).toEqual(['c']);
  });

  it('toggles one permission and keeps selections sorted and distinct', () => {
    expect(togglePermission(['a'], 'c')).toEqual(['a', 'c']);
    expect(togglePermission(['a', 'c'], 'a')).toEqual(['c']);
    expect(normalizeIds(['b', 'a', 'b'])).toEqual(['a', 'b']);
    expect(sameIds(['b', 'a'], ['a', 'b'])).toBe(true);
    expect(sameIds(['a'], ['a', 'b'])).toBe(false);
    expect(applyEdit(['a'], { type: 'all.select', permissionIds: ['c', 'b', 'a'] })).toEqual(['a', 'b', 'c']);
    expect(applyEdit(['a'], { type: 'all.deselect' })).toEqual([]);
  });

  it('measures the progress of a category', () => {
    expect(categoryProgress(['a'], ['a', 'b', 'c'])).toEqual({ granted: 1, total: 3, percent: 33 });
    expect(categoryProgress(['a', 'b', 'c'], ['a', 'b', 'c'])).toEqual({ granted: 3, total: 3, percent: 100 });
    expect(categoryProgress(['a'], [])).toEqual({ granted: 0, total: 0, percent: 0 });
  });

  it('groups permissions by category in the order of the catalogue', () => {
    const groups = groupByCategory([
      { name: 'DASHBOARD_VIEW', category: 'dashboard' },
      { name: 'STUDENT_ADD', category: 'student' },
      { name: 'STUDENT_VIEW_ALL', category: 'student' },
      { name: 'LEGACY', category: 'dashboard' },
    ]);
    expect(groups.map((g) => [g.category, g.permissions.map((p) => p.name)])).toEqual([
      ['dashboard', ['DASHBOARD_VIEW', 'LEGACY']],
      ['student', ['STUDENT_ADD', 'STUDENT_VIEW_ALL']],
    ]);
  });
});
