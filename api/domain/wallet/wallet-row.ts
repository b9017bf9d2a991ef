import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { compiledQuery } from '../../db/compiled-query';
import { walletBalances } from '../../db/schema';

/**
 * Locks a branch's wallet row until the transaction ends and reads its balance. Every command
 * that appends to a wallet stream takes this lock first, so writers of one branch queue here
 * instead of racing for the stream's next version; the version `append` reads after the lock is
 * the latest. Null when the branch has never had money: nothing to lock, nothing to take.
 */
export async function lockWallet(tx: Tx, branchId: string): Promise<number | null> {
  const [row] = await lockedBalance(tx, { branchId });
  return row?.balance ?? null;
}

const lockedBalance = compiledQuery('wallet_lock', { balance: walletBalances.balance }, (db, selection) =>
  db
    .select(selection)
    .from(walletBalances)
    .where(eq(walletBalances.branchId, sql.placeholder('branchId')))
    .for('update'),
);

/**
 * The same lock for commands that add money: a branch's first credit creates the empty row in
 * its own transaction (a concurrent first credit waits on it), so there is always a row to lock.
 */
export async function openAndLockWallet(tx: Tx, branchId: string, at: Date): Promise<number> {
  await tx.insert(walletBalances).values({ branchId, balance: 0, updatedAt: at }).onConflictDoNothing();
  return (await lockWallet(tx, branchId))!;
}
