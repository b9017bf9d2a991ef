import { createTestModel } from '@xstate/graph';
import { createActor, fromPromise, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  formSubmissionMachine,
  GENERIC_FAILURE_MESSAGE,
  UPLOAD_PENDING_MESSAGE,
  type FormSubmissionEmitted,
  type FormSubmissionEvent,
  type SubmitOutcome,
} from './form-submission.machine';
import { toTestMachine } from './test-model';

type Snapshot = SnapshotFrom<typeof formSubmissionMachine>;
type ModelEvent = EventFromLogic<typeof formSubmissionMachine>;

const DONE = 'xstate.done.actor.submitForm';
const ERROR = 'xstate.error.actor.submitForm';
const REFUSAL = 'Please fill all required fields correctly';

function payload(name = 'Asha') {
  const form = new FormData();
  form.set('studentName', name);
  return form;
}

const modelEvents = [
  { type: 'submit', payload: payload() },
  { type: 'upload.busy', id: 'studentPhoto', busy: true },
  { type: 'upload.busy', id: 'studentPhoto', busy: false },
  { type: 'form.reset' },
  { type: DONE, output: { ok: true } },
  { type: DONE, output: { ok: false, message: REFUSAL } },
  { type: ERROR, error: new Error('Failed to fetch') },
] as unknown as ModelEvent[];

function stateKey(snapshot: Snapshot) {
  const { uploads, error, payload } = snapshot.context;
  return JSON.stringify([snapshot.value, uploads, error, payload === null ? null : 'payload']);
}

function eventLabel(event: { type: string; busy?: boolean; output?: SubmitOutcome }) {
  if (event.type === 'upload.busy') return event.busy ? 'upload started' : 'upload ended';
  if (event.type === DONE) return event.output?.ok ? 'accepted' : 'refused';
  if (event.type === ERROR) return 'threw';
  return event.type;
}

const model = createTestModel(toTestMachine(formSubmissionMachine), {
  events: modelEvents,
  serializeState: (snapshot, event, previous) =>
    previous && event ? `${stateKey(snapshot)} via ${eventLabel(event)} from ${stateKey(previous)}` : stateKey(snapshot),
});

type ModelPath = ReturnType<typeof model.getShortestPaths>[number];
type TestParams = Parameters<ModelPath['test']>[0];

function harness() {
  const sent: FormData[] = [];
  let pending: { resolve: (outcome: SubmitOutcome) => void; reject: (error: unknown) => void } | undefined;
  const actor = createActor(
    formSubmissionMachine.provide({
      actors: {
        submitForm: fromPromise<SubmitOutcome, { payload: FormData }>(({ input }) => {
          sent.push(input.payload);
          return new Promise((resolve, reject) => (pending = { resolve, reject }));
        }),
      },
    }),
  );
  const emitted: FormSubmissionEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    actor,
    sent,
    emitted,
    send: (event: FormSubmissionEvent) => actor.send(event),
    async answer(outcome: SubmitOutcome) {
      pending?.resolve(outcome);
      await settle();
    },
    async fail(error: unknown) {
      pending?.reject(error);
      await settle();
    },
  };
}

function runPath(path: ModelPath) {
  const h = harness();
  let entered = 0;
  let blocked = 0;
  const events: Record<string, (step: { event: object }) => unknown> = {
    submit: ({ event }) => {
      const snapshot = h.actor.getSnapshot();
      if (snapshot.matches('idle')) {
        if (snapshot.context.uploads.length) blocked += 1;
        else entered += 1;
      }
      h.send(event as FormSubmissionEvent);
    },
    'upload.busy': ({ event }) => h.send(event as FormSubmissionEvent),
    'form.reset': ({ event }) => h.send(event as FormSubmissionEvent),
    [DONE]: ({ event }) => h.answer((event as { output: SubmitOutcome }).output),
    [ERROR]: ({ event }) => h.fail((event as { error: unknown }).error),
  };
  return path.test({
    events: events as TestParams['events'],
    states: {
      '*': (expected) => {
        const snapshot = h.actor.getSnapshot();
        expect(stateKey(snapshot)).toBe(stateKey(expected));
        // One request per accepted submit: duplicates and blocked submits send nothing.
        expect(h.sent).toHaveLength(entered);
        expect(h.emitted.filter((event) => event.type === 'submission.blocked')).toHaveLength(blocked);
        expect(Object.keys(snapshot.children)).toEqual(snapshot.matches('submitting') ? ['submitForm'] : []);
      },
    },
  });
}

function describePath(path: ModelPath) {
  const steps = path.steps.slice(1).map(({ event }) => eventLabel(event));
  return `${steps.join(' → ') || 'start'} ⇒ ${String(path.state.value)}`;
}

describe('form submission machine (model)', () => {
  const paths = model.getShortestPaths();

  it('covers every state and every transition', () => {
    const covered = new Set<string>();
    for (const path of paths) {
      let previous = path.steps[0]!.state;
      for (const step of path.steps.slice(1)) {
        const uploading = previous.context.uploads.length > 0 ? ' (uploading)' : '';
        covered.add(`${String(previous.value)}${uploading} --${eventLabel(step.event)}--> ${String(step.state.value)}`);
        previous = step.state;
      }
    }
    expect([...covered].sort()).toEqual(
      [
        'idle --submit--> submitting',
        'idle (uploading) --submit--> idle',
        'idle --upload started--> idle',
        'idle --upload ended--> idle',
        'idle (uploading) --upload started--> idle',
        'idle (uploading) --upload ended--> idle',
        'submitting --accepted--> done',
        'submitting --refused--> idle',
        'submitting --threw--> idle',
        'submitting (uploading) --accepted--> done',
        'submitting (uploading) --refused--> idle',
        'submitting (uploading) --threw--> idle',
        // Duplicates: ignored.
        'submitting --submit--> submitting',
        'submitting (uploading) --submit--> submitting',
        'submitting --upload started--> submitting',
        'submitting --upload ended--> submitting',
        'submitting (uploading) --upload started--> submitting',
        'submitting (uploading) --upload ended--> submitting',
        'done --form.reset--> idle',
        'done (uploading) --form.reset--> idle',
        'done --submit--> done',
        'done (uploading) --submit--> done',
        'done --upload started--> done',
        'done --upload ended--> done',
        'done (uploading) --upload started--> done',
        'done (uploading) --upload ended--> done',
      ].sort(),
    );
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_, path) => {
    await runPath(path);
  });
});

describe('form submission machine', () => {
  it('sends the form once, however often it is submitted while sending', async () => {
    const h = harness();
    const first = payload('Asha');
    h.send({ type: 'submit', payload: first });
    h.send({ type: 'submit', payload: payload('Asha again') });
    h.send({ type: 'submit', payload: payload('and again') });
    expect(h.sent).toEqual([first]);
    await h.answer({ ok: true });
    expect(h.actor.getSnapshot().value).toBe('done');
    expect(h.emitted).toEqual([{ type: 'submission.ignored' }, { type: 'submission.ignored' }, { type: 'submission.succeeded' }]);
    // Still ignored once saved, until the form is reset.
    h.send({ type: 'submit', payload: payload() });
    expect(h.sent).toHaveLength(1);
    h.send({ type: 'form.reset' });
    h.send({ type: 'submit', payload: payload() });
    expect(h.sent).toHaveLength(2);
  });

  it('blocks a submit while a file uploads, with the product’s message', () => {
    const h = harness();
    h.send({ type: 'upload.busy', id: 'studentPhoto', busy: true });
    h.send({ type: 'upload.busy', id: 'signature', busy: true });
    h.send({ type: 'submit', payload: payload() });
    expect(h.actor.getSnapshot().value).toBe('idle');
    expect(h.emitted).toEqual([{ type: 'submission.blocked', message: UPLOAD_PENDING_MESSAGE }]);
    expect(UPLOAD_PENDING_MESSAGE).toBe('Please wait for file upload to complete before submitting.');

    h.send({ type: 'upload.busy', id: 'studentPhoto', busy: false });
    h.send({ type: 'submit', payload: payload() });
    expect(h.actor.getSnapshot().value).toBe('idle');

    h.send({ type: 'upload.busy', id: 'signature', busy: false });
    h.send({ type: 'submit', payload: payload() });
    expect(h.actor.getSnapshot().value).toBe('submitting');
    expect(h.sent).toHaveLength(1);
  });

  it('a refused submission returns to idle with its message, ready to be corrected and sent again', async () => {
    const h = harness();
    h.send({ type: 'submit', payload: payload() });
    await h.answer({ ok: false, message: REFUSAL });
    expect(h.actor.getSnapshot().value).toBe('idle');
    expect(h.actor.getSnapshot().context.error).toBe(REFUSAL);
    expect(h.emitted).toEqual([{ type: 'submission.failed', message: REFUSAL }]);
    h.send({ type: 'submit', payload: payload() });
    expect(h.actor.getSnapshot().context.error).toBeNull();
    expect(h.sent).toHaveLength(2);
  });

  it('a submission that throws is refused with the generic message', async () => {
    const h = harness();
    h.send({ type: 'submit', payload: payload() });
    await h.fail(new TypeError('Failed to fetch'));
    expect(h.actor.getSnapshot().value).toBe('idle');
    expect(h.emitted).toEqual([{ type: 'submission.failed', message: GENERIC_FAILURE_MESSAGE }]);
  });

  it('an upload that ends twice is counted once', () => {
    const h = harness();
    h.send({ type: 'upload.busy', id: 'a', busy: true });
    h.send({ type: 'upload.busy', id: 'a', busy: true });
    h.send({ type: 'upload.busy', id: 'a', busy: false });
    h.send({ type: 'upload.busy', id: 'a', busy: false });
    expect(h.actor.getSnapshot().context.uploads).toEqual([]);
  });
});
