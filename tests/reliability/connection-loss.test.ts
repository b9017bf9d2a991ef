import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../api/db/client';
import { createTestDatabase, queryRows, type TestDatabase } from '../support/test-database';

// Connections that the server can end exist only on a PostgreSQL server, which this suite runs on.
let testDatabase: TestDatabase;
let database: Database;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = await openDatabase({ url: testDatabase.url! });
});
afterAll(async () => {
  await database?.close();
  await testDatabase?.cleanup();
});

describe('a PostgreSQL connection ended by the server', () => {
  it('fails the transaction that held it, not the process, and the next query gets a working connection', async () => {
    const { db } = database;
    const ended = db.transaction(async (tx) => {
      const [{ pid }] = (await queryRows<{ pid: number }>(tx, sql`SELECT pg_backend_pid() AS pid`)) as [{ pid: number }];
      await queryRows(testDatabase.database.db, sql`SELECT pg_terminate_backend(${pid})`);
      // The server's notice arrives while no query of this transaction runs.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await tx.execute(sql`SELECT 1`);
    });
    await expect(ended).rejects.toThrow();
    const [row] = await queryRows<{ answer: number }>(db, sql`SELECT 42 AS answer`);
    expect(row!.answer).toBe(42);
  });
});
