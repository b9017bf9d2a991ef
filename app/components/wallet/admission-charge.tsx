import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef } from 'react';
import { fromPromise } from 'xstate';
import { AlertDialogCancel, AlertDialogFooter, ConfirmDialog } from '~/components/ui/alert-dialog';
import { Button } from '~/components/ui/button';
import { toast } from '~/components/ui/toaster';
import {
  chargeMachine,
  CONFIRM_TITLE,
  confirmMessage,
  type ChargeOperation,
  type OperationOutcome,
  type Quote,
} from '~/machines/charge.machine';
import type { WalletBalanceAnswer } from '~/routes/resources.wallet-balance';
import { formatRupees } from '~/utils/format';
import { ADMISSION_OPERATION, type AdmissionCharge } from '../../../common/wallet';

/**
 * How the server answered an operation that may charge the wallet, as the form's action hands
 * it back: the created record's `charge` (POST /dynamic-data's `data.charge`), or the failure.
 */
export type ChargeAnswer = { ok: true; charge?: AdmissionCharge | null } | { ok: false; status?: number; message?: string | null };

/** 402 is the wallet's refusal; any other failure belongs to the form (invalid fields and such). */
export function outcomeOf(answer: ChargeAnswer): OperationOutcome {
  if (answer.ok) return { status: 'completed', charge: answer.charge ?? null };
  if (answer.status === 402) return { status: 'refused', message: answer.message };
  return { status: 'aborted' };
}

async function fetchQuote(operation: ChargeOperation): Promise<Quote> {
  const search = new URLSearchParams({ operation: operation.key });
  if (operation.branchId) search.set('branch', operation.branchId);
  const response = await fetch(`/resources/wallet-balance?${search}`, {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error(`The price of ${operation.name} could not be read`);
  const body = (await response.json()) as WalletBalanceAnswer;
  if (!body.quote) throw new Error(`The price of ${operation.name} could not be read`);
  return body.quote;
}

/**
 * The charge flow (charge machine) around adding a student. The API charges the student's branch
 * in the admission's own transaction; this reads what that branch would pay, asks to confirm
 * when it pays anything, and reports the outcome. Whether to ask follows the branch the student
 * joins, whoever adds them.
 *
 *   const charge = useAdmissionCharge({ applies: adding });
 *   onSubmit: charge.run(() => submitTheForm(), studentsBranchId);
 *   when the action answers: charge.settle({ ok: true, charge: data.charge })
 *                        or: charge.settle({ ok: false, status: 402, message })
 *   render: {charge.dialog}
 *
 * `run` reads the quote, then calls `proceed` at once when nothing is to be paid, otherwise
 * after Continue; the flow then waits for `settle`, which shows "₹50.00 deducted for Add
 * Student. Balance: ₹4,950.00" (4 s) or the refusal (the server's message, 5 s). A failure that
 * is not the wallet's (status other than 402) ends the flow quietly: the form shows it.
 */
export function useAdmissionCharge({ applies = true }: { applies?: boolean } = {}) {
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

  const confirming = useSelector(actorRef, (snapshot) => snapshot.matches('confirm'));
  const quote = useSelector(actorRef, (snapshot) => snapshot.context.quote);

  /** Runs `proceed` once the charge to `branchId` (the user's own branch when absent) is settled with the user. */
  function run(proceed: () => void, branchId?: string) {
    if (!applies) return proceed();
    const snapshot = actorRef.getSnapshot();
    if (snapshot.matches('quoting') || snapshot.matches('confirm') || snapshot.matches('charging')) return;
    proceedRef.current = proceed;
    actorRef.send({ type: 'charge.request', operation: { ...ADMISSION_OPERATION, branchId } });
  }

  // Stable across renders: the form's effects that settle or abort a charge depend on them.
  const settle = useCallback(
    (answer: ChargeAnswer) => {
      const resolve = pending.current;
      pending.current = null;
      if (resolve && actorRef.getSnapshot().matches('charging')) resolve(outcomeOf(answer));
    },
    [actorRef],
  );

  /** The confirmed submission did not go ahead after all (the form stopped it): end quietly. */
  const abort = useCallback(() => {
    pending.current?.({ status: 'aborted' });
    pending.current = null;
  }, []);

  const dialog = (
    <ChargeConfirmDialog
      open={confirming}
      operationName={quote?.operationName ?? ADMISSION_OPERATION.name}
      quote={quote}
      onConfirm={() => actorRef.send({ type: 'charge.confirm' })}
      onCancel={() => actorRef.send({ type: 'charge.cancel' })}
    />
  );

  return { dialog, run, settle, abort };
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
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onCancel())}
      data-slot="charge-confirm"
      title={CONFIRM_TITLE}
      description={confirmMessage(operationName)}
    >
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
        <p
          role="alert"
          className="rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-900 dark:text-amber-200"
        >
          The balance is below the price: unless the wallet is topped up first, the wallet will refuse this.
        </p>
      ) : null}
      <AlertDialogFooter>
        <AlertDialogCancel>Cancel</AlertDialogCancel>
        <Button type="button" onClick={onConfirm}>
          Continue
        </Button>
      </AlertDialogFooter>
    </ConfirmDialog>
  );
}
