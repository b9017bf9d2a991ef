import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { readAll } from './event-store';
import { projectionTableNames, replayProjections } from './projections';

/**
 * Empties every read table and folds the whole log into it again, in one transaction: readers
 * see the old tables until the new ones are complete. The log is read a batch at a time and each
 * batch is replayed at once (see Projection.replay).
 */
export async function rebuildProjections(
  db: Db,
  onProgress?: (applied: number) => void,
  batchSize = 20_000,
): Promise<number> {
  return db.transaction(async (tx) => {
    const tables = projectionTableNames().map((name) => `"${name}"`).join(', ');
    await tx.execute(sql.raw(`TRUNCATE ${tables}`));
    let after = 0;
    let applied = 0;
    for (;;) {
      const batch = await readAll(tx, after, batchSize);
      if (batch.length === 0) break;
      await replayProjections(tx, batch);
      applied += batch.length;
      after = batch[batch.length - 1]!.position;
      onProgress?.(applied);
    }
    return applied;
  });
}
