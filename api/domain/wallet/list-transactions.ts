import { and, asc, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { containing } from '../../db/like';
import { walletLedger } from '../../db/schema';
import type { LedgerKind, TransactionPage } from '../../../common/wallet';
import { selectTransactions, toTransaction } from './ledger';

export interface TransactionQuery {
  /** The branches the caller may see; null for every branch. */
  scope: string[] | null;
  branchId?: string;
  kind?: LedgerKind;
  operationKey?: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
  /** Part of the note, the reference or the operation name, case-insensitive. */
  search?: string;
  /** `amount` orders by size (a ₹500 charge and a ₹500 credit are equal). */
  sortBy: 'createdAt' | 'amount';
  order: 'asc' | 'desc';
  page: number;
  limit: number;
}

export function transactionConditions(query: Omit<TransactionQuery, 'sortBy' | 'order' | 'page' | 'limit'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    query.scope ? inArray(walletLedger.branchId, query.scope) : undefined,
    query.branchId ? eq(walletLedger.branchId, query.branchId) : undefined,
    query.kind ? eq(walletLedger.kind, query.kind) : undefined,
    query.operationKey ? eq(walletLedger.operationKey, query.operationKey) : undefined,
    query.from ? gte(walletLedger.createdAt, query.from) : undefined,
    query.to ? lt(walletLedger.createdAt, query.to) : undefined,
  ];
  const search = query.search?.trim();
  if (search) {
    const pattern = containing(search);
    conditions.push(
      or(ilike(walletLedger.note, pattern), ilike(walletLedger.referenceId, pattern), ilike(walletLedger.operationName, pattern)),
    );
  }
  return and(...conditions);
}

/** A page of the ledger, newest first unless asked otherwise, with the number of matches. */
export async function listTransactions(db: Executor, query: TransactionQuery): Promise<TransactionPage> {
  const where = transactionConditions(query);
  const direction = query.order === 'asc' ? asc : desc;
  const key = query.sortBy === 'amount' ? sql`abs(${walletLedger.amount})` : walletLedger.createdAt;
  const [rows, [counted]] = await Promise.all([
    selectTransactions(db)
      .where(where)
      .orderBy(direction(key), direction(walletLedger.createdAt), direction(walletLedger.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(walletLedger)
      .where(where),
  ]);
  const total = counted?.total ?? 0;
  return {
    transactions: rows.map(toTransaction),
    total,
    page: query.page,
    limit: query.limit,
    totalPages: Math.ceil(total / query.limit),
  };
}
