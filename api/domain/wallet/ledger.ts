import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { records, walletLedger } from '../../db/schema';

export const ledgerKinds = ['credit', 'charge', 'refund', 'adjustment'] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

/** One ledger row as the API shows it; amounts in paise, signed (charges negative). */
export interface WalletTransaction {
  _id: string;
  id: string;
  branchId: string;
  branchName: string | null;
  kind: LedgerKind;
  amount: number;
  balanceAfter: number;
  operationKey: string | null;
  operationName: string | null;
  referenceId: string | null;
  /** On a refund: the charge it reverses. */
  refundOf: string | null;
  /** On a refunded charge: the refund. */
  refundedBy: string | null;
  note: string;
  actorId: string | null;
  createdAt: string;
}

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
