import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { readAll } from './event-store';
import { applyProjections, projectionTableNames } from './projections';

/**
 * Empties every read table and folds the whole log into it again, in one transaction: readers
 * see the old tables until the new ones are complete.
 */
export async function rebuildProjections(
  db: Db,
  onProgress?: (applied: number) => void,
  batchSize = 5000,
): Promise<number> {
  return db.transaction(async (tx) => {
    const tables = projectionTableNames().map((name) => `"${name}"`).join(', ');
    await tx.execute(sql.raw(`TRUNCATE ${tables}`));
    let after = 0;
    let applied = 0;
    for (;;) {
      const batch = await readAll(tx, after, batchSize);
      if (batch.length === 0) break;
      for (const event of batch) await applyProjections(tx, event);
      applied += batch.length;
      after = batch[batch.length - 1]!.position;
      onProgress?.(applied);
    }
    return applied;
  });
}
