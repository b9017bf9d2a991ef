import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../api/db/client';
import { operationPrices, walletBalances, walletLedger } from '../../api/db/schema';
import type { CommandContext } from '../../api/domain/command';
import { createRecord } from '../../api/domain/records';
import { createOperationPrice } from '../../api/domain/wallet/operation-prices/create-operation-price';
import type { OperationPrice } from '../../common/wallet';

/** Runs commands in one transaction, as the system, at the given time. */
export function inTransaction<T>(db: Db, work: (ctx: CommandContext) => Promise<T>, at: Date = new Date()): Promise<T> {
  return db.transaction((tx) => work({ tx, meta: { occurredAt: at, actorId: null, requestId: 'wallet-test' } }));
}

let branches = 0;

/** A branch record; wallet-enabled unless told otherwise. */
export async function addWalletBranch(db: Db, options: { name?: string; walletEnabled?: boolean } = {}): Promise<string> {
  branches++;
  const { id } = await inTransaction(db, (ctx) =>
    createRecord(ctx, {
      formType: 'branch',
      branchId: null,
      fields: {
        addBranch: options.name ?? `Wallet Branch ${branches}`,
        branchCode: `WB${branches}`,
        isActive: true,
        walletEnabled: options.walletEnabled ?? true,
      },
    }),
  );
  return id;
}

export function priceOperation(
  db: Db,
  input: { operationKey?: string; operationName?: string; price: number; enabled?: boolean },
): Promise<OperationPrice> {
  return inTransaction(db, (ctx) =>
    createOperationPrice(ctx, {
      operationKey: input.operationKey ?? 'ADD_STUDENT',
      operationName: input.operationName ?? 'Add Student',
      price: input.price,
      enabled: input.enabled,
    }),
  );
}

/** The balance row's value, or null when the branch has no wallet row. */
export async function storedBalance(db: Executor, branchId: string): Promise<number | null> {
  const [row] = await db.select({ balance: walletBalances.balance }).from(walletBalances).where(eq(walletBalances.branchId, branchId));
  return row?.balance ?? null;
}

/** The sum of a branch's ledger, in paise. */
export async function ledgerSum(db: Executor, branchId: string): Promise<number> {
  const [row] = await db
    .select({ sum: sql`coalesce(sum(${walletLedger.amount}), 0)`.mapWith(Number) })
    .from(walletLedger)
    .where(eq(walletLedger.branchId, branchId));
  return row!.sum;
}

export async function ledgerEntries(db: Executor, branchId: string) {
  return db
    .select()
    .from(walletLedger)
    .where(eq(walletLedger.branchId, branchId))
    .orderBy(asc(walletLedger.createdAt), asc(walletLedger.id));
}

/** Every row of the wallet's read tables, in a stable order. */
export async function walletTables(db: Executor) {
  return {
    balances: await db.select().from(walletBalances).orderBy(asc(walletBalances.branchId)),
    ledger: await db.select().from(walletLedger).orderBy(asc(walletLedger.id)),
    prices: await db.select().from(operationPrices).orderBy(asc(operationPrices.id)),
  };
}
