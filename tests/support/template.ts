import pg from 'pg';

/**
 * The migrated database every test database is cloned from, prepared once per run by the global
 * setup and handed to the test workers through `inject('testDatabase')`.
 */
export type TemplateDatabase =
  | { kind: 'pglite'; tarball: string }
  | {
      kind: 'postgres';
      /** A database on the server to run CREATE and DROP DATABASE from. */
      adminUrl: string;
      template: string;
      /** Every database this run creates starts with it, so teardown can find them all. */
      prefix: string;
    };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TemplateDatabase;
  }
}

/** The same server URL pointing at another database. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * Runs one statement on its own connection. CREATE DATABASE cannot run in a transaction nor take
 * parameters, hence a plain client and names this code generated itself.
 */
export async function adminQuery(adminUrl: string, statement: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}
