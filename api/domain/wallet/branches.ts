import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { records } from '../../db/schema';

export interface WalletBranch {
  id: string;
  name: string;
  walletEnabled: boolean;
}

/** A branch record (form type `branch`), or null. */
export async function findBranch(db: Executor, branchId: string): Promise<WalletBranch | null> {
  const [row] = await db
    .select({ id: records.id, name: records.title, walletEnabled: records.walletEnabled })
    .from(records)
    .where(and(eq(records.id, branchId), eq(records.formType, 'branch')));
  return row ?? null;
}
