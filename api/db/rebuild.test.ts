import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, queryRows, testClock, type TestDatabase } from '../../tests/support/test-database';
import type { Db } from './client';
import { projectionPrimaryKey, projectionSnapshot } from './projection-snapshot';
import { projectionTableNames } from './projections';
import { rebuildProjections } from './rebuild';
import { append } from './event-store';
import { recordStream } from '../domain/records';
import { courseCategories, records, userPermissions } from './schema';
import { seedDemoInstitute } from './seed';

let testDatabase: TestDatabase;
let db: Db;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = testDatabase.database.db;
  await seedDemoInstitute(db, testClock(), { scale: 0.1 });
  // A tenth of the demo institute: seconds on a quiet machine, past the 30 s of a hook on a busy one.
}, 60_000);
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

  it('replays records created, changed, moved and deleted, in runs of any length, into what the handlers left, files included', async () => {
    const at = (minute: number) => ({ occurredAt: new Date(Date.UTC(2026, 2, 1, 9, minute)), requestId: 'rebuild-test' });
    const student = (name: string) => ({ studentName: name, isActive: true, admissionDate: '2026-03-01' });
    await db.transaction(async (tx) => {
      await append(
        tx,
        recordStream('r-kept'),
        'no_stream',
        [
          {
            type: 'RecordCreated',
            data: {
              formType: 'student',
              branchId: 'b1',
              fields: student('Asha Rao'),
              registrationNo: 'RB/2026/0901',
              rollNo: 'RB260901',
              sequence: { scope: 'b1', year: 2026, value: 901 },
              files: ['k1', 'k2'],
            },
          },
        ],
        at(1),
      );
      await append(
        tx,
        recordStream('r-gone'),
        'no_stream',
        [{ type: 'RecordCreated', data: { formType: 'course', branchId: null, fields: { courseName: 'Gone' }, files: ['k4'] } }],
        at(2),
      );
      await append(
        tx,
        recordStream('r-kept'),
        1,
        [
          { type: 'RecordUpdated', data: { fields: { ...student('Asha Iyer'), isRegistered: true }, files: ['k2', 'k3'] } },
          { type: 'RecordUpdated', data: { fields: { ...student('Asha Iyer'), completedCourse: true }, branchId: 'b2' } },
        ],
        at(3),
      );
      await append(tx, recordStream('r-gone'), 1, [{ type: 'RecordDeleted', data: {} }], at(4));
    });
    const before = await snapshot();
    expect(before.records?.find((row) => row.id === 'r-kept')).toMatchObject({
      title: 'Asha Iyer',
      branch_id: 'b2',
      completed_course: true,
      version: 3,
    });
    expect(before.records?.some((row) => row.id === 'r-gone')).toBe(false);
    expect(before.record_files?.filter((row) => String(row.key).startsWith('k'))).toEqual([
      { key: 'k2', record_id: 'r-kept' },
      { key: 'k3', record_id: 'r-kept' },
    ]);

    for (const batchSize of [1, 2, 3, 20_000]) {
      await rebuildProjections(db, undefined, batchSize);
      expect(await snapshot(), `batches of ${batchSize}`).toEqual(before);
    }
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
      version: 1,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await db.execute(sql`UPDATE number_sequences SET last_value = last_value + 50`);
    expect(await snapshot()).not.toEqual(before);

    await rebuildProjections(db);
    expect(await snapshot()).toEqual(before);
  });

  it('builds again every index it drops while replaying', async () => {
    const indexes = () =>
      queryRows<{ definition: string }>(
        db,
        sql`SELECT indexdef AS definition FROM pg_indexes WHERE schemaname = current_schema() ORDER BY indexname`,
      );
    const before = await indexes();
    expect(before.map((row) => row.definition).join('\n')).toContain('gin_trgm_ops');

    await rebuildProjections(db);
    expect(await indexes()).toEqual(before);
  });
});
