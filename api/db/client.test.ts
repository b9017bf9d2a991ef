import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../tests/support/test-database';
import { createPglite, DatabaseUnavailableError, migrationsFolder, openDatabase } from './client';

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

describe('the migrations that add a projection over the log', fromNothing, () => {
  const pending = async (db: ReturnType<typeof drizzle>) =>
    (await db.execute<{ projection: string }>(sql`SELECT projection FROM pending_rebuilds ORDER BY projection`)).rows.map(
      (row) => row.projection,
    );

  it('leave nothing to rebuild on a new database, whose log is empty', async () => {
    const client = await createPglite({});
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder });
      expect(await pending(db)).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it('leave their projections to rebuild on a database whose log holds events', async () => {
    // The migrations up to the one before the first such projection, as a database made before it had them.
    const earlier = await mkdtemp(path.join(os.tmpdir(), 'migrations-'));
    const client = await createPglite({});
    try {
      await cp(migrationsFolder, earlier, { recursive: true });
      const journalFile = path.join(earlier, 'meta', '_journal.json');
      const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
      const first = journal.entries.findIndex((entry) => entry.tag === '0010_access_changes');
      await writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, first) }));
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: earlier });
      await db.execute(sql`
        INSERT INTO events (stream_type, stream_id, version, type, data, occurred_at)
        VALUES ('permission', 'p1', 1, 'PermissionCreated', '{}', now())`);

      await migrate(db, { migrationsFolder });
      expect(await pending(db)).toEqual(['access-changes', 'dashboard']);
    } finally {
      await client.close();
      await rm(earlier, { recursive: true, force: true });
    }
  });
});
