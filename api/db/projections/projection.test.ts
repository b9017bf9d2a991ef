import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { records, walletLedger } from '../schema';
import { insertMany, REPLAY_CHUNK } from './projection';

let testDatabase: TestDatabase;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
});
afterAll(() => testDatabase?.cleanup());

const at = new Date('2026-03-04T05:06:07.089Z');

const record = (n: number): typeof records.$inferInsert => ({
  id: `record-${String(n).padStart(5, '0')}`,
  formType: 'student',
  branchId: n % 2 ? 'branch-1' : null,
  title: `Student ${n} “Ω”`,
  isActive: n % 3 === 0,
  admissionDate: '2026-03-04',
  fields: { studentName: `Student ${n}`, nested: { list: [1, 'two', null] } },
  searchText: `student ${n}`,
  version: n,
  createdAt: at,
  updatedAt: at,
});

describe('insertMany', () => {
  it('writes every row and value as the query builder would, over several chunks', async () => {
    const { db } = testDatabase.database;
    const rows = Array.from({ length: REPLAY_CHUNK + 3 }, (_, n) => record(n));
    await db.transaction((tx) => insertMany(tx, records, rows));
    const stored = await db.select().from(records).orderBy(asc(records.id));
    expect(stored).toHaveLength(rows.length);
    // Columns left out take their defaults; the others come back as given.
    expect(stored[1]).toEqual({
      ...rows[1],
      code: null,
      courseId: null,
      registrationNo: null,
      rollNo: null,
      isRegistered: false,
      completedCourse: false,
      walletEnabled: false,
    });
    expect(stored.at(-1)).toMatchObject({ id: rows.at(-1)!.id, fields: rows.at(-1)!.fields, createdAt: at });
  });

  it('writes the default of a column some rows leave out and others give', async () => {
    const { db } = testDatabase.database;
    const row = { branchId: 'branch-1', kind: 'credit', amount: 500, balanceAfter: 500, createdAt: at };
    await db.transaction((tx) =>
      insertMany(tx, walletLedger, [
        { ...row, id: 'ledger-1', note: 'Opening balance' },
        { ...row, id: 'ledger-2' },
      ]),
    );
    const stored = await db.select({ id: walletLedger.id, note: walletLedger.note }).from(walletLedger).orderBy(asc(walletLedger.id));
    expect(stored).toEqual([
      { id: 'ledger-1', note: 'Opening balance' },
      { id: 'ledger-2', note: '' },
    ]);
  });
});
