import { sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client';
import { projections, projectionTableNames } from './projections';

const tablesByName = new Map<string, PgTable>(projections.flatMap((p) => p.tables).map((table) => [getTableConfig(table).name, table]));

/** The primary key columns of a read table: the order its snapshot rows are listed in. */
export function projectionPrimaryKey(name: string): string[] {
  const table = tablesByName.get(name);
  if (!table) throw new Error(`${name} is not a read table`);
  const config = getTableConfig(table);
  const composite = config.primaryKeys[0]?.columns.map((c) => c.name);
  return composite ?? config.columns.filter((c) => c.primary).map((c) => c.name);
}

export type ProjectionSnapshot = Record<string, Record<string, unknown>[]>;

/**
 * Every row of every read table, each table ordered by its primary key: two snapshots are equal
 * exactly when the read tables hold the same rows. Taken before and after a rebuild, it proves
 * that the live tables are a fold of the log.
 */
export async function projectionSnapshot(db: Executor): Promise<ProjectionSnapshot> {
  const result: ProjectionSnapshot = {};
  for (const name of projectionTableNames()) {
    const order = projectionPrimaryKey(name)
      .map((column) => `"${column}"`)
      .join(', ');
    const { rows } = (await db.execute(sql.raw(`SELECT * FROM "${name}" ORDER BY ${order}`))) as {
      rows: Record<string, unknown>[];
    };
    result[name] = rows;
  }
  return result;
}
