import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../client';
import { compiledQuery } from '../compiled-query';
import type { StoredEvent } from '../event-store';
import { walletBalances, walletLedger } from '../schema';
import { InsufficientBalanceError } from '../../domain/wallet/errors';
import type { WalletEvent } from '../../domain/wallet/events';
import { insertMany, type Projection } from './projection';

type LedgerRow = typeof walletLedger.$inferInsert;

const value = (name: string) => sql.placeholder(name);

/** Writes the ledger row of a movement with the balance the movement left, in the statement that moves it. */
function withLedgerRow(movement: SQL) {
  return sql`
    WITH moved AS (${movement})
    INSERT INTO wallet_ledger (id, branch_id, kind, amount, balance_after, operation_key, operation_name, reference_id,
                               refund_of, note, actor_id, created_at)
    SELECT ${value('id')}, ${value('branchId')}, ${value('kind')}, ${value('amount')}::bigint, moved.balance,
           ${value('operationKey')}, ${value('operationName')}, ${value('referenceId')}, ${value('refundOf')},
           coalesce(${value('note')}, ''), ${value('actorId')}, ${value('createdAt')}::timestamptz
    FROM moved
    RETURNING balance_after`;
}

/** Adds to a balance, creating the wallet on its first money. */
const addToBalance = compiledQuery('wallet_add', {}, () =>
  withLedgerRow(sql`
    INSERT INTO wallet_balances (branch_id, balance, updated_at) VALUES (${value('branchId')}, ${value('amount')}, ${value('createdAt')})
    ON CONFLICT (branch_id) DO UPDATE SET balance = wallet_balances.balance + excluded.balance, updated_at = excluded.updated_at
    RETURNING balance`),
);

/**
 * Takes money out in one statement that cannot overdraw: under concurrent writers the row lock
 * of the UPDATE orders them, and each one re-checks `balance >= amount` on the row it locked.
 * No row back means too little money.
 */
const takeFromBalance = compiledQuery('wallet_take', {}, () =>
  withLedgerRow(sql`
    UPDATE wallet_balances SET balance = balance + ${value('amount')}::bigint, updated_at = ${value('createdAt')}::timestamptz
    WHERE branch_id = ${value('branchId')} AND balance >= -${value('amount')}::bigint
    RETURNING balance`),
);

/** What a wallet event does: the signed amount it moves and its ledger row, short of the balance after it. */
export function movementOf(event: StoredEvent<WalletEvent>): { amount: number; row: Omit<LedgerRow, 'balanceAfter'> } {
  const base = { id: event.data.entryId, branchId: event.data.branchId, actorId: event.actorId, createdAt: event.occurredAt };
  switch (event.type) {
    case 'WalletCredited': {
      const d = event.data;
      return { amount: d.amount, row: { ...base, kind: 'credit', amount: d.amount, referenceId: d.reference || null, note: d.note } };
    }
    case 'WalletCharged': {
      const d = event.data;
      const row = {
        ...base,
        kind: 'charge',
        amount: -d.amount,
        operationKey: d.operationKey,
        operationName: d.operationName,
        referenceId: d.referenceId,
      };
      return { amount: -d.amount, row };
    }
    case 'WalletRefunded': {
      const d = event.data;
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
      const d = event.data;
      return { amount: d.amount, row: { ...base, kind: 'adjustment', amount: d.amount, note: d.reason } };
    }
  }
}

/** Moves the balance and writes the ledger row in one statement; too little money rolls the whole transaction back. */
async function applyMovement(tx: Tx, event: StoredEvent<WalletEvent>): Promise<void> {
  const { amount, row } = movementOf(event);
  const values = {
    operationKey: null,
    operationName: null,
    referenceId: null,
    refundOf: null,
    note: null,
    actorId: null,
    ...row,
  };
  const written = amount >= 0 ? await addToBalance(tx, values) : await takeFromBalance(tx, values);
  if (written.length === 0) throw new InsufficientBalanceError(row.branchId, -amount, null);
}

export const walletProjection: Projection<WalletEvent> = {
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
    const branchIds = [...new Set(run.map((event) => event.data.branchId))];
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
