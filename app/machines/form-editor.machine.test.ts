import { createTestModel } from '@xstate/graph';
import { createActor, fromPromise, getInitialSnapshot, getNextSnapshot, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { defaultFormConfigs } from '../../common/forms/defaults';
import type { FormFieldConfig } from '../../common/forms/types';
import { enabledAfterReset, toSavedFields, type EditorField, type NewFieldInput } from '../components/form-editor/field-model';
import {
  formEditorMachine,
  formEditorMessages,
  hasUnsavedChanges,
  planEdit,
  SaveConfigurationError,
  type FormEditorEvent,
  type FormEditorInput,
  type FormEditorNotice,
  type SaveConfigurationInput,
  type SaveConfigurationOutput,
} from './form-editor.machine';
import { toTestMachine } from './test-model';

/*
 * The model: a custom form of two fields (one required) where `city` is switched, the first two
 * enabled fields swap places, `extra` is added and deleted, a blank field is refused, Reset and
 * Discard run, and saves succeed, fail or meet a newer version. States are told apart by the
 * machine state, the fields' switches in order, how they differ from the saved snapshot, and
 * whether a save failed; that bounds the context and still decides every guard. Every state is
 * replayed on the real machine (its save a stubbed promise), and every kind of transition is
 * taken once from a state where it applies.
 */

type Snapshot = SnapshotFrom<typeof formEditorMachine>;
type ModelEvent = EventFromLogic<typeof formEditorMachine>;

const DONE = 'xstate.done.actor.saveConfiguration';
const ERROR = 'xstate.error.actor.saveConfiguration';

const customFields: FormFieldConfig[] = [
  { name: 'fullName', label: 'Full Name', type: 'text', required: true, isActive: true, order: 1 },
  { name: 'city', label: 'City', type: 'text', required: false, isActive: true, order: 2 },
  { name: 'notes', label: 'Notes', type: 'textarea', required: false, isActive: false, order: 3 },
];

const customInput: FormEditorInput = {
  formType: 'alumni-survey',
  label: 'Alumni Survey',
  isCustom: true,
  configId: 'cfg-1',
  version: 1,
  fields: customFields,
};

/** The model's form: two enabled fields, one required; `extra` can be added and deleted. */
const modelInput: FormEditorInput = { ...customInput, fields: customFields.slice(0, 2) };

const studentInput: FormEditorInput = {
  formType: 'student',
  label: 'Student Form',
  isCustom: false,
  configId: null,
  version: null,
  fields: defaultFormConfigs.student.fields,
};

const newField: NewFieldInput = { name: 'extra', label: 'Extra' };

/** What the stubbed save answers: the fields as sent, one version on. */
function savedOutput(snapshot: Snapshot): SaveConfigurationOutput {
  const { context } = snapshot;
  return {
    message: `${context.label} updated successfully! ${context.fields.filter((field) => field.enabled).length} fields enabled.`,
    configId: context.configId ?? 'cfg-new',
    version: (context.version ?? 0) + 1,
    fields: toSavedFields(context.fields),
  };
}

const editEvents: FormEditorEvent[] = [
  { type: 'field.toggleEnabled', name: 'city' },
  { type: 'field.toggleRequired', name: 'city' },
  { type: 'field.move', from: 0, to: 1 },
  { type: 'field.add', field: newField },
  { type: 'field.add', field: { name: '', label: '' } },
  { type: 'field.delete', name: 'extra' },
  { type: 'form.reset' },
  { type: 'form.discard' },
];

/**
 * The model's events in each state. The actor's outcomes are events too (see test-model.ts); a
 * done event carries what the stubbed save would answer for that state. While saving, one edit
 * and a second save stand for everything that must wait.
 */
function modelEvents(snapshot: Snapshot): ModelEvent[] {
  if (snapshot.matches('saving')) {
    return [
      { type: DONE, output: savedOutput(snapshot) },
      { type: ERROR, error: new SaveConfigurationError(formEditorMessages.saveFailed, false, 'Server error') },
      { type: ERROR, error: new SaveConfigurationError(formEditorMessages.stale, true) },
      { type: 'form.save' },
      { type: 'field.toggleEnabled', name: 'city' },
    ] as unknown as ModelEvent[];
  }
  return [...editEvents, { type: 'form.save' }];
}

const switches = (field: EditorField) => `${field.name}:${field.enabled ? 'on' : 'off'}${field.required ? '*' : ''}`;

/**
 * How the fields differ from the saved snapshot: which fields were added, removed or switched,
 * and whether the order changed. Enough to tell which edits lead back to the snapshot.
 */
function differences(fields: readonly EditorField[], saved: readonly EditorField[]) {
  const before = new Map(saved.map((field) => [field.name, switches(field)]));
  const after = new Map(fields.map((field) => [field.name, switches(field)]));
  const names = [...new Set([...before.keys(), ...after.keys()])].sort();
  const changed = names.filter((name) => before.get(name) !== after.get(name));
  const common = (list: readonly EditorField[]) => list.map((field) => field.name).filter((name) => before.has(name) && after.has(name));
  if (common(fields).join() !== common(saved).join()) changed.push('(order)');
  return changed.join(' ');
}

/**
 * A snapshot as the model sees it: the state, each field's switches in order, what differs from
 * the saved snapshot, whether a save failed. The saved snapshot itself is left out (it would
 * multiply the states by every list that was ever saved).
 */
function stateKey(snapshot: Snapshot) {
  const { fields, saved, error } = snapshot.context;
  return JSON.stringify([
    snapshot.value,
    fields.map(switches).join(' '),
    differences(fields, saved),
    // Which error it was changes no transition: one class for both.
    error ? 'error' : null,
  ]);
}

/** A transition's label: what an edit does depends on the fields it meets. */
function transitionLabel(previous: Snapshot, event: { type: string; error?: unknown; name?: string; field?: NewFieldInput }) {
  if (event.type === ERROR) return (event.error as SaveConfigurationError).stale ? 'save failed (stale)' : 'save failed';
  if (event.type === DONE) return 'saved';
  if (event.type === 'form.save' || previous.matches('saving')) return event.type;
  const edit = planEdit(previous.context, event as Exclude<FormEditorEvent, { type: 'form.save' }>);
  const name = event.type === 'field.add' ? (event.field?.name ? ' valid' : ' blank') : '';
  if (edit.kind === 'refuse')
    return edit.message?.startsWith('A field named') ? `${event.type} duplicate refused` : `${event.type}${name} refused`;
  return `${event.type}${name}${hasUnsavedChanges({ fields: edit.fields, saved: previous.context.saved }) ? '' : ' back to saved'}`;
}

const model = createTestModel(toTestMachine(formEditorMachine), {
  events: modelEvents,
  serializeState: (snapshot) => stateKey(snapshot),
});

type ModelPath = ReturnType<typeof model.getShortestPaths>[number];

function harness(input: FormEditorInput = customInput) {
  const calls: SaveConfigurationInput[] = [];
  let pending: { resolve: (output: SaveConfigurationOutput) => void; reject: (error: unknown) => void } | undefined;
  const actor = createActor(
    formEditorMachine.provide({
      actors: {
        saveConfiguration: fromPromise<SaveConfigurationOutput, SaveConfigurationInput>(({ input: request }) => {
          calls.push(request);
          return new Promise((resolve, reject) => {
            pending = { resolve, reject };
          });
        }),
      },
    }),
    { input },
  );
  const notices: FormEditorNotice[] = [];
  actor.on('notice', (notice) => notices.push(notice));
  actor.start();
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return {
    actor,
    calls,
    notices,
    send: (event: FormEditorEvent) => actor.send(event),
    context: () => actor.getSnapshot().context,
    names: () => actor.getSnapshot().context.fields.map((field) => field.name),
    async resolve(output: SaveConfigurationOutput) {
      pending?.resolve(output);
      await settle();
    },
    async reject(error: unknown) {
      pending?.reject(error);
      await settle();
    },
  };
}

const testMachine = toTestMachine(formEditorMachine);

/**
 * The state a path's events really lead to. The model merges states with the same key, so the
 * states a path records may be other members of the same class; replaying the events on the model
 * machine gives the exact one.
 */
function replayModel(path: ModelPath): Snapshot[] {
  let snapshot = getInitialSnapshot(testMachine, modelInput);
  const snapshots = [snapshot];
  for (const step of path.steps.slice(1)) {
    snapshot = getNextSnapshot(testMachine, snapshot, step.event);
    snapshots.push(snapshot);
  }
  return snapshots;
}

interface ModelTransition {
  path: ModelPath;
  event: ModelEvent;
  next: Snapshot;
}

/**
 * One example of each kind of transition (state, label, next state): from the end of every
 * shortest path, each event the model offers there. Paths end in every state of the model, so
 * this is every transition the model can take.
 */
function modelTransitions(paths: ModelPath[]): Map<string, ModelTransition> {
  const found = new Map<string, ModelTransition>();
  for (const path of paths) {
    const state = replayModel(path).at(-1)!;
    for (const event of modelEvents(state)) {
      const next = getNextSnapshot(testMachine, state, event);
      const name = `${String(state.value)} --${transitionLabel(state, event)}--> ${String(next.value)}`;
      if (!found.has(name)) found.set(name, { path, event, next });
    }
  }
  return found;
}

function checkInvariants(snapshot: Snapshot) {
  // Positions are always 1, 2, 3... in list order, and only a save runs an actor.
  expect(snapshot.context.fields.map((field) => field.position)).toEqual(snapshot.context.fields.map((_, index) => index + 1));
  expect(Object.keys(snapshot.children)).toEqual(snapshot.matches('saving') ? ['saveConfiguration'] : []);
  // clean and dirty say whether there is something to save.
  if (snapshot.matches('clean')) expect(hasUnsavedChanges(snapshot.context)).toBe(false);
  if (snapshot.matches('dirty')) expect(hasUnsavedChanges(snapshot.context)).toBe(true);
}

/**
 * Replays a path on the real machine (its save a stubbed promise) and checks each step against
 * the model: the same class of state, the very same context as the model machine, the invariants.
 */
async function runPath(path: ModelPath) {
  const h = harness(modelInput);
  const step = async (event: { type: string; output?: unknown; error?: unknown }) => {
    if (event.type === DONE) await h.resolve(event.output as SaveConfigurationOutput);
    else if (event.type === ERROR) await h.reject(event.error);
    else h.send(event as FormEditorEvent);
  };
  const expected = replayModel(path);
  for (const [index, { event }] of path.steps.entries()) {
    if (index > 0) await step(event);
    const snapshot = h.actor.getSnapshot();
    expect(stateKey(snapshot)).toBe(stateKey(path.steps[index]!.state));
    expect(snapshot.value).toEqual(expected[index]!.value);
    expect(snapshot.context).toEqual(expected[index]!.context);
    checkInvariants(snapshot);
  }
  return { ...h, step };
}

describe('form editor machine (model)', () => {
  // One path to each state (by default, paths that are the start of a longer one are dropped).
  const paths = model.getShortestPaths({ input: modelInput, allowDuplicatePaths: true });
  const transitions = modelTransitions(paths);

  it('covers every state and every transition', () => {
    const editing = (from: 'clean' | 'dirty' | 'error') => {
      const edits = ['field.toggleEnabled', 'field.toggleRequired', 'field.move', 'field.add valid', 'field.delete', 'form.reset'];
      const rows = [
        `${from} --form.save--> saving`,
        `${from} --field.add blank refused--> ${from}`,
        `${from} --field.add duplicate refused--> ${from}`,
        ...edits.map((edit) => `${from} --${edit}--> dirty`),
        // A switch flipped back, a field moved back, an added field deleted, a reset of a reset
        // form: nothing left to save.
        ...(from === 'clean' ? ['form.reset'] : edits).map((edit) => `${from} --${edit} back to saved--> clean`),
        // Refused: the Required switch of a disabled field, a move with one enabled field, deleting
        // a field that is not there.
        `${from} --field.toggleRequired refused--> ${from}`,
        `${from} --field.move refused--> ${from}`,
        `${from} --field.delete refused--> ${from}`,
        from === 'clean' ? 'clean --form.discard refused--> clean' : `${from} --form.discard back to saved--> clean`,
      ];
      if (from === 'error') rows.push('error --form.discard refused--> error');
      return rows;
    };
    expect([...transitions.keys()].sort()).toEqual(
      [
        ...editing('clean'),
        ...editing('dirty'),
        ...editing('error'),
        'saving --saved--> clean',
        'saving --save failed--> error',
        'saving --save failed (stale)--> error',
        'saving --form.save--> saving',
        'saving --field.toggleEnabled--> saving',
      ].sort(),
    );
  });

  it(`reaches each of the ${paths.length} states of the model on the real machine`, { timeout: 120_000 }, async () => {
    for (const path of paths) await runPath(path);
  });

  it.each([...transitions].map(([name, transition]) => [name, transition] as const))('%s', async (_, { path, event, next }) => {
    const h = await runPath(path);
    await h.step(event);
    const snapshot = h.actor.getSnapshot();
    expect(snapshot.value).toEqual(next.value);
    expect(snapshot.context).toEqual(next.context);
    checkInvariants(snapshot);
  });
});

describe('form editor machine', () => {
  it('starts clean with the fields in order, numbered from 1', () => {
    const h = harness({ ...customInput, fields: [customFields[2]!, customFields[0]!, customFields[1]!] });
    expect(h.actor.getSnapshot().value).toBe('clean');
    expect(h.names()).toEqual(['fullName', 'city', 'notes']);
    expect(h.context().fields.map((field) => field.position)).toEqual([1, 2, 3]);
  });

  it('tells when a field becomes required or optional', () => {
    const h = harness();
    h.send({ type: 'field.toggleRequired', name: 'city' });
    h.send({ type: 'field.toggleRequired', name: 'fullName' });
    expect(h.notices.map((notice) => notice.message)).toEqual(['City is now required', 'Full Name is now optional']);
    expect(h.actor.getSnapshot().value).toBe('dirty');
  });

  it('refuses the Required switch of a disabled field', () => {
    const h = harness();
    h.send({ type: 'field.toggleRequired', name: 'notes' });
    expect(h.context().fields.find((field) => field.name === 'notes')!.required).toBe(false);
    expect(h.notices).toEqual([]);
  });

  describe('reorder', () => {
    it('moves among the enabled fields and renumbers every position from 1', () => {
      const h = harness(studentInput);
      const enabled = () =>
        h
          .context()
          .fields.filter((field) => field.enabled)
          .map((field) => field.name);
      h.send({ type: 'field.toggleEnabled', name: 'selectedCourse' });
      expect(enabled().slice(0, 4)).toEqual(['centerName', 'studentName', 'state', 'studentEmail']);
      // studentEmail (enabled index 3) before studentName (index 1).
      h.send({ type: 'field.move', from: 3, to: 1 });
      expect(enabled().slice(0, 4)).toEqual(['centerName', 'studentEmail', 'studentName', 'state']);
      expect(h.names().slice(0, 5)).toEqual(['centerName', 'studentEmail', 'studentName', 'selectedCourse', 'state']);
      expect(h.context().fields.map((field) => field.position)).toEqual(h.context().fields.map((_, index) => index + 1));
      expect(h.notices.at(-1)).toEqual({ type: 'notice', tone: 'success', message: 'Moved field to new position' });
    });

    it('moves down past the target, as arrayMove does', () => {
      const h = harness();
      h.send({ type: 'field.move', from: 0, to: 1 });
      expect(h.names()).toEqual(['city', 'fullName', 'notes']);
      expect(h.context().fields.map((field) => field.position)).toEqual([1, 2, 3]);
    });

    it('ignores a move out of range or onto itself', () => {
      const h = harness();
      h.send({ type: 'field.move', from: 0, to: 0 });
      h.send({ type: 'field.move', from: 0, to: 2 });
      h.send({ type: 'field.move', from: -1, to: 1 });
      expect(h.names()).toEqual(['fullName', 'city', 'notes']);
      expect(h.actor.getSnapshot().value).toBe('clean');
      expect(h.notices).toEqual([]);
    });

    it('saves the new order as order 1, 2, 3...', async () => {
      const h = harness();
      h.send({ type: 'field.move', from: 1, to: 0 });
      h.send({ type: 'form.save' });
      expect(h.calls[0]!.fields.map((field) => [field.name, field.order])).toEqual([
        ['city', 1],
        ['fullName', 2],
        ['notes', 3],
      ]);
    });
  });

  describe('reset', () => {
    it('enables exactly the fields SPEC.md names', () => {
      const enabled = ['name', 'email', 'contactNumber', 'address', 'isActive', 'studentName', 'courseCode', 'centerName'];
      const disabled = ['studentEmail', 'phoneNumber', 'city', 'isRegistered', 'codeword', 'username', 'Address', 'active'];
      expect(enabled.filter(enabledAfterReset)).toEqual(enabled);
      expect(disabled.filter(enabledAfterReset)).toEqual([]);
    });

    it('applies the rule to the student form and keeps order and required', () => {
      const h = harness(studentInput);
      h.send({ type: 'form.reset' });
      const fields = h.context().fields;
      expect(fields.filter((field) => field.enabled).map((field) => field.name)).toEqual([
        'centerName',
        'studentName',
        'fatherName',
        'motherName',
        'address',
        'pinCode',
        'isActive',
      ]);
      expect(fields.map((field) => field.name)).toEqual(defaultFormConfigs.student.fields.map((field) => field.name));
      expect(fields.find((field) => field.name === 'studentEmail')!.required).toBe(true);
      expect(h.actor.getSnapshot().value).toBe('dirty');
      expect(h.notices.at(-1)?.message).toBe('Reset: 7 of 22 fields enabled. Save to keep it.');
    });
  });

  describe('add field', () => {
    it.each([
      [{ name: '', label: '' }, 'Please fill in field name and label'],
      [{ name: 'extra', label: '  ' }, 'Please fill in field name and label'],
      [{ name: '   ', label: 'Extra' }, 'Please fill in field name and label'],
      [{ name: '2nd', label: 'Second' }, 'A field name starts with a letter and holds only letters, digits and underscores'],
      [{ name: 'has space', label: 'Spaced' }, 'A field name starts with a letter and holds only letters, digits and underscores'],
      [{ name: 'formType', label: 'Form type' }, 'This field name is reserved'],
      [{ name: 'city', label: 'Town' }, 'A field named "city" already exists in this form. Choose another name.'],
      [{ name: 'colour', label: 'Colour', inputType: 'select', options: ' , ,' }, 'Enter at least one option, separated by commas'],
    ] as [NewFieldInput, string][])('refuses %j: %s', (field, message) => {
      const h = harness();
      h.send({ type: 'field.add', field });
      expect(h.names()).toEqual(['fullName', 'city', 'notes']);
      expect(h.actor.getSnapshot().value).toBe('clean');
      expect(h.notices).toEqual([{ type: 'notice', tone: 'error', message }]);
    });

    it('adds a field with the defaults: text, Basic Information, icon User, enabled, last', () => {
      const h = harness();
      h.send({ type: 'field.add', field: { name: ' extra ', label: ' Extra ' } });
      const added = h.context().fields.at(-1)!;
      expect(added).toMatchObject({
        id: 'extra',
        name: 'extra',
        label: 'Extra',
        inputType: 'text',
        category: 'basic',
        iconName: 'User',
        enabled: true,
        required: false,
        position: 4,
        options: [],
      });
      expect(h.notices).toEqual([{ type: 'notice', tone: 'success', message: 'Extra added' }]);
    });

    it('reads comma-separated options: trimmed, empties dropped; the description is the placeholder', () => {
      const h = harness();
      h.send({
        type: 'field.add',
        field: {
          name: 'batch',
          label: 'Batch',
          inputType: 'select',
          options: ' Morning, ,Evening ,, Weekend ',
          description: 'Pick a batch',
          category: 'course',
          iconName: 'Calendar',
        },
      });
      const added = h.context().fields.at(-1)!;
      expect(added).toMatchObject({
        options: ['Morning', 'Evening', 'Weekend'],
        description: 'Pick a batch',
        placeholder: 'Pick a batch',
        category: 'course',
        iconName: 'Calendar',
      });
    });

    it('ignores options of a type that has none', () => {
      const h = harness();
      h.send({ type: 'field.add', field: { name: 'age', label: 'Age', inputType: 'number', options: '1,2' } });
      expect(h.context().fields.at(-1)!.options).toEqual([]);
    });
  });

  describe('delete field', () => {
    it('deletes a field of a custom form and renumbers', () => {
      const h = harness();
      h.send({ type: 'field.delete', name: 'fullName' });
      expect(h.names()).toEqual(['city', 'notes']);
      expect(h.context().fields.map((field) => field.position)).toEqual([1, 2]);
      expect(h.notices.at(-1)?.message).toBe('Full Name deleted');
    });

    it('refuses to delete a field of a built-in form', () => {
      const h = harness(studentInput);
      h.send({ type: 'field.delete', name: 'motherName' });
      expect(h.names()).toContain('motherName');
      expect(h.actor.getSnapshot().value).toBe('clean');
      expect(h.notices).toEqual([{ type: 'notice', tone: 'error', message: formEditorMessages.notCustom }]);
    });
  });

  describe('save', () => {
    it('sends the configuration id and version, then takes the saved fields as the new snapshot', async () => {
      const h = harness();
      h.send({ type: 'field.toggleEnabled', name: 'city' });
      h.send({ type: 'form.save' });
      expect(h.actor.getSnapshot().value).toBe('saving');
      expect(h.calls[0]).toMatchObject({ formType: 'alumni-survey', configId: 'cfg-1', version: 1 });
      expect(h.calls[0]!.fields.find((field) => field.name === 'city')).toMatchObject({ isActive: false, order: 2 });
      // Edits wait while saving.
      h.send({ type: 'field.toggleEnabled', name: 'fullName' });
      expect(h.context().fields[0]!.enabled).toBe(true);
      await h.resolve({ ...savedOutput(h.actor.getSnapshot()), message: 'Alumni Survey updated successfully! 1 fields enabled.' });
      expect(h.actor.getSnapshot().value).toBe('clean');
      expect(h.context()).toMatchObject({ configId: 'cfg-1', version: 2, error: null });
      expect(hasUnsavedChanges(h.context())).toBe(false);
      expect(h.notices.at(-1)).toEqual({
        type: 'notice',
        tone: 'success',
        message: 'Alumni Survey updated successfully! 1 fields enabled.',
      });
    });

    it('creates a configuration that does not exist yet: no id, no version; the answer gives both', async () => {
      const h = harness(studentInput);
      h.send({ type: 'form.save' });
      expect(h.calls[0]).toMatchObject({ formType: 'student', configId: null, version: null });
      await h.resolve({ ...savedOutput(h.actor.getSnapshot()), configId: 'cfg-9', version: 1 });
      expect(h.context()).toMatchObject({ configId: 'cfg-9', version: 1 });
    });

    it('keeps the edits after a failure, with the catalogue message, and tries again', async () => {
      const h = harness();
      h.send({ type: 'field.toggleEnabled', name: 'city' });
      h.send({ type: 'form.save' });
      await h.reject(new TypeError('network down'));
      expect(h.actor.getSnapshot().value).toBe('error');
      expect(h.context().error).toEqual({ message: 'Failed to save configuration. Please try again.', stale: false });
      expect(hasUnsavedChanges(h.context())).toBe(true);
      expect(h.notices.at(-1)).toEqual({ type: 'notice', tone: 'error', message: 'Failed to save configuration. Please try again.' });
      h.send({ type: 'form.save' });
      expect(h.calls).toHaveLength(2);
    });

    it('says to reload when the configuration changed meanwhile', async () => {
      const h = harness();
      h.send({ type: 'field.toggleEnabled', name: 'city' });
      h.send({ type: 'form.save' });
      await h.reject(new SaveConfigurationError(formEditorMessages.stale, true));
      expect(h.context().error).toEqual({ message: formEditorMessages.stale, stale: true });
      expect(h.notices.at(-1)?.message).toMatch(/Reload the page/);
    });

    it('shows the API detail of a refused save under the catalogue message', async () => {
      const h = harness();
      h.send({ type: 'form.save' });
      await h.reject(new SaveConfigurationError(formEditorMessages.saveFailed, false, 'fields.0.name: Invalid'));
      expect(h.notices.at(-1)).toEqual({
        type: 'notice',
        tone: 'error',
        message: formEditorMessages.saveFailed,
        description: 'fields.0.name: Invalid',
      });
    });
  });

  it('discards the unsaved changes', () => {
    const h = harness();
    h.send({ type: 'field.toggleEnabled', name: 'city' });
    h.send({ type: 'field.add', field: newField });
    h.send({ type: 'form.discard' });
    expect(h.actor.getSnapshot().value).toBe('clean');
    expect(h.names()).toEqual(['fullName', 'city', 'notes']);
    expect(h.notices.at(-1)?.message).toBe('Unsaved changes discarded');
  });
});
