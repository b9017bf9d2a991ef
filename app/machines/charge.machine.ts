import { assign, emit, fromPromise, setup } from 'xstate';
import { formatRupees } from '~/utils/format';

/**
 * The charge flow of an operation a branch pays for from its wallet (SPEC.md sections 7 and 8,
 * DESIGN.md section 3): read what it costs, ask to confirm, run the operation (the API charges
 * in the operation's own transaction), then tell the user what was deducted or why nothing was.
 *
 *   idle ── charge.request ──▶ quoting ──▶ confirm ── charge.confirm ──▶ charging ──▶ done
 *                                   │          └── charge.cancel ──▶ idle        │ └──▶ failed
 *                                   └── nothing to pay ──▶ charging ───────────┘ └──▶ idle (aborted)
 *
 * The API decides whether there is money enough (under the wallet's lock, in the operation's own
 * transaction): a balance that looks short in the quote is shown, not acted on.
 *
 * Both side effects are injected actors: `loadQuote` (price and balance) and `performOperation`
 * (submits the operation and reports how the server answered). Toasts are emitted events
 * (`charge.succeeded`, `charge.failed`) with their text and duration; the UI shows them.
 */

export const CONFIRM_TITLE = 'Confirm wallet charge';
export const CHARGE_FAILED_FALLBACK = 'Failed to process operation cost';
export const CHARGE_SUCCESS_TOAST_MS = 4_000;
export const CHARGE_FAILURE_TOAST_MS = 5_000;

export function confirmMessage(operationName: string): string {
  return `This operation will deduct charges from your wallet. Continue with ${operationName}?`;
}

/** '₹50.00 deducted for Add Student. Balance: ₹4,950.00' (formatRupees writes the ₹). */
export function chargedMessage(charge: { price: number; balance: number; operationName: string }): string {
  return `${formatRupees(charge.price)} deducted for ${charge.operationName}. Balance: ${formatRupees(charge.balance)}`;
}

export interface ChargeOperation {
  key: string;
  name: string;
  /** The branch that pays (a new student's center); the user's own when absent. */
  branchId?: string;
}

export interface Quote {
  operationName: string;
  /** Paise; null when unknown. */
  price: number | null;
  enabled: boolean;
  walletEnabled: boolean;
  /** Paise; null when unknown. */
  balance: number | null;
}

export interface ChargeReceipt {
  charged: boolean;
  price: number;
  balance: number;
  operationName: string;
}

/** How the server answered the operation. */
export type OperationOutcome =
  /** It ran; `charge` says what it cost (absent when nothing applied). */
  | { status: 'completed'; charge?: ChargeReceipt | null }
  /** The wallet refused it (too little money) or the deduction failed: nothing happened. */
  | { status: 'refused'; message?: string | null }
  /** It failed for a reason of its own (invalid fields): the form shows it, the wallet says nothing. */
  | { status: 'aborted' };

export type ChargeEvent =
  | { type: 'charge.request'; operation: ChargeOperation }
  | { type: 'charge.confirm' }
  | { type: 'charge.cancel' }
  | { type: 'charge.reset' };

export type ChargeEmitted =
  | { type: 'charge.succeeded'; message: string; duration: number; receipt: ChargeReceipt }
  | { type: 'charge.failed'; message: string; duration: number };

export interface ChargeContext {
  operation: ChargeOperation | null;
  quote: Quote | null;
  receipt: ChargeReceipt | null;
  /** The reason shown in the failure toast (the server's message, or the fallback). */
  failure: string | null;
}

function errorText(error: unknown): string | null {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return null;
}

const quoteCharges = (quote: Quote) => quote.walletEnabled && quote.enabled && (quote.price === null || quote.price > 0);

export const chargeMachine = setup({
  types: {
    context: {} as ChargeContext,
    events: {} as ChargeEvent,
    emitted: {} as ChargeEmitted,
  },
  actors: {
    loadQuote: fromPromise<Quote, ChargeOperation>(async () => {
      throw new Error('loadQuote is not provided');
    }),
    performOperation: fromPromise<OperationOutcome, ChargeOperation>(async () => {
      throw new Error('performOperation is not provided');
    }),
  },
  guards: {
    nothingToPay: (_, { quote }: { quote: Quote }) => !quoteCharges(quote),
    charged: (_, { outcome }: { outcome: OperationOutcome }) => outcome.status === 'completed' && Boolean(outcome.charge?.charged),
    completed: (_, { outcome }: { outcome: OperationOutcome }) => outcome.status === 'completed',
    refused: (_, { outcome }: { outcome: OperationOutcome }) => outcome.status === 'refused',
  },
  actions: {
    start: assign((_, { operation }: { operation: ChargeOperation }) => ({
      operation,
      quote: null,
      receipt: null,
      failure: null,
    })),
    keepQuote: assign((_, { quote }: { quote: Quote }) => ({ quote })),
    keepReceipt: assign((_, { outcome }: { outcome: OperationOutcome }) => ({
      receipt: outcome.status === 'completed' ? (outcome.charge ?? null) : null,
    })),
    keepRefusal: assign((_, { outcome }: { outcome: OperationOutcome }) => ({
      failure: (outcome.status === 'refused' && outcome.message) || CHARGE_FAILED_FALLBACK,
    })),
    keepError: assign((_, { error }: { error: unknown }) => ({
      failure: errorText(error) ?? CHARGE_FAILED_FALLBACK,
    })),
    announceCharge: emit(({ context }) => ({
      type: 'charge.succeeded' as const,
      message: chargedMessage(context.receipt!),
      duration: CHARGE_SUCCESS_TOAST_MS,
      receipt: context.receipt!,
    })),
    announceFailure: emit(({ context }) => ({
      type: 'charge.failed' as const,
      message: context.failure ?? CHARGE_FAILED_FALLBACK,
      duration: CHARGE_FAILURE_TOAST_MS,
    })),
    clear: assign({ operation: null, quote: null, receipt: null, failure: null }),
  },
}).createMachine({
  id: 'charge',
  context: { operation: null, quote: null, receipt: null, failure: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'charge.request': {
          target: 'quoting',
          actions: { type: 'start', params: ({ event }) => ({ operation: event.operation }) },
        },
      },
    },
    quoting: {
      invoke: {
        id: 'loadQuote',
        src: 'loadQuote',
        input: ({ context }) => context.operation!,
        onDone: [
          {
            guard: { type: 'nothingToPay', params: ({ event }) => ({ quote: event.output }) },
            target: 'charging',
            actions: { type: 'keepQuote', params: ({ event }) => ({ quote: event.output }) },
          },
          {
            target: 'confirm',
            actions: { type: 'keepQuote', params: ({ event }) => ({ quote: event.output }) },
          },
        ],
        // Without a quote the price is unknown, not absent: still ask.
        onError: { target: 'confirm' },
      },
      on: { 'charge.cancel': { target: 'idle', actions: 'clear' } },
    },
    confirm: {
      on: {
        'charge.confirm': { target: 'charging' },
        'charge.cancel': { target: 'idle', actions: 'clear' },
      },
    },
    charging: {
      invoke: {
        id: 'performOperation',
        src: 'performOperation',
        input: ({ context }) => context.operation!,
        onDone: [
          {
            guard: { type: 'charged', params: ({ event }) => ({ outcome: event.output }) },
            target: 'done',
            actions: [{ type: 'keepReceipt', params: ({ event }) => ({ outcome: event.output }) }, 'announceCharge'],
          },
          {
            guard: { type: 'completed', params: ({ event }) => ({ outcome: event.output }) },
            target: 'done',
            actions: { type: 'keepReceipt', params: ({ event }) => ({ outcome: event.output }) },
          },
          {
            guard: { type: 'refused', params: ({ event }) => ({ outcome: event.output }) },
            target: 'failed',
            actions: { type: 'keepRefusal', params: ({ event }) => ({ outcome: event.output }) },
          },
          // Aborted: the operation's own errors are the form's to show.
          { target: 'idle', actions: 'clear' },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    done: {
      on: {
        'charge.request': {
          target: 'quoting',
          actions: { type: 'start', params: ({ event }) => ({ operation: event.operation }) },
        },
        'charge.reset': { target: 'idle', actions: 'clear' },
      },
    },
    failed: {
      entry: 'announceFailure',
      on: {
        'charge.request': {
          target: 'quoting',
          actions: { type: 'start', params: ({ event }) => ({ operation: event.operation }) },
        },
        'charge.reset': { target: 'idle', actions: 'clear' },
      },
    },
  },
});
