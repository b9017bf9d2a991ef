import { createTestModel } from '@xstate/graph';
import { createActor, getInitialSnapshot, getNextSnapshot, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  FORMAT_LIMITS,
  formatField,
  layoutMessages,
  layoutProblems,
  type FormatField,
  type FormatLayout,
} from '../../common/certificate-layout';
import {
  HISTORY_LIMIT,
  canRedo,
  canUndo,
  formatDesignerMachine,
  formatDesignerMessages,
  hasUnsavedChanges,
  planEdit,
  selectedField,
  type FormatDesignerEvent,
  type FormatDesignerInput,
} from './format-designer.machine';

/*
 * The model: an ID card with a student name on the front. Fields are added, selected, dragged
 * (a little, and far off the page), nudged, resized, changed, duplicated and deleted on both
 * sides, with undo and redo. States are told apart by the machine state, the side shown, how many
 * fields each side holds (three or more count as three), whether one is selected, and whether
 * there is something to undo or redo; that bounds the context and still decides which events
 * apply. Every state is replayed on a running actor, and every kind of transition is taken once.
 */

type Snapshot = SnapshotFrom<typeof formatDesignerMachine>;

function field(overrides: Partial<FormatField> & Pick<FormatField, 'id' | 'type'>): FormatField {
  return formatField.parse({ x: 10, y: 10, width: 30, height: 5, fontSize: 8, ...overrides });
}

const card: FormatLayout = {
  kind: 'idcard',
  pageSize: 'CR80',
  orientation: 'portrait',
  background: { front: null, back: null },
  fields: [field({ id: 'f1', type: 'studentName' })],
};

const certificate: FormatLayout = {
  kind: 'certificate',
  pageSize: 'A4',
  orientation: 'landscape',
  background: { front: 'backgrounds/gold.png', back: null },
  fields: [
    field({ id: 'f1', type: 'studentName', x: 48.5, y: 80, width: 200, height: 12, fontSize: 24 }),
    field({ id: 'f2', type: 'course', x: 20, y: 120, width: 100, height: 8 }),
  ],
};

const modelInput: FormatDesignerInput = { layout: card };

const onSide = (snapshot: Snapshot) => snapshot.context.layout.fields.filter((each) => each.side === snapshot.context.side);

/** The model's events in a state: the edits, aimed at the fields on the side shown. */
function modelEvents(snapshot: Snapshot): FormatDesignerEvent[] {
  const fields = onSide(snapshot);
  const first = fields[0]?.id ?? 'missing';
  const other = fields.find((each) => each.id !== snapshot.context.selectedId)?.id ?? 'missing';
  return [
    { type: 'field.add', fieldType: 'photo' },
    { type: 'field.select', id: other },
    { type: 'field.deselect' },
    { type: 'field.drag', id: first, dx: 3, dy: 2 },
    { type: 'field.drag', id: first, dx: -1000, dy: -1000 },
    { type: 'field.nudge', direction: 'right', large: false },
    { type: 'field.nudge', direction: 'up', large: true },
    { type: 'field.resize', id: first, dw: 2, dh: 1 },
    { type: 'field.change', changes: { fontSize: 10 } },
    { type: 'field.delete' },
    { type: 'field.duplicate' },
    { type: 'side.switch', side: snapshot.context.side === 'front' ? 'back' : 'front' },
    { type: 'history.undo' },
    { type: 'history.redo' },
    { type: 'layout.load', layout: card },
    { type: 'layout.saved', layout: snapshot.context.layout },
  ];
}

function stateKey(snapshot: Snapshot) {
  const { layout, side, selectedId } = snapshot.context;
  const count = (which: string) => Math.min(3, layout.fields.filter((each) => each.side === which).length);
  return JSON.stringify([
    snapshot.value,
    side,
    count('front'),
    count('back'),
    selectedId !== null,
    canUndo(snapshot.context),
    canRedo(snapshot.context),
  ]);
}

const model = createTestModel(formatDesignerMachine, { events: modelEvents, serializeState: stateKey });
type ModelPath = ReturnType<typeof model.getShortestPaths>[number];

/** The snapshots a path's events really lead to (the model merges states with the same key). */
function replayModel(path: ModelPath): Snapshot[] {
  let snapshot = getInitialSnapshot(formatDesignerMachine, modelInput);
  const snapshots = [snapshot];
  for (const step of path.steps.slice(1)) {
    snapshot = getNextSnapshot(formatDesignerMachine, snapshot, step.event);
    snapshots.push(snapshot);
  }
  return snapshots;
}

function transitionName(previous: Snapshot, event: FormatDesignerEvent, next: Snapshot) {
  const handled =
    previous.matches('selected') ||
    !['field.deselect', 'field.nudge', 'field.change', 'field.delete', 'field.duplicate'].includes(event.type);
  const outcome = !handled ? ' ignored' : planEdit(previous.context, event).kind === 'refuse' ? ' refused' : '';
  return `${String(previous.value)} --${event.type}${outcome}--> ${String(next.value)}`;
}

function checkInvariants(snapshot: Snapshot) {
  const { context } = snapshot;
  // Every field lies whole on the page, whatever was done to it.
  expect(layoutProblems(context.layout)).toEqual([]);
  // `selected` means a field on the side shown is selected.
  const selected = selectedField(context);
  expect(snapshot.matches('selected')).toBe(selected !== null && selected.side === context.side);
  if (snapshot.matches('idle')) expect(context.selectedId).toBeNull();
  expect(context.past.length).toBeLessThanOrEqual(HISTORY_LIMIT);
  expect(new Set(context.layout.fields.map((each) => each.id)).size).toBe(context.layout.fields.length);
}

function runPath(path: ModelPath) {
  const actor = createActor(formatDesignerMachine, { input: modelInput }).start();
  const expected = replayModel(path);
  for (const [index, { event }] of path.steps.entries()) {
    if (index > 0) actor.send(event as FormatDesignerEvent);
    const snapshot = actor.getSnapshot();
    expect(stateKey(snapshot)).toBe(stateKey(path.steps[index]!.state as Snapshot));
    expect(snapshot.value).toEqual(expected[index]!.value);
    expect(snapshot.context).toEqual(expected[index]!.context);
    checkInvariants(snapshot);
  }
  return actor;
}

describe('format designer machine (model)', () => {
  const paths = model.getShortestPaths({ input: modelInput, allowDuplicatePaths: true });
  const transitions = new Map<string, { path: ModelPath; event: FormatDesignerEvent; next: Snapshot }>();
  for (const path of paths) {
    const state = replayModel(path).at(-1)!;
    for (const event of modelEvents(state)) {
      const next = getNextSnapshot(formatDesignerMachine, state, event);
      const name = transitionName(state, event, next);
      if (!transitions.has(name)) transitions.set(name, { path, event, next });
    }
  }

  it('covers every state and every transition', () => {
    expect([...transitions.keys()].sort()).toEqual(
      [
        // Without a selection: adding, selecting, dragging and resizing select the field they touch.
        'idle --field.add--> selected',
        'idle --field.select--> selected',
        'idle --field.select refused--> idle',
        'idle --field.drag--> selected',
        'idle --field.drag refused--> idle',
        'idle --field.resize--> selected',
        'idle --field.resize refused--> idle',
        'idle --field.deselect ignored--> idle',
        'idle --field.nudge ignored--> idle',
        'idle --field.change ignored--> idle',
        'idle --field.delete ignored--> idle',
        'idle --field.duplicate ignored--> idle',
        'idle --side.switch--> idle',
        'idle --history.undo--> idle',
        'idle --history.undo refused--> idle',
        'idle --history.redo--> idle',
        'idle --history.redo refused--> idle',
        'idle --layout.load--> idle',
        'idle --layout.saved--> idle',
        // With a selection. Edits that change nothing (a nudge against the edge, a size already
        // set) depend on positions the model does not tell apart: the tests below take them.
        'selected --field.add--> selected',
        'selected --field.select--> selected',
        'selected --field.select refused--> selected',
        'selected --field.deselect--> idle',
        'selected --field.drag--> selected',
        'selected --field.nudge--> selected',
        'selected --field.resize--> selected',
        'selected --field.change--> selected',
        'selected --field.delete--> idle',
        'selected --field.duplicate--> selected',
        'selected --side.switch--> idle',
        'selected --history.undo--> idle',
        'selected --history.undo--> selected',
        'selected --history.undo refused--> selected',
        'selected --history.redo--> selected',
        'selected --history.redo refused--> selected',
        'selected --layout.load--> idle',
        'selected --layout.saved--> selected',
      ].sort(),
    );
  });

  it(`reaches each of the ${paths.length} states of the model on a running actor`, { timeout: 120_000 }, () => {
    for (const path of paths) runPath(path);
  });

  it.each([...transitions].map(([name, transition]) => [name, transition] as const))('%s', (_, { path, event, next }) => {
    const actor = runPath(path);
    actor.send(event);
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(next.value);
    expect(snapshot.context).toEqual(next.context);
    checkInvariants(snapshot);
  });
});

function designer(layout: FormatLayout = certificate) {
  const actor = createActor(formatDesignerMachine, { input: { layout } }).start();
  return {
    actor,
    send: (event: FormatDesignerEvent) => actor.send(event),
    context: () => actor.getSnapshot().context,
    field: (id: string) => actor.getSnapshot().context.layout.fields.find((each) => each.id === id),
    state: () => actor.getSnapshot().value,
  };
}

describe('format designer machine', () => {
  it('nudges the selected field by 1 mm, by 5 mm with Shift, and announces where it is', () => {
    const d = designer();
    d.send({ type: 'field.select', id: 'f2' });
    d.send({ type: 'field.nudge', direction: 'right', large: false });
    d.send({ type: 'field.nudge', direction: 'down', large: true });
    expect(d.field('f2')).toMatchObject({ x: 21, y: 125 });
    expect(d.context().announcement).toBe('Course, 21 mm from the left, 125 mm from the top');
  });

  it('stops a field at the page edge and says where it is', () => {
    const d = designer();
    d.send({ type: 'field.select', id: 'f2' });
    d.send({ type: 'field.change', changes: { x: 0 } });
    d.send({ type: 'field.nudge', direction: 'left', large: true });
    expect(d.field('f2')!.x).toBe(0);
    expect(d.context().past).toHaveLength(1);
    expect(d.context().announcement).toBe('Course, 0 mm from the left, 120 mm from the top');
  });

  it('snaps a dragged field to the page centre and to other fields’ edges, and keeps it on the page', () => {
    const d = designer();
    // Course's centre lands 0.7 mm left of the page's centre line (148.5 mm).
    d.send({ type: 'field.drag', id: 'f2', dx: 77.8, dy: 0 });
    expect(d.field('f2')!.x).toBe(98.5);
    expect(d.state()).toBe('selected');
    expect(d.context().selectedId).toBe('f2');
    // Its top edge lands 0.6 mm below the student name's bottom edge (92 mm).
    d.send({ type: 'field.drag', id: 'f2', dx: 0, dy: -27.4 });
    expect(d.field('f2')!.y).toBe(92);
    d.send({ type: 'field.drag', id: 'f2', dx: 5000, dy: 5000 });
    expect(d.field('f2')).toMatchObject({ x: 197, y: 202 });
  });

  it('resizes from the corner, within the page', () => {
    const d = designer();
    d.send({ type: 'field.resize', id: 'f2', dw: 10, dh: 500 });
    expect(d.field('f2')).toMatchObject({ x: 20, y: 120, width: 110, height: 90 });
    expect(d.context().announcement).toBe('Resized: Course, 110 by 90 millimetres');
  });

  it('changes properties, bounding sizes and dropping values that are not values', () => {
    const d = designer();
    d.send({ type: 'field.select', id: 'f1' });
    d.send({ type: 'field.change', changes: { fontSize: 200, colour: '#AA0000', fontWeight: 'bold', align: 'right' } });
    expect(d.field('f1')).toMatchObject({ fontSize: FORMAT_LIMITS.fontSizeMax, colour: '#aa0000', fontWeight: 'bold', align: 'right' });
    const before = d.context().layout;
    d.send({ type: 'field.change', changes: { x: Number.NaN, colour: 'red' } });
    expect(d.context().layout).toBe(before);
    d.send({ type: 'field.change', changes: { width: 400 } });
    expect(d.field('f1')).toMatchObject({ x: 0, width: 297 });
  });

  it('takes back a run of keystrokes in one input with one undo', () => {
    const d = designer({ ...certificate, fields: [...certificate.fields, field({ id: 'f3', type: 'text', text: 'Awarded' })] });
    d.send({ type: 'field.select', id: 'f3' });
    for (const text of ['Awarded t', 'Awarded to', 'Awarded to {{studentName}}']) d.send({ type: 'field.change', changes: { text } });
    d.send({ type: 'field.change', changes: { fontSize: 9 } });
    d.send({ type: 'field.change', changes: { fontSize: 10 } });
    expect(d.context().past).toHaveLength(2);
    d.send({ type: 'history.undo' });
    expect(d.field('f3')).toMatchObject({ text: 'Awarded to {{studentName}}', fontSize: 8 });
    d.send({ type: 'history.undo' });
    expect(d.field('f3')!.text).toBe('Awarded');
    expect(d.context().announcement).toBe(formatDesignerMessages.undone);
    // The same input after an undo starts a new step.
    d.send({ type: 'field.change', changes: { text: 'Given' } });
    d.send({ type: 'field.change', changes: { text: 'Given to' } });
    expect(d.context().past).toHaveLength(1);
  });

  it('undoes and redoes, and a new edit forgets what could be redone', () => {
    const d = designer();
    d.send({ type: 'field.select', id: 'f2' });
    d.send({ type: 'field.delete' });
    expect(d.state()).toBe('idle');
    expect(d.context().announcement).toBe('Course deleted');
    d.send({ type: 'history.undo' });
    expect(d.context().layout).toEqual(certificate);
    d.send({ type: 'history.redo' });
    expect(d.field('f2')).toBeUndefined();
    d.send({ type: 'history.undo' });
    d.send({ type: 'field.add', fieldType: 'qr' });
    expect(canRedo(d.context())).toBe(false);
    d.send({ type: 'history.redo' });
    expect(d.context().announcement).toBe(formatDesignerMessages.nothingToRedo);
  });

  it(`keeps the last ${HISTORY_LIMIT} steps`, () => {
    const d = designer();
    d.send({ type: 'field.select', id: 'f2' });
    for (let step = 0; step < HISTORY_LIMIT + 10; step += 1) {
      d.send({ type: 'field.nudge', direction: step % 2 ? 'left' : 'right', large: false });
    }
    expect(d.context().past).toHaveLength(HISTORY_LIMIT);
    for (let step = 0; step < HISTORY_LIMIT; step += 1) d.send({ type: 'history.undo' });
    d.send({ type: 'history.undo' });
    expect(d.context().announcement).toBe(formatDesignerMessages.nothingToUndo);
  });

  it('duplicates the selected field beside it and selects the copy', () => {
    const d = designer();
    d.send({ type: 'field.select', id: 'f2' });
    d.send({ type: 'field.duplicate' });
    expect(d.context().selectedId).toBe('f3');
    expect(d.field('f3')).toMatchObject({ type: 'course', x: 25, y: 125, width: 100 });
    expect(d.context().announcement).toBe('Course duplicated');
  });

  it(`refuses a field past ${FORMAT_LIMITS.fields}, by adding or by duplicating`, () => {
    const full = Array.from({ length: FORMAT_LIMITS.fields }, (_, index) => field({ id: `f${index + 1}`, type: 'course' }));
    const d = designer({ ...certificate, fields: full });
    d.send({ type: 'field.add', fieldType: 'qr' });
    expect(d.context().layout.fields).toHaveLength(FORMAT_LIMITS.fields);
    expect(d.context().announcement).toBe(layoutMessages.tooManyFields);
    d.send({ type: 'field.select', id: 'f1' });
    d.send({ type: 'field.duplicate' });
    expect(d.context().layout.fields).toHaveLength(FORMAT_LIMITS.fields);
  });

  it('shows the back of an ID card, with its own fields, and keeps a certificate to its front', () => {
    const d = designer(card);
    d.send({ type: 'field.select', id: 'f1' });
    d.send({ type: 'side.switch', side: 'back' });
    expect(d.state()).toBe('idle');
    d.send({ type: 'field.select', id: 'f1' });
    expect(d.state()).toBe('idle');
    d.send({ type: 'field.add', fieldType: 'barcode' });
    expect(d.field('f2')).toMatchObject({ side: 'back' });
    d.send({ type: 'side.switch', side: 'front' });
    d.send({ type: 'history.undo' });
    expect(d.field('f2')).toBeUndefined();

    const c = designer(certificate);
    c.send({ type: 'side.switch', side: 'back' });
    expect(c.context().side).toBe('front');
    expect(c.context().announcement).toBe(layoutMessages.backOnCertificate);
  });

  it('starts afresh when the layout is loaded from outside', () => {
    const d = designer(card);
    d.send({ type: 'side.switch', side: 'back' });
    d.send({ type: 'field.add', fieldType: 'qr' });
    d.send({ type: 'layout.load', layout: certificate });
    expect(d.context()).toMatchObject({ layout: certificate, side: 'front', selectedId: null, past: [], future: [] });
    expect(d.state()).toBe('idle');
  });
});

describe('format designer machine: unsaved changes', () => {
  it('has unsaved changes while the layout differs from the one loaded, and none once an edit is undone', () => {
    const d = designer();
    expect(hasUnsavedChanges(d.context())).toBe(false);
    d.send({ type: 'field.select', id: 'f2' });
    expect(hasUnsavedChanges(d.context())).toBe(false);
    d.send({ type: 'field.nudge', direction: 'right', large: false });
    expect(hasUnsavedChanges(d.context())).toBe(true);
    d.send({ type: 'field.nudge', direction: 'left', large: false });
    expect(hasUnsavedChanges(d.context())).toBe(false);
    d.send({ type: 'history.undo' });
    expect(hasUnsavedChanges(d.context())).toBe(true);
    d.send({ type: 'history.undo' });
    expect(hasUnsavedChanges(d.context())).toBe(false);
  });

  it('keeps the history when the page saves, and counts edits made during the save as unsaved', () => {
    const d = designer();
    d.send({ type: 'field.select', id: 'f2' });
    d.send({ type: 'field.nudge', direction: 'right', large: false });
    const sent = d.context().layout;
    d.send({ type: 'field.nudge', direction: 'down', large: false });
    d.send({ type: 'layout.saved', layout: sent });
    expect(d.context()).toMatchObject({ saved: sent, selectedId: 'f2' });
    expect(d.context().past).toHaveLength(2);
    expect(hasUnsavedChanges(d.context())).toBe(true);
    d.send({ type: 'history.undo' });
    expect(hasUnsavedChanges(d.context())).toBe(false);
    d.send({ type: 'history.undo' });
    expect(hasUnsavedChanges(d.context())).toBe(true);
  });

  it('starts with nothing unsaved after a load', () => {
    const d = designer();
    d.send({ type: 'field.add', fieldType: 'qr' });
    d.send({ type: 'layout.load', layout: card });
    expect(hasUnsavedChanges(d.context())).toBe(false);
  });
});
