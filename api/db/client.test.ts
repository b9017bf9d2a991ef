import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createPglite, DatabaseUnavailableError, openDatabase } from './client';

describe('migrating a database', () => {
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
});
