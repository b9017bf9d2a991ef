import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../tests/support/test-database';
import { createPglite, DatabaseUnavailableError, migrationsFolder, openDatabase, type Db } from './client';
import { rebuildPending } from './rebuild';

/** Each test migrates a database of its own from nothing: seconds on PGlite, more on a busy machine. */
const fromNothing = { timeout: 60_000 };

describe('migrating a database', fromNothing, () => {
  it('fails with one line that says the migration failed and why', async () => {
    const database = await openDatabase({ pglite: await createPglite({}) });
    try {
      // A table of the first migration's name already there, as in a database some other program uses.
      await database.db.execute(sql`CREATE TABLE events (something integer)`);
      const failure = await database.migrate().then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(DatabaseUnavailableError);
      const message = (failure as Error).message;
      expect(message).toMatch(/^Cannot migrate the database: .*"events" already exists/);
      expect(message).not.toContain('\n');
    } finally {
      await database.close();
    }
  });

  it('fails a rebuild the migrations left pending with its own message, and leaves it pending', async () => {
    const database = await openDatabase({ pglite: await createPglite({}) });
    try {
      await database.migrate();
      // A user created without a name, as only a damaged log could hold: the audit's copy of users refuses it.
      await database.db.execute(sql`
        INSERT INTO events (stream_type, stream_id, version, type, data, occurred_at)
        VALUES ('user', 'u1', 1, 'UserCreated', '{"email": "no.name@example.com", "role": "user", "status": "active"}', now())`);
      await database.db.execute(sql`INSERT INTO pending_rebuilds (projection) VALUES ('access-changes')`);
      const failure = await database.migrate().then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(DatabaseUnavailableError);
      const message = (failure as Error).message;
      expect(message).toMatch(/^Cannot rebuild the read tables a migration added: .*"name"/);
      expect(message).not.toContain('\n');
      expect(await queryRows(database.db, sql`SELECT projection FROM pending_rebuilds`)).toEqual([{ projection: 'access-changes' }]);
    } finally {
      await database.close();
    }
  });
});

describe('the projections a migration adds over the log', fromNothing, () => {
  const pending = async (db: Db) =>
    (await queryRows<{ projection: string }>(db, sql`SELECT projection FROM pending_rebuilds ORDER BY projection`)).map(
      (row) => row.projection,
    );

  it('are forgotten without a rebuild on a new database, whose log holds none of their events', async () => {
    const database = await openDatabase({ pglite: await createPglite({}) });
    try {
      await migrate(database.db as never, { migrationsFolder });
      expect(await pending(database.db)).toEqual(['access-changes', 'dashboard']);
      expect(await rebuildPending(database.db)).toEqual([]);
      expect(await pending(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('are rebuilt from the events a database made before them holds, each only when it has some', async () => {
    // The migrations up to the one before the first such projection, as a database made before it had them.
    const earlier = await mkdtemp(path.join(os.tmpdir(), 'migrations-'));
    const database = await openDatabase({ pglite: await createPglite({}) });
    try {
      await cp(migrationsFolder, earlier, { recursive: true });
      const journalFile = path.join(earlier, 'meta', '_journal.json');
      const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
      const first = journal.entries.findIndex((entry) => entry.tag === '0010_access_changes');
      await writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, first) }));
      await migrate(database.db as never, { migrationsFolder: earlier });
      // A top-up, which the dashboard counts and the audit of access does not hold.
      await database.db.execute(sql`
        INSERT INTO events (stream_type, stream_id, version, type, data, occurred_at)
        VALUES ('wallet', 'wallet-b1', 1, 'WalletCredited', '{"branchId": "b1", "entryId": "e1", "amount": 50000, "note": "Opening"}',
          '2026-03-10T06:00:00Z')`);

      await migrate(database.db as never, { migrationsFolder });
      expect(await pending(database.db)).toEqual(['access-changes', 'dashboard']);
      expect(await rebuildPending(database.db)).toEqual(['dashboard']);
      expect(await pending(database.db)).toEqual([]);
      expect(await queryRows(database.db, sql`SELECT branch_id, month, measure, value FROM dashboard_counts`)).toEqual([
        { branch_id: 'b1', month: '2026-03', measure: 'wallet:topups', value: 50000 },
      ]);
    } finally {
      await database.close();
      await rm(earlier, { recursive: true, force: true });
    }
  });
});
