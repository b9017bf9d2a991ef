import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { compiledQuery } from '../../db/compiled-query';
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
  const [row] = await branchById(db, { id: branchId });
  return row ?? null;
}

const branchById = compiledQuery(
  'branch_by_id',
  { id: records.id, name: records.title, code: records.code, walletEnabled: records.walletEnabled },
  (db, selection) =>
    db
      .select(selection)
      .from(records)
      .where(and(eq(records.id, sql.placeholder('id')), eq(records.formType, 'branch'))),
);
