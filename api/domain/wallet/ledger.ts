import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import type { StoredEvent } from '../../db/event-store';
import type { WalletEvent } from './events';
import { movementOf } from '../../db/projections/wallet';
import { records, walletLedger } from '../../db/schema';
import type { LedgerKind, WalletTransaction } from '../../../common/wallet';

const refund = alias(walletLedger, 'refund');

/** The select list and joins every ledger read shares. */
export function selectTransactions(db: Executor) {
  return db
    .select({
      id: walletLedger.id,
      branchId: walletLedger.branchId,
      branchName: records.title,
      kind: walletLedger.kind,
      amount: walletLedger.amount,
      balanceAfter: walletLedger.balanceAfter,
      operationKey: walletLedger.operationKey,
      operationName: walletLedger.operationName,
      referenceId: walletLedger.referenceId,
      refundOf: walletLedger.refundOf,
      refundedBy: refund.id,
      note: walletLedger.note,
      actorId: walletLedger.actorId,
      createdAt: walletLedger.createdAt,
    })
    .from(walletLedger)
    .leftJoin(records, eq(records.id, walletLedger.branchId))
    .leftJoin(refund, eq(refund.refundOf, walletLedger.id));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectTransactions>['execute']>>[number];

export function toTransaction(row: Row): WalletTransaction {
  return { _id: row.id, ...row, kind: row.kind as LedgerKind, createdAt: row.createdAt.toISOString() };
}

/**
 * The entry a wallet event of this transaction has just written, as findTransaction would read it
 * back: the projection's own row for the event, the branch's name, and no refund of it yet.
 */
export function writtenTransaction(event: StoredEvent<WalletEvent>, balanceAfter: number, branchName: string): WalletTransaction {
  const { row } = movementOf(event);
  return toTransaction({
    id: row.id,
    branchId: row.branchId,
    branchName,
    kind: row.kind,
    amount: row.amount,
    balanceAfter,
    operationKey: row.operationKey ?? null,
    operationName: row.operationName ?? null,
    referenceId: row.referenceId ?? null,
    refundOf: row.refundOf ?? null,
    refundedBy: null,
    // The column's default for the kinds whose row has no note.
    note: row.note ?? '',
    actorId: row.actorId ?? null,
    createdAt: row.createdAt,
  });
}

export async function findTransaction(db: Executor, id: string): Promise<WalletTransaction | null> {
  const [row] = await selectTransactions(db).where(eq(walletLedger.id, id));
  return row ? toTransaction(row) : null;
}

/** The charge already made for this operation and reference in this branch, if any. */
export async function findCharge(
  db: Executor,
  branchId: string,
  operationKey: string,
  referenceId: string,
): Promise<WalletTransaction | null> {
  const [row] = await selectTransactions(db).where(
    and(
      eq(walletLedger.branchId, branchId),
      eq(walletLedger.kind, 'charge'),
      eq(walletLedger.operationKey, operationKey),
      eq(walletLedger.referenceId, referenceId),
    ),
  );
  return row ? toTransaction(row) : null;
}
