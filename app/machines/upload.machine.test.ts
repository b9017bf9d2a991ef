import { createTestModel } from '@xstate/graph';
import { createActor, fromCallback, fromPromise, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { toTestMachine } from './test-model';
import {
  percentageOf,
  uploadMachine,
  type UploadableFile,
  type UploadEmitted,
  type UploadEvent,
  type UploadRequest,
  type UploadTarget,
} from './upload.machine';

type Snapshot = SnapshotFrom<typeof uploadMachine>;
type ModelEvent = EventFromLogic<typeof uploadMachine>;

const INPUT = { fieldName: 'studentPhoto', formType: 'student' };
const PHOTO = new File([new Uint8Array(200)], 'photo.png', { type: 'image/png' }) as UploadableFile;
const EMPTY = new File([], 'empty.png', { type: 'image/png' }) as UploadableFile;
const TARGET: UploadTarget = {
  presignedUrl: '/api/v1/storage/objects/student/2026/01/abc-photo.png?sig=1',
  key: 'student/2026/01/abc-photo.png',
  headers: { 'Content-Type': 'image/png' },
};

const ADDRESS_DONE = 'xstate.done.actor.requestAddress';
const ADDRESS_ERROR = 'xstate.error.actor.requestAddress';
const CONFIRM_DONE = 'xstate.done.actor.confirmUpload';
const CONFIRM_ERROR = 'xstate.error.actor.confirmUpload';

const modelEvents = [
  { type: 'upload.start', file: PHOTO },
  { type: 'upload.start', file: null },
  { type: 'upload.retry' },
  { type: 'upload.cancel' },
  { type: 'upload.clear' },
  { type: 'upload.progress', loaded: 100, total: 200 },
  { type: 'upload.sent' },
  { type: 'upload.error', message: 'Storage answered 500' },
  { type: ADDRESS_DONE, output: TARGET },
  { type: ADDRESS_ERROR, error: new Error('File size must be less than 1MB') },
  { type: CONFIRM_DONE, output: { key: TARGET.key } },
  { type: CONFIRM_ERROR, error: new Error('The file’s content does not match its type. Please choose another file.') },
] as unknown as ModelEvent[];

/** What a state is: where the machine is, and what it holds. */
function stateKey(snapshot: Snapshot) {
  const { key, file, error, percentage, target } = snapshot.context;
  return JSON.stringify([snapshot.value, key, file?.name ?? null, error, percentage, target?.key ?? null]);
}

function eventLabel(event: { type: string; file?: UploadableFile | null }) {
  if (event.type === 'upload.start') return event.file ? 'upload.start with file' : 'upload.start without file';
  return event.type;
}

const model = createTestModel(toTestMachine(uploadMachine), {
  input: INPUT,
  events: modelEvents,
  // A node per state reached by one transition: covering the nodes covers every transition.
  serializeState: (snapshot, event, previous) =>
    previous && event ? `${stateKey(snapshot)} via ${eventLabel(event)} from ${String(previous.value)}` : stateKey(snapshot),
});

type ModelPath = ReturnType<typeof model.getShortestPaths>[number];
type TestParams = Parameters<ModelPath['test']>[0];

function harness(input = INPUT as { fieldName: string; formType: string; key?: string | null; fileName?: string | null }) {
  const calls = { address: [] as UploadRequest[], upload: [] as UploadTarget[], confirm: [] as string[], aborted: 0 };
  let address: { resolve: (target: UploadTarget) => void; reject: (error: unknown) => void } | undefined;
  let confirm: { resolve: (value: unknown) => void; reject: (error: unknown) => void } | undefined;
  let sendBack: ((event: UploadEvent) => void) | undefined;
  const actor = createActor(
    uploadMachine.provide({
      actors: {
        requestAddress: fromPromise<UploadTarget, UploadRequest>(({ input }) => {
          calls.address.push(input);
          return new Promise((resolve, reject) => (address = { resolve, reject }));
        }),
        uploadFile: fromCallback<UploadEvent, { file: UploadableFile; target: UploadTarget }>(({ input, sendBack: send }) => {
          calls.upload.push(input.target);
          sendBack = send;
          return () => {
            calls.aborted += 1;
            sendBack = undefined;
          };
        }),
        confirmUpload: fromPromise<unknown, UploadRequest & { key: string }>(({ input }) => {
          calls.confirm.push(input.key);
          return new Promise((resolve, reject) => (confirm = { resolve, reject }));
        }),
      },
    }),
    { input },
  );
  const emitted: UploadEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    actor,
    calls,
    emitted,
    async addressReady(target = TARGET) {
      address?.resolve(target);
      await settle();
    },
    async addressRefused(error: unknown) {
      address?.reject(error);
      await settle();
    },
    async confirmed() {
      confirm?.resolve({ key: TARGET.key });
      await settle();
    },
    async confirmRefused(error: unknown) {
      confirm?.reject(error);
      await settle();
    },
    /** What the PUT reports, through the callback actor as the real one does. */
    fromUpload(event: UploadEvent) {
      if (sendBack) sendBack(event);
      else actor.send(event);
    },
  };
}

function runPath(path: ModelPath) {
  const h = harness();
  const events: Record<string, (step: { event: object }) => unknown> = {
    'upload.start': ({ event }) => h.actor.send(event as UploadEvent),
    'upload.retry': ({ event }) => h.actor.send(event as UploadEvent),
    'upload.cancel': ({ event }) => h.actor.send(event as UploadEvent),
    'upload.clear': ({ event }) => h.actor.send(event as UploadEvent),
    'upload.progress': ({ event }) => h.fromUpload(event as UploadEvent),
    'upload.sent': ({ event }) => h.fromUpload(event as UploadEvent),
    'upload.error': ({ event }) => h.fromUpload(event as UploadEvent),
    [ADDRESS_DONE]: ({ event }) => h.addressReady((event as { output: UploadTarget }).output),
    [ADDRESS_ERROR]: ({ event }) => h.addressRefused((event as { error: unknown }).error),
    [CONFIRM_DONE]: () => h.confirmed(),
    [CONFIRM_ERROR]: ({ event }) => h.confirmRefused((event as { error: unknown }).error),
  };
  return path.test({
    events: events as TestParams['events'],
    states: {
      '*': (expected) => {
        const snapshot = h.actor.getSnapshot();
        expect(stateKey(snapshot)).toBe(stateKey(expected));
        // Exactly the actor of the current step runs; stopping the others aborted their work.
        const running = { requestingAddress: ['requestAddress'], uploading: ['uploadFile'], confirming: ['confirmUpload'] }[
          String(snapshot.value)
        ];
        expect(Object.keys(snapshot.children)).toEqual(running ?? []);
        expect(snapshot.context.percentage).toBe(percentageOf(snapshot.context.loaded, snapshot.context.total));
      },
    },
  });
}

function describePath(path: ModelPath) {
  const steps = path.steps.slice(1).map(({ event }) => eventLabel(event));
  return `${steps.join(' → ') || 'start'} ⇒ ${String(path.state.value)}`;
}

describe('upload machine (model)', () => {
  const paths = model.getShortestPaths();

  it('covers every state and every transition', () => {
    const covered = new Set<string>();
    for (const path of paths) {
      let previous = path.steps[0]!.state;
      for (const step of path.steps.slice(1)) {
        covered.add(`${String(previous.value)} --${eventLabel(step.event)}--> ${String(step.state.value)}`);
        previous = step.state;
      }
    }
    expect([...covered].sort()).toEqual(
      [
        'idle --upload.start with file--> requestingAddress',
        'idle --upload.start without file--> failed',
        'idle --upload.clear--> idle',
        `requestingAddress --${ADDRESS_DONE}--> uploading`,
        `requestingAddress --${ADDRESS_ERROR}--> failed`,
        'requestingAddress --upload.cancel--> idle',
        'uploading --upload.progress--> uploading',
        'uploading --upload.sent--> confirming',
        'uploading --upload.error--> failed',
        'uploading --upload.cancel--> idle',
        `confirming --${CONFIRM_DONE}--> done`,
        `confirming --${CONFIRM_ERROR}--> failed`,
        'confirming --upload.cancel--> idle',
        'done --upload.start with file--> requestingAddress',
        'done --upload.start without file--> failed',
        'done --upload.clear--> idle',
        'failed --upload.retry--> requestingAddress',
        // After a start without a file there is nothing to send again: the retry is refused.
        'failed --upload.retry--> failed',
        'failed --upload.start with file--> requestingAddress',
        'failed --upload.start without file--> failed',
        'failed --upload.cancel--> idle',
        'failed --upload.clear--> idle',
      ].sort(),
    );
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_, path) => {
    await runPath(path);
  });
});

describe('upload machine', () => {
  it('asks for an address, uploads with progress, confirms and keeps the key', async () => {
    const h = harness();
    h.actor.send({ type: 'upload.start', file: PHOTO });
    expect(h.actor.getSnapshot().value).toBe('requestingAddress');
    expect(h.calls.address).toEqual([{ file: PHOTO, fieldName: 'studentPhoto', formType: 'student' }]);

    await h.addressReady();
    expect(h.actor.getSnapshot().value).toBe('uploading');
    expect(h.calls.upload).toEqual([TARGET]);

    h.fromUpload({ type: 'upload.progress', loaded: 50, total: 200 });
    expect(h.actor.getSnapshot().context).toMatchObject({ loaded: 50, total: 200, percentage: 25 });
    h.fromUpload({ type: 'upload.progress', loaded: 200, total: 200 });
    expect(h.actor.getSnapshot().context.percentage).toBe(100);

    h.fromUpload({ type: 'upload.sent' });
    expect(h.actor.getSnapshot().value).toBe('confirming');
    expect(h.calls.confirm).toEqual([TARGET.key]);

    await h.confirmed();
    const { value, context } = h.actor.getSnapshot();
    expect(value).toBe('done');
    expect(context).toMatchObject({ key: TARGET.key, fileName: 'photo.png', percentage: 100, error: null });
    expect(h.emitted).toEqual([{ type: 'upload.completed', key: TARGET.key, fileName: 'photo.png' }]);
  });

  it('fails with "Upload failed: <message>" and retries the same file', async () => {
    const h = harness();
    h.actor.send({ type: 'upload.start', file: PHOTO });
    await h.addressRefused(new Error('File size must be less than 1MB'));
    expect(h.actor.getSnapshot().value).toBe('failed');
    expect(h.actor.getSnapshot().context.error).toBe('Upload failed: File size must be less than 1MB');
    expect(h.emitted).toEqual([{ type: 'upload.failed', message: 'Upload failed: File size must be less than 1MB' }]);

    h.actor.send({ type: 'upload.retry' });
    expect(h.actor.getSnapshot().value).toBe('requestingAddress');
    expect(h.actor.getSnapshot().context.error).toBeNull();
    expect(h.calls.address.map((call) => call.file)).toEqual([PHOTO, PHOTO]);
  });

  it('reports a failed PUT with the storage message', async () => {
    const h = harness();
    h.actor.send({ type: 'upload.start', file: PHOTO });
    await h.addressReady();
    h.fromUpload({ type: 'upload.error', message: 'Storage upload failed with status 403' });
    expect(h.actor.getSnapshot().context.error).toBe('Upload failed: Storage upload failed with status 403');
  });

  it('says "Upload failed. Please try again." when a failure gives no reason', async () => {
    const h = harness();
    h.actor.send({ type: 'upload.start', file: PHOTO });
    await h.addressRefused(new Error(''));
    expect(h.actor.getSnapshot().context.error).toBe('Upload failed. Please try again.');
    h.actor.send({ type: 'upload.retry' });
    await h.addressReady();
    h.fromUpload({ type: 'upload.error', message: '' });
    expect(h.actor.getSnapshot().context.error).toBe('Upload failed. Please try again.');
  });

  it('fails without a file: "No file provided"', () => {
    for (const file of [null, EMPTY]) {
      const h = harness();
      h.actor.send({ type: 'upload.start', file });
      expect(h.actor.getSnapshot().value).toBe('failed');
      expect(h.actor.getSnapshot().context.error).toBe('Upload failed: No file provided');
      expect(h.calls.address).toEqual([]);
      // Nothing to send again.
      h.actor.send({ type: 'upload.retry' });
      expect(h.actor.getSnapshot().value).toBe('failed');
    }
  });

  it('cancelling stops the PUT and keeps the file the record already had', async () => {
    const h = harness({ ...INPUT, key: 'student/2025/12/old-photo.png', fileName: 'old-photo.png' });
    h.actor.send({ type: 'upload.start', file: PHOTO });
    await h.addressReady();
    h.fromUpload({ type: 'upload.progress', loaded: 20, total: 200 });
    h.actor.send({ type: 'upload.cancel' });
    const { value, context } = h.actor.getSnapshot();
    expect(value).toBe('idle');
    expect(h.calls.aborted).toBe(1);
    expect(context).toMatchObject({ key: 'student/2025/12/old-photo.png', fileName: 'old-photo.png', percentage: 0, file: null });
    // A late report of the stopped PUT changes nothing.
    h.actor.send({ type: 'upload.sent' });
    expect(h.actor.getSnapshot().value).toBe('idle');
  });

  it('a late answer of a cancelled address request is ignored', async () => {
    const h = harness();
    h.actor.send({ type: 'upload.start', file: PHOTO });
    h.actor.send({ type: 'upload.cancel' });
    await h.addressReady();
    expect(h.actor.getSnapshot().value).toBe('idle');
    expect(h.calls.upload).toEqual([]);
  });

  it('clearing removes the stored file', async () => {
    const h = harness({ ...INPUT, key: 'student/2025/12/old-photo.png', fileName: 'old-photo.png' });
    h.actor.send({ type: 'upload.clear' });
    expect(h.actor.getSnapshot().context).toMatchObject({ key: null, fileName: null });
  });

  it('percentage is whole, bounded, and zero without a size', () => {
    expect(percentageOf(1, 3)).toBe(33);
    expect(percentageOf(5, 0)).toBe(0);
    expect(percentageOf(300, 200)).toBe(100);
  });
});
