import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { records, walletBalances } from '../../db/schema';
import type { WalletBalance } from '../../../common/wallet';

/** Every branch's wallet (or those of the given branches), by branch name. */
export async function listBalances(db: Executor, branchIds?: string[]): Promise<WalletBalance[]> {
  const rows = await db
    .select({
      branchId: records.id,
      branchName: records.title,
      walletEnabled: records.walletEnabled,
      balance: walletBalances.balance,
      updatedAt: walletBalances.updatedAt,
    })
    .from(records)
    .leftJoin(walletBalances, eq(walletBalances.branchId, records.id))
    .where(and(eq(records.formType, 'branch'), branchIds ? inArray(records.id, branchIds) : undefined))
    .orderBy(asc(records.title), asc(records.id));
  return rows.map((row) => ({
    _id: row.branchId,
    branchId: row.branchId,
    branchName: row.branchName,
    walletEnabled: row.walletEnabled,
    balance: row.balance ?? 0,
    updatedAt: row.updatedAt?.toISOString() ?? null,
  }));
}

export async function branchBalance(db: Executor, branchId: string): Promise<WalletBalance | null> {
  const [balance] = await listBalances(db, [branchId]);
  return balance ?? null;
}

/** Paise in a branch's wallet; 0 before its first money. */
export async function balanceOf(db: Executor, branchId: string): Promise<number> {
  const [row] = await db.select({ balance: walletBalances.balance }).from(walletBalances).where(eq(walletBalances.branchId, branchId));
  return row?.balance ?? 0;
}
