import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { records } from '../../db/schema';

/** What commands need of a branch: the wallet's name and switch, and the code of registration numbers. */
export interface WalletBranch {
  id: string;
  name: string;
  code: string | null;
  walletEnabled: boolean;
}

/** A branch record (form type `branch`), or null. */
export async function findBranch(db: Executor, branchId: string): Promise<WalletBranch | null> {
  const [row] = await db
    .select({ id: records.id, name: records.title, code: records.code, walletEnabled: records.walletEnabled })
    .from(records)
    .where(and(eq(records.id, branchId), eq(records.formType, 'branch')));
  return row ?? null;
}
