import { and, asc, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { containing } from '../../db/like';
import { walletLedger } from '../../db/schema';
import { ledgerKindLabels, type LedgerKind, type TransactionPage, type WalletTransaction } from '../../../common/wallet';
import { inPages, type ExportTable } from '../../export/columns';
import { indianDay } from '../../../common/india-time';
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

/** The entries matching a query in its order, from `offset`. */
function transactionRows(db: Executor, query: Omit<TransactionQuery, 'page' | 'limit'>, offset: number, limit: number) {
  const direction = query.order === 'asc' ? asc : desc;
  const key = query.sortBy === 'amount' ? sql`abs(${walletLedger.amount})` : walletLedger.createdAt;
  return selectTransactions(db)
    .where(transactionConditions(query))
    .orderBy(direction(key), direction(walletLedger.createdAt), direction(walletLedger.id))
    .limit(limit)
    .offset(offset);
}

/** A page of the ledger, newest first unless asked otherwise, with the number of matches. */
export async function listTransactions(db: Executor, query: TransactionQuery): Promise<TransactionPage> {
  const where = transactionConditions(query);
  const [rows, [counted]] = await Promise.all([
    transactionRows(db, query, (query.page - 1) * query.limit, query.limit),
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

/** Every entry matching a query, as a file's rows: a thousand read at a time. */
export function transactionsExport(db: Executor, query: Omit<TransactionQuery, 'page' | 'limit'>): ExportTable<WalletTransaction> {
  return {
    fileName: (today) =>
      query.from || query.to
        ? `wallet-transactions-${query.from ? indianDay(query.from) : 'start'}-to-${query.to ? indianDay(new Date(query.to.getTime() - 1)) : today}`
        : `wallet-transactions-${today}`,
    sheet: 'Wallet transactions',
    columns: [
      { header: 'Date (IST)', kind: 'moment', value: (entry) => entry.createdAt, width: 20 },
      { header: 'Branch', value: (entry) => entry.branchName ?? entry.branchId, width: 20 },
      { header: 'Type', value: (entry) => ledgerKindLabels[entry.kind] },
      { header: 'Operation', value: (entry) => entry.operationName ?? entry.operationKey, width: 20 },
      { header: 'Amount (INR)', kind: 'money', value: (entry) => entry.amount, width: 14 },
      { header: 'Balance after (INR)', kind: 'money', value: (entry) => entry.balanceAfter, width: 18 },
      { header: 'Reference', value: (entry) => entry.referenceId, width: 18 },
      { header: 'Note', value: (entry) => entry.note, width: 28 },
      { header: 'Transaction ID', value: (entry) => entry.id, width: 38 },
    ],
    rows: inPages(async (offset, limit) => (await transactionRows(db, query, offset, limit)).map(toTransaction)),
  };
}
