import { eq, sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, queryRows, testClock, type TestDatabase } from '../../tests/support/test-database';
import type { Db } from './client';
import { projections, projectionTableNames } from './projections';
import { rebuildProjections } from './rebuild';
import { courseCategories, records, userPermissions } from './schema';
import { seedDemoInstitute } from './seed';

let testDatabase: TestDatabase;
let db: Db;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = testDatabase.database.db;
  await seedDemoInstitute(db, testClock());
});
afterAll(() => testDatabase?.cleanup());

const tablesByName = new Map<string, PgTable>(
  projections.flatMap((p) => p.tables).map((table) => [getTableConfig(table).name, table]),
);

function primaryKey(name: string): string[] {
  const config = getTableConfig(tablesByName.get(name)!);
  const composite = config.primaryKeys[0]?.columns.map((c) => c.name);
  return composite ?? config.columns.filter((c) => c.primary).map((c) => c.name);
}

/** Every row of every read table, each table ordered by its primary key. */
async function snapshot(): Promise<Record<string, unknown[]>> {
  const result: Record<string, unknown[]> = {};
  for (const name of projectionTableNames()) {
    const order = primaryKey(name).map((column) => `"${column}"`).join(', ');
    result[name] = await queryRows(db, sql.raw(`SELECT * FROM "${name}" ORDER BY ${order}`));
  }
  return result;
}

describe('rebuildProjections', () => {
  it('knows a primary key for every read table', () => {
    expect(projectionTableNames().length).toBeGreaterThan(0);
    for (const name of projectionTableNames()) expect(primaryKey(name), name).not.toEqual([]);
  });

  it('folds the log back into exactly the tables the commands left', async () => {
    const before = await snapshot();
    for (const name of ['users', 'user_permissions', 'permissions', 'course_categories', 'records', 'number_sequences']) {
      expect(before[name]?.length, `${name} is seeded`).toBeGreaterThan(0);
    }

    const applied = await rebuildProjections(db, undefined, 25);
    const [events] = await queryRows<{ count: number }>(db, sql`SELECT count(*)::int AS count FROM events`);
    expect(applied).toBe(events!.count);
    expect(await snapshot()).toEqual(before);
  });

  it('restores rows that were changed, removed or added behind its back', async () => {
    const before = await snapshot();
    const [student] = await db.select({ id: records.id }).from(records).where(eq(records.formType, 'student')).limit(1);
    await db.update(records).set({ title: 'Corrupted', isActive: false }).where(eq(records.id, student!.id));
    const [grant] = await db.select().from(userPermissions).limit(1);
    await db.delete(userPermissions).where(eq(userPermissions.userId, grant!.userId));
    await db.insert(courseCategories).values({
      id: 'stray',
      name: 'Stray',
      status: 'active',
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await db.execute(sql`UPDATE number_sequences SET last_value = last_value + 50`);
    expect(await snapshot()).not.toEqual(before);

    await rebuildProjections(db);
    expect(await snapshot()).toEqual(before);
  });
});
