import { useRouteLoaderData } from '@remix-run/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, type FormEvent } from 'react';
import { toast } from 'sonner';
import { fromPromise } from 'xstate';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '~/components/ui/alert-dialog';
import { Button } from '~/components/ui/button';
import {
  CHARGE_SUCCESS_TOAST_MS,
  chargedMessage,
  chargeMachine,
  CONFIRM_TITLE,
  confirmMessage,
  WALLET_BLOCKED_MESSAGE,
  type ChargeOperation,
  type OperationOutcome,
  type Quote,
} from '~/machines/charge.machine';
import type { WalletBalanceAnswer } from '~/routes/resources.wallet-balance';
import { formatRupees } from '~/utils/format';
import type { AdmissionCharge } from './types';

export const ADMISSION: ChargeOperation = { key: 'ADD_STUDENT', name: 'Add Student' };

/**
 * How the server answered an operation that may charge the wallet, as the form's action hands
 * it back: the created record's `charge` (POST /dynamic-data's `data.charge`), or the failure.
 */
export type ChargeAnswer =
  | { ok: true; charge?: AdmissionCharge | null }
  | { ok: false; status?: number; message?: string | null };

/** 402 is the wallet's refusal; any other failure belongs to the form (invalid fields and such). */
export function outcomeOf(answer: ChargeAnswer): OperationOutcome {
  if (answer.ok) return { status: 'completed', charge: answer.charge ?? null };
  if (answer.status === 402) return { status: 'refused', message: answer.message };
  return { status: 'aborted' };
}

async function fetchQuote(operation: ChargeOperation): Promise<Quote> {
  const response = await fetch(`/resources/wallet-balance?operation=${encodeURIComponent(operation.key)}`, {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error(`The price of ${operation.name} could not be read`);
  const body = (await response.json()) as WalletBalanceAnswer;
  if (!body.quote) throw new Error(`The price of ${operation.name} could not be read`);
  return body.quote;
}

/** The signed-in user's branch and wallet, from the admin layout's loader. */
function useWalletUser() {
  const admin = useRouteLoaderData('routes/admin') as { user?: { branchId: string | null; walletEnabled: boolean } } | undefined;
  return admin?.user ?? null;
}

/**
 * The charge flow (charge machine) around a submission that costs the branch money, such as
 * adding a student in a wallet-enabled branch. The API charges in the same transaction as the
 * operation; this reads the price and balance, asks to confirm, and reports the outcome.
 *
 *   const charge = useAdmissionCharge({ applies: adding });   // on for a user of a wallet-enabled branch
 *   onSubmit: charge.run(() => submitTheForm());    // or, on a plain <Form>: charge.intercept(event)
 *   when the action answers: charge.settle({ ok: true, charge: data.charge })
 *                        or: charge.settle({ ok: false, status: 402, message })
 *   render: {charge.dialog} and, unless the form shows its own, {charge.alert}
 *
 * `run` calls `proceed` at once when nothing is to be confirmed; otherwise after Continue, and
 * the flow then waits for `settle`. `settle` shows "₹50.00 deducted for Add Student. Balance:
 * ₹4,950.00" (4 s) or the refusal (the server's message, 5 s) with "Cannot proceed: …" as
 * `error`. A failure that is not the wallet's (status other than 402) ends the flow quietly.
 * When the flow is off, `settle` still announces a charge the server reports.
 */
export function useAdmissionCharge(
  options: {
    /** Whether this submission is the charged operation (adding a student, not editing one). */
    applies?: boolean;
    /** Overrides the user's own wallet setting. */
    enabled?: boolean;
    operation?: ChargeOperation;
  } = {},
) {
  const walletUser = useWalletUser();
  const enabled =
    (options.applies ?? true) && (options.enabled ?? Boolean(walletUser?.walletEnabled && walletUser.branchId));
  const operation = options.operation ?? ADMISSION;
  const pending = useRef<((outcome: OperationOutcome) => void) | null>(null);
  const proceedRef = useRef<(() => void) | null>(null);
  const actorRef = useActorRef(
    chargeMachine.provide({
      actors: {
        loadQuote: fromPromise<Quote, ChargeOperation>(({ input }) => fetchQuote(input)),
        performOperation: fromPromise<OperationOutcome, ChargeOperation>(
          () =>
            new Promise<OperationOutcome>((resolve) => {
              pending.current = resolve;
              const proceed = proceedRef.current;
              proceedRef.current = null;
              // After this transition settles, so a resubmitted form sees the charging state.
              setTimeout(() => (proceed ? proceed() : resolve({ status: 'aborted' })), 0);
            }),
        ),
      },
    }),
  );

  useEffect(() => {
    const succeeded = actorRef.on('charge.succeeded', (event) => toast.success(event.message, { duration: event.duration }));
    const failed = actorRef.on('charge.failed', (event) => toast.error(event.message, { duration: event.duration }));
    return () => {
      succeeded.unsubscribe();
      failed.unsubscribe();
    };
  }, [actorRef]);

  const state = useSelector(actorRef, (snapshot) => snapshot.value);
  const quote = useSelector(actorRef, (snapshot) => snapshot.context.quote);

  function run(proceed: () => void) {
    if (!enabled) return proceed();
    const snapshot = actorRef.getSnapshot();
    if (snapshot.matches('quoting') || snapshot.matches('confirm') || snapshot.matches('charging')) return;
    proceedRef.current = proceed;
    actorRef.send({ type: 'charge.request', operation });
  }

  /** For a plain form: holds the submission back and, on Continue, submits it again. */
  function intercept(event: FormEvent<HTMLFormElement>): boolean {
    if (!enabled || actorRef.getSnapshot().matches('charging')) return false;
    event.preventDefault();
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    run(() => form.requestSubmit(submitter instanceof HTMLButtonElement ? submitter : undefined));
    return true;
  }

  function settle(answer: ChargeAnswer) {
    const outcome = outcomeOf(answer);
    const resolve = pending.current;
    pending.current = null;
    if (resolve && actorRef.getSnapshot().matches('charging')) {
      resolve(outcome);
    } else if (outcome.status === 'completed' && outcome.charge?.charged) {
      toast.success(chargedMessage(outcome.charge), { duration: CHARGE_SUCCESS_TOAST_MS });
    }
  }

  /** The confirmed submission did not go ahead after all (the form stopped it): end quietly. */
  function abort() {
    pending.current?.({ status: 'aborted' });
    pending.current = null;
  }

  const dialog = (
    <ChargeConfirmDialog
      open={state === 'confirm'}
      operationName={quote?.operationName ?? operation.name}
      quote={quote}
      onConfirm={() => actorRef.send({ type: 'charge.confirm' })}
      onCancel={() => actorRef.send({ type: 'charge.cancel' })}
    />
  );
  const error = state === 'failed' ? WALLET_BLOCKED_MESSAGE : null;
  const alert = error ? (
    <div
      role="alert"
      data-slot="charge-alert"
      className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
    >
      {error}
    </div>
  ) : null;

  return {
    enabled,
    state: state as 'idle' | 'quoting' | 'confirm' | 'charging' | 'done' | 'failed',
    /** Reading the price or running the operation: keep the submit button busy. */
    busy: state === 'quoting' || state === 'charging',
    error,
    alert,
    dialog,
    run,
    intercept,
    settle,
    abort,
  };
}

/** "This operation will deduct charges from your wallet. Continue with Add Student?" */
export function ChargeConfirmDialog({
  open,
  operationName,
  quote,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  operationName: string;
  quote: Quote | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const known = quote && quote.price !== null && quote.balance !== null;
  return (
    <AlertDialog open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      <AlertDialogContent data-slot="charge-confirm">
        <AlertDialogHeader>
          <AlertDialogTitle>{CONFIRM_TITLE}</AlertDialogTitle>
          <AlertDialogDescription>{confirmMessage(operationName)}</AlertDialogDescription>
        </AlertDialogHeader>
        {known ? (
          <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 rounded-md border bg-muted/40 px-4 py-3 text-sm">
            <dt className="text-muted-foreground">Price</dt>
            <dd className="text-right font-medium tabular-nums">{formatRupees(quote.price!)}</dd>
            <dt className="text-muted-foreground">Wallet balance</dt>
            <dd className="text-right tabular-nums">{formatRupees(quote.balance!)}</dd>
            {quote.balance! >= quote.price! ? (
              <>
                <dt className="text-muted-foreground">Balance after</dt>
                <dd className="text-right font-medium tabular-nums">{formatRupees(quote.balance! - quote.price!)}</dd>
              </>
            ) : null}
          </dl>
        ) : null}
        {known && quote.balance! < quote.price! ? (
          <p role="alert" className="rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-900 dark:text-amber-200">
            The balance is below the price: unless the wallet is topped up first, the wallet will refuse this.
          </p>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <Button type="button" onClick={onConfirm}>
            Continue
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
