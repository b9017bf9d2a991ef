import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import type { StoredEvent } from '../event-store';
import { walletBalances, walletLedger } from '../schema';
import { InsufficientBalanceError } from '../../domain/wallet/errors';
import { insertMany, type Projection } from './projection';

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

type LedgerRow = typeof walletLedger.$inferInsert;

/** What a wallet event does: the signed amount it moves and its ledger row, short of the balance after it. */
export function movementOf(event: StoredEvent): { amount: number; row: Omit<LedgerRow, 'balanceAfter'> } {
  const entry = event.data as { entryId: string; branchId: string };
  const base = { id: entry.entryId, branchId: entry.branchId, actorId: event.actorId, createdAt: event.occurredAt };
  switch (event.type) {
    case 'WalletCredited': {
      const d = event.data as WalletCreditedData;
      return { amount: d.amount, row: { ...base, kind: 'credit', amount: d.amount, referenceId: d.reference || null, note: d.note } };
    }
    case 'WalletCharged': {
      const d = event.data as WalletChargedData;
      const row = { ...base, kind: 'charge', amount: -d.amount, operationKey: d.operationKey, operationName: d.operationName, referenceId: d.referenceId };
      return { amount: -d.amount, row };
    }
    case 'WalletRefunded': {
      const d = event.data as WalletRefundedData;
      const row = {
        ...base,
        kind: 'refund',
        amount: d.amount,
        operationKey: d.operationKey,
        operationName: d.operationName,
        referenceId: d.referenceId,
        refundOf: d.chargeId,
        note: d.reason,
      };
      return { amount: d.amount, row };
    }
    case 'WalletAdjusted': {
      const d = event.data as WalletAdjustedData;
      return { amount: d.amount, row: { ...base, kind: 'adjustment', amount: d.amount, note: d.reason } };
    }
    default:
      throw new Error(`${event.type} is not a wallet event`);
  }
}

async function applyMovement(tx: Tx, event: StoredEvent): Promise<void> {
  const { amount, row } = movementOf(event);
  const balanceAfter =
    amount >= 0
      ? await addToBalance(tx, row.branchId, amount, event.occurredAt)
      : await takeFromBalance(tx, row.branchId, -amount, event.occurredAt);
  await tx.insert(walletLedger).values({ ...row, balanceAfter });
}

export const walletProjection: Projection = {
  name: 'wallet',
  tables: [walletBalances, walletLedger],
  handlers: {
    WalletCredited: applyMovement,
    WalletCharged: applyMovement,
    WalletRefunded: applyMovement,
    WalletAdjusted: applyMovement,
  },

  /** Balances are read once, moved in memory under the same no-overdraw rule, and written back with the ledger rows. */
  async replay(tx, run) {
    const branchIds = [...new Set(run.map((event) => (event.data as { branchId: string }).branchId))];
    const wallets = new Map(
      (await tx.select().from(walletBalances).where(inArray(walletBalances.branchId, branchIds))).map((row) => [row.branchId, row]),
    );
    const ledger: LedgerRow[] = [];
    for (const event of run) {
      const { amount, row } = movementOf(event);
      const wallet = wallets.get(row.branchId);
      if (amount < 0 && (!wallet || wallet.balance < -amount)) throw new InsufficientBalanceError(row.branchId, -amount, null);
      const balance = (wallet?.balance ?? 0) + amount;
      wallets.set(row.branchId, { branchId: row.branchId, balance, updatedAt: event.occurredAt });
      ledger.push({ ...row, balanceAfter: balance });
    }
    await tx
      .insert(walletBalances)
      .values([...wallets.values()])
      .onConflictDoUpdate({
        target: walletBalances.branchId,
        set: { balance: sql`excluded.balance`, updatedAt: sql`excluded.updated_at` },
      });
    await insertMany(tx, walletLedger, ledger);
  },
};
