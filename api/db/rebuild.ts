import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from './client';
import { readAll } from './event-store';
import { projections, projectionTableNames, replayProjections, type Registered } from './projections';
import { pendingRebuilds } from './schema';

/**
 * The read tables' indexes that enforce nothing: a rebuild drops them and builds each once the
 * rows are in, since building an index over a full table is many times quicker than keeping it
 * row by row (the search's trigram index most of all). Unique indexes stay: they check the
 * replayed rows, and the replays look rows up by their keys.
 */
async function dropSecondaryIndexes(tx: Tx, tables: string[]): Promise<string[]> {
  const found = (await tx.execute(sql`
    SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
    FROM pg_index i
    WHERE i.indrelid = ANY(${`{${tables.join(',')}}`}::regclass[]) AND NOT i.indisunique
    ORDER BY 1`)) as unknown as { rows: { name: string; definition: string }[] };
  for (const { name } of found.rows) await tx.execute(sql.raw(`DROP INDEX ${name}`));
  return found.rows.map((row) => row.definition);
}

/**
 * Empties every read table and folds the whole log into it again, in one transaction: readers
 * wait on the tables' locks and see the old rows or the complete new ones, never a part. The log
 * is read a batch at a time and each batch is replayed at once (see Projection.replay).
 */
export async function rebuildProjections(db: Db, onProgress?: (applied: number) => void, batchSize = 20_000): Promise<number> {
  return db.transaction((tx) => refold(tx, projections, { onProgress, batchSize }));
}

interface RefoldOptions {
  onProgress?: (applied: number) => void;
  batchSize?: number;
  /** Read only events of these types: those the projections refolded handle, when they are a few of all. */
  types?: readonly string[];
}

async function refold(tx: Tx, only: readonly Registered[], { onProgress, batchSize = 20_000, types }: RefoldOptions = {}) {
  const tables = projectionTableNames(only);
  await tx.execute(sql.raw(`TRUNCATE ${tables.map((name) => `"${name}"`).join(', ')}`));
  const indexes = await dropSecondaryIndexes(tx, tables);
  let after = 0;
  let applied = 0;
  for (;;) {
    const batch = await readAll(tx, after, batchSize, types);
    if (batch.length === 0) break;
    await replayProjections(tx, batch, only);
    applied += batch.length;
    after = batch[batch.length - 1]!.position;
    onProgress?.(applied);
  }
  await tx.execute(sql`SET LOCAL maintenance_work_mem = '256MB'`);
  for (const definition of indexes) await tx.execute(sql.raw(definition));
  return applied;
}

/**
 * Folds the log into the projections a migration named in `pending_rebuilds`: a read table added
 * after its events were written starts with their history, not empty. Each projection reads only
 * its own tables, so it is rebuilt alone, from the events it handles. Its row is deleted in the
 * same transaction, so a second process starting at once waits on the row and then finds nothing
 * to do. Answers the names of those rebuilt.
 */
export async function rebuildPending(db: Db): Promise<string[]> {
  const names = (await db.select({ projection: pendingRebuilds.projection }).from(pendingRebuilds)).map((row) => row.projection);
  const rebuilt: string[] = [];
  for (const name of names) {
    const projection = projections.find((candidate) => candidate.name === name);
    const done = await db.transaction(async (tx) => {
      const claimed = await tx.delete(pendingRebuilds).where(eq(pendingRebuilds.projection, name)).returning();
      if (claimed.length === 0) return false;
      // A name no projection answers to any more is a rebuild nobody needs; nor is one over a log
      // without an event it handles (a new database), whose tables are as empty as a rebuild leaves them.
      const types = projection ? Object.keys(projection.handlers) : [];
      if (!projection || (await readAll(tx, 0, 1, types)).length === 0) return false;
      await refold(tx, [projection], { types });
      return true;
    });
    if (done) rebuilt.push(name);
  }
  return rebuilt;
}
