import { and, eq, gte, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import type { StoredEvent } from '../event-store';
import { walletBalances, walletLedger } from '../schema';
import { InsufficientBalanceError } from '../../domain/wallet/errors';
import type { Projection } from './projection';

/** Every amount is in paise and positive; the ledger row carries the sign. */
export interface WalletCreditedData {
  entryId: string;
  branchId: string;
  amount: number;
  note: string;
  reference: string;
}

export interface WalletChargedData {
  entryId: string;
  branchId: string;
  amount: number;
  operationKey: string;
  operationName: string;
  referenceId: string;
}

export interface WalletRefundedData {
  entryId: string;
  branchId: string;
  amount: number;
  /** The ledger id of the charge this refund reverses. */
  chargeId: string;
  reason: string;
  operationKey: string | null;
  operationName: string | null;
  referenceId: string | null;
}

/** A correction by hand: `amount` is signed (negative takes money out). */
export interface WalletAdjustedData {
  entryId: string;
  branchId: string;
  amount: number;
  reason: string;
}

/** Adds to a balance, creating the wallet on its first money. */
async function addToBalance(tx: Tx, branchId: string, amount: number, at: Date): Promise<number> {
  const [row] = await tx
    .insert(walletBalances)
    .values({ branchId, balance: amount, updatedAt: at })
    .onConflictDoUpdate({
      target: walletBalances.branchId,
      set: { balance: sql`${walletBalances.balance} + ${amount}`, updatedAt: at },
    })
    .returning({ balance: walletBalances.balance });
  return row!.balance;
}

/**
 * Takes money out in one statement that cannot overdraw: under concurrent writers the row lock
 * of the UPDATE orders them, and each one re-checks `balance >= amount` on the row it locked.
 * No row back means too little money: the error rolls the whole transaction back.
 */
async function takeFromBalance(tx: Tx, branchId: string, amount: number, at: Date): Promise<number> {
  const [row] = await tx
    .update(walletBalances)
    .set({ balance: sql`${walletBalances.balance} - ${amount}`, updatedAt: at })
    .where(and(eq(walletBalances.branchId, branchId), gte(walletBalances.balance, amount)))
    .returning({ balance: walletBalances.balance });
  if (!row) throw new InsufficientBalanceError(branchId, amount, null);
  return row.balance;
}

function ledgerRow(event: StoredEvent, entry: { entryId: string; branchId: string }) {
  return { id: entry.entryId, branchId: entry.branchId, actorId: event.actorId, createdAt: event.occurredAt };
}

export const walletProjection: Projection = {
  name: 'wallet',
  tables: [walletBalances, walletLedger],
  handlers: {
    async WalletCredited(tx, event: StoredEvent<WalletCreditedData>) {
      const d = event.data;
      const balanceAfter = await addToBalance(tx, d.branchId, d.amount, event.occurredAt);
      await tx.insert(walletLedger).values({
        ...ledgerRow(event, d),
        kind: 'credit',
        amount: d.amount,
        balanceAfter,
        referenceId: d.reference || null,
        note: d.note,
      });
    },
    async WalletCharged(tx, event: StoredEvent<WalletChargedData>) {
      const d = event.data;
      const balanceAfter = await takeFromBalance(tx, d.branchId, d.amount, event.occurredAt);
      await tx.insert(walletLedger).values({
        ...ledgerRow(event, d),
        kind: 'charge',
        amount: -d.amount,
        balanceAfter,
        operationKey: d.operationKey,
        operationName: d.operationName,
        referenceId: d.referenceId,
      });
    },
    async WalletRefunded(tx, event: StoredEvent<WalletRefundedData>) {
      const d = event.data;
      const balanceAfter = await addToBalance(tx, d.branchId, d.amount, event.occurredAt);
      await tx.insert(walletLedger).values({
        ...ledgerRow(event, d),
        kind: 'refund',
        amount: d.amount,
        balanceAfter,
        operationKey: d.operationKey,
        operationName: d.operationName,
        referenceId: d.referenceId,
        refundOf: d.chargeId,
        note: d.reason,
      });
    },
    async WalletAdjusted(tx, event: StoredEvent<WalletAdjustedData>) {
      const d = event.data;
      const balanceAfter =
        d.amount >= 0
          ? await addToBalance(tx, d.branchId, d.amount, event.occurredAt)
          : await takeFromBalance(tx, d.branchId, -d.amount, event.occurredAt);
      await tx.insert(walletLedger).values({
        ...ledgerRow(event, d),
        kind: 'adjustment',
        amount: d.amount,
        balanceAfter,
        note: d.reason,
      });
    },
  },
};
