import { createTestModel } from '@xstate/graph';
import { createActor, fromPromise, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  CHARGE_FAILED_FALLBACK,
  CHARGE_FAILURE_TOAST_MS,
  CHARGE_SUCCESS_TOAST_MS,
  chargedMessage,
  chargeMachine,
  confirmMessage,
  type ChargeEmitted,
  type ChargeOperation,
  type OperationOutcome,
  type Quote,
} from './charge.machine';
import { toTestMachine } from './test-model';

type Snapshot = SnapshotFrom<typeof chargeMachine>;
type ModelEvent = EventFromLogic<typeof chargeMachine>;

const ADD_STUDENT: ChargeOperation = { key: 'ADD_STUDENT', name: 'Add Student' };
const QUOTE_DONE = 'xstate.done.actor.loadQuote';
const QUOTE_ERROR = 'xstate.error.actor.loadQuote';
const OPERATION_DONE = 'xstate.done.actor.performOperation';
const OPERATION_ERROR = 'xstate.error.actor.performOperation';

const quotes = {
  payable: { operationName: 'Add Student', price: 5000, enabled: true, walletEnabled: true, balance: 500000 },
  free: { operationName: 'Add Student', price: 5000, enabled: false, walletEnabled: true, balance: 500000 },
  short: { operationName: 'Add Student', price: 500100, enabled: true, walletEnabled: true, balance: 500000 },
} satisfies Record<string, Quote>;

const outcomes = {
  charged: { status: 'completed', charge: { charged: true, price: 5000, balance: 495000, operationName: 'Add Student' } },
  uncharged: { status: 'completed', charge: { charged: false, price: 0, balance: 500000, operationName: 'Add Student' } },
  refused: { status: 'refused', message: 'Insufficient wallet balance: ₹50.00 needed, ₹49.99 available' },
  refusedSilently: { status: 'refused' },
  aborted: { status: 'aborted' },
} satisfies Record<string, OperationOutcome>;

/** Each event of the model carries a label: which quote or outcome it stands for. */
type Labelled = { type: string; label?: string };

const modelEvents = [
  { type: 'charge.request', operation: ADD_STUDENT },
  { type: 'charge.confirm' },
  { type: 'charge.cancel' },
  { type: 'charge.reset' },
  ...Object.entries(quotes).map(([label, output]) => ({ type: QUOTE_DONE, label, output })),
  { type: QUOTE_ERROR, label: 'network', error: new Error('Network down') },
  ...Object.entries(outcomes).map(([label, output]) => ({ type: OPERATION_DONE, label, output })),
  { type: OPERATION_ERROR, label: 'thrown', error: new Error('Server unreachable') },
  { type: OPERATION_ERROR, label: 'thrown silently', error: {} },
] as unknown as ModelEvent[];

const label = (event: Labelled) => (event.label ? `${event.type}(${event.label})` : event.type);

/** The whole snapshot: its context takes only the few values the model's events carry. */
const stateKey = (snapshot: Snapshot) => JSON.stringify([snapshot.value, snapshot.context]);

const model = createTestModel(toTestMachine(chargeMachine), {
  events: modelEvents,
  // A node per state reached by one kind of transition: covering every node covers every transition.
  serializeState: (snapshot, event, previous) =>
    previous && event ? `${stateKey(snapshot)} via ${label(event as Labelled)} from ${stateKey(previous)}` : stateKey(snapshot),
});

type ModelPath = ReturnType<typeof model.getShortestPaths>[number];
type TestParams = Parameters<ModelPath['test']>[0];

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The real machine with stubbed actors the test settles by hand. */
function harness() {
  const calls = { quote: 0, operation: 0 };
  let quote = deferred<Quote>();
  let operation = deferred<OperationOutcome>();
  const actor = createActor(
    chargeMachine.provide({
      actors: {
        loadQuote: fromPromise<Quote, ChargeOperation>(() => {
          calls.quote += 1;
          quote = deferred<Quote>();
          return quote.promise;
        }),
        performOperation: fromPromise<OperationOutcome, ChargeOperation>(() => {
          calls.operation += 1;
          operation = deferred<OperationOutcome>();
          return operation.promise;
        }),
      },
    }),
  );
  const emitted: ChargeEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return {
    actor,
    calls,
    emitted,
    async quoteWith(value: Quote) {
      quote.resolve(value);
      await settle();
    },
    async quoteFails(error: unknown) {
      quote.reject(error);
      await settle();
    },
    async answer(value: OperationOutcome) {
      operation.resolve(value);
      await settle();
    },
    async operationThrows(error: unknown) {
      operation.reject(error);
      await settle();
    },
  };
}

function describePath(path: ModelPath) {
  const steps = path.steps.slice(1).map(({ event }) => label(event as Labelled));
  return `${steps.join(' → ') || 'start'} ⇒ ${String(path.state.value)}`;
}

function runPath(path: ModelPath) {
  const h = harness();
  let toasts = 0;
  const events: Record<string, (step: { event: object }) => unknown> = {
    'charge.request': ({ event }) => h.actor.send(event as ModelEvent),
    'charge.confirm': () => h.actor.send({ type: 'charge.confirm' }),
    'charge.cancel': () => h.actor.send({ type: 'charge.cancel' }),
    'charge.reset': () => h.actor.send({ type: 'charge.reset' }),
    [QUOTE_DONE]: ({ event }) => h.quoteWith((event as { output: Quote }).output),
    [QUOTE_ERROR]: ({ event }) => h.quoteFails((event as { error: unknown }).error),
    [OPERATION_DONE]: ({ event }) => h.answer((event as { output: OperationOutcome }).output),
    [OPERATION_ERROR]: ({ event }) => h.operationThrows((event as { error: unknown }).error),
  };
  return path.test({
    events: events as TestParams['events'],
    states: {
      '*': (expected: Snapshot) => {
        const snapshot = h.actor.getSnapshot();
        expect(snapshot.value).toEqual(expected.value);
        expect(snapshot.context).toEqual(expected.context);
        // The actor a state runs, and only that one.
        const running = { quoting: ['loadQuote'], charging: ['performOperation'] }[String(snapshot.value)] ?? [];
        expect(Object.keys(snapshot.children)).toEqual(running);
        // Every arrival in failed is announced once with its reason; a charge that took money too.
        if (h.emitted.length > toasts) {
          expect(h.emitted).toHaveLength(toasts + 1);
          const toast = h.emitted.at(-1)!;
          if (toast.type === 'charge.failed') {
            expect(snapshot.value).toBe('failed');
            expect(toast).toEqual({ type: 'charge.failed', message: snapshot.context.failure, duration: CHARGE_FAILURE_TOAST_MS });
          } else {
            expect(snapshot.value).toBe('done');
            expect(toast.message).toBe(chargedMessage(snapshot.context.receipt!));
            expect(toast.duration).toBe(CHARGE_SUCCESS_TOAST_MS);
          }
          toasts = h.emitted.length;
        }
        if (snapshot.matches('failed')) expect(snapshot.context.failure).toBeTruthy();
      },
    },
  });
}

describe('charge machine (model)', () => {
  const paths = model.getShortestPaths();

  it('reaches every state', () => {
    // Paths that are the start of a longer one are left out, so read every step.
    const reached = new Set(paths.flatMap((path) => path.steps.map((step) => String(step.state.value))));
    expect(reached).toEqual(new Set(['idle', 'quoting', 'confirm', 'charging', 'done', 'failed']));
  });

  it('covers every transition', () => {
    const covered = new Set<string>();
    for (const path of paths) {
      let previous = path.steps[0]!.state;
      for (const step of path.steps.slice(1)) {
        covered.add(`${String(previous.value)} --${label(step.event as Labelled)}--> ${String(step.state.value)}`);
        previous = step.state;
      }
    }
    const transitions = [
      'idle --charge.request--> quoting',
      `quoting --${QUOTE_DONE}(payable)--> confirm`,
      `quoting --${QUOTE_DONE}(free)--> charging`,
      `quoting --${QUOTE_DONE}(short)--> confirm`,
      `quoting --${QUOTE_ERROR}(network)--> confirm`,
      'quoting --charge.cancel--> idle',
      'confirm --charge.confirm--> charging',
      'confirm --charge.cancel--> idle',
      `charging --${OPERATION_DONE}(charged)--> done`,
      `charging --${OPERATION_DONE}(uncharged)--> done`,
      `charging --${OPERATION_DONE}(refused)--> failed`,
      `charging --${OPERATION_DONE}(refusedSilently)--> failed`,
      `charging --${OPERATION_DONE}(aborted)--> idle`,
      `charging --${OPERATION_ERROR}(thrown)--> failed`,
      `charging --${OPERATION_ERROR}(thrown silently)--> failed`,
      'done --charge.request--> quoting',
      'done --charge.reset--> idle',
      'failed --charge.request--> quoting',
      'failed --charge.reset--> idle',
    ];
    expect([...covered].sort()).toEqual([...transitions].sort());
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_, path) => {
    await runPath(path);
  });
});

describe('charge machine messages', () => {
  it('asks to confirm in the words of the specification', () => {
    expect(confirmMessage('Add Student')).toBe('This operation will deduct charges from your wallet. Continue with Add Student?');
  });

  it('says what was deducted and what is left, in rupees with Indian grouping', () => {
    expect(chargedMessage({ price: 5000, balance: 495000, operationName: 'Add Student' })).toBe(
      '₹50.00 deducted for Add Student. Balance: ₹4,950.00',
    );
    expect(chargedMessage({ price: 12345678, balance: 1234567890, operationName: 'Issue Certificate' })).toBe(
      '₹1,23,456.78 deducted for Issue Certificate. Balance: ₹1,23,45,678.90',
    );
  });

  it('keeps the charge failure’s fallback message of the error catalogue', () => {
    expect(CHARGE_FAILED_FALLBACK).toBe('Failed to process operation cost');
  });
});

describe('charge machine', () => {
  it('confirms, runs the operation and announces the charge for 4 s', async () => {
    const h = harness();
    h.actor.send({ type: 'charge.request', operation: ADD_STUDENT });
    await h.quoteWith(quotes.payable);
    expect(h.actor.getSnapshot().value).toBe('confirm');
    expect(h.calls.operation).toBe(0);
    h.actor.send({ type: 'charge.confirm' });
    await h.answer(outcomes.charged);
    expect(h.actor.getSnapshot().value).toBe('done');
    expect(h.emitted).toEqual([
      {
        type: 'charge.succeeded',
        message: '₹50.00 deducted for Add Student. Balance: ₹4,950.00',
        duration: 4000,
        receipt: outcomes.charged.charge,
      },
    ]);
  });

  it('shows the server’s message for 5 s when the wallet refuses', async () => {
    const h = harness();
    h.actor.send({ type: 'charge.request', operation: ADD_STUDENT });
    await h.quoteWith(quotes.payable);
    h.actor.send({ type: 'charge.confirm' });
    await h.answer(outcomes.refused);
    expect(h.emitted).toEqual([
      { type: 'charge.failed', message: 'Insufficient wallet balance: ₹50.00 needed, ₹49.99 available', duration: 5000 },
    ]);
  });

  it('falls back to “Failed to process operation cost” without a message', async () => {
    for (const fail of [
      (h: ReturnType<typeof harness>) => h.answer({ status: 'refused', message: '' }),
      (h: ReturnType<typeof harness>) => h.operationThrows(undefined),
    ]) {
      const h = harness();
      h.actor.send({ type: 'charge.request', operation: ADD_STUDENT });
      await h.quoteWith(quotes.payable);
      h.actor.send({ type: 'charge.confirm' });
      await fail(h);
      expect(h.emitted).toEqual([{ type: 'charge.failed', message: 'Failed to process operation cost', duration: 5000 }]);
    }
  });

  it('asks even when the balance looks short: the server decides, and its refusal is shown', async () => {
    const h = harness();
    h.actor.send({ type: 'charge.request', operation: ADD_STUDENT });
    await h.quoteWith({ ...quotes.payable, price: 5000, balance: 4999 });
    expect(h.actor.getSnapshot().value).toBe('confirm');
    h.actor.send({ type: 'charge.confirm' });
    expect(h.calls.operation).toBe(1);
    await h.answer(outcomes.refused);
    expect(h.actor.getSnapshot().value).toBe('failed');
    expect(h.emitted).toEqual([
      { type: 'charge.failed', message: 'Insufficient wallet balance: ₹50.00 needed, ₹49.99 available', duration: 5000 },
    ]);
  });

  it('runs a free operation without asking, and says nothing when nothing was charged', async () => {
    for (const quote of [quotes.free, { ...quotes.payable, walletEnabled: false }, { ...quotes.payable, price: 0 }]) {
      const h = harness();
      h.actor.send({ type: 'charge.request', operation: ADD_STUDENT });
      await h.quoteWith(quote);
      expect(h.actor.getSnapshot().value).toBe('charging');
      await h.answer(outcomes.uncharged);
      expect(h.actor.getSnapshot().value).toBe('done');
      expect(h.emitted).toEqual([]);
    }
  });

  it('still asks when the price could not be read', async () => {
    const h = harness();
    h.actor.send({ type: 'charge.request', operation: ADD_STUDENT });
    await h.quoteFails(new Error('Network down'));
    expect(h.actor.getSnapshot().value).toBe('confirm');
    expect(h.actor.getSnapshot().context.quote).toBeNull();
  });

  it('cancelling runs nothing and forgets the request', async () => {
    const h = harness();
    h.actor.send({ type: 'charge.request', operation: ADD_STUDENT });
    await h.quoteWith(quotes.payable);
    h.actor.send({ type: 'charge.cancel' });
    expect(h.actor.getSnapshot().value).toBe('idle');
    expect(h.actor.getSnapshot().context).toEqual({ operation: null, quote: null, receipt: null, failure: null });
    expect(h.calls.operation).toBe(0);
  });

  it('ignores a second request while one is under way', async () => {
    const h = harness();
    h.actor.send({ type: 'charge.request', operation: ADD_STUDENT });
    await h.quoteWith(quotes.payable);
    h.actor.send({ type: 'charge.confirm' });
    h.actor.send({ type: 'charge.request', operation: ADD_STUDENT });
    h.actor.send({ type: 'charge.confirm' });
    expect(h.calls).toEqual({ quote: 1, operation: 1 });
    expect(h.actor.getSnapshot().value).toBe('charging');
  });
});
