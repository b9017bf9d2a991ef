import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, queryRows, testClock, type TestDatabase } from '../../tests/support/test-database';
import type { Db } from './client';
import { projectionPrimaryKey, projectionSnapshot } from './projection-snapshot';
import { projectionTableNames } from './projections';
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

const snapshot = () => projectionSnapshot(db);

describe('rebuildProjections', () => {
  it('knows a primary key for every read table', () => {
    expect(projectionTableNames().length).toBeGreaterThan(0);
    for (const name of projectionTableNames()) expect(projectionPrimaryKey(name), name).not.toEqual([]);
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
