import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { is, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import pino from 'pino';
import { afterAll, beforeAll, inject } from 'vitest';
import { apiEndpoints, createApi, type Api } from '../../api/app';
import { createPglite, openDatabase, type Database, type Db, type Executor } from '../../api/db/client';
import * as schema from '../../api/db/schema';
import { systemClock, type Clock } from '../../api/domain/clock';
import type { ApiBindings } from '../../api/http/client-address';
import type { Endpoint } from '../../api/http/endpoint';
import type { ObjectStorage } from '../../api/storage/object-storage';
import { buildOpenApiDocument } from '../../api/http/openapi';
import { createConformance, type OpenApiDocument } from './openapi-conformance';
import { adminQuery, databaseUrl, type TemplateDatabase } from './template';

export interface TestDatabase {
  database: Database;
  /** On a PostgreSQL server: its address, for processes of their own (servers, workers). */
  url?: string;
  /** Closes the database and, on PostgreSQL, drops it. */
  cleanup(): Promise<void>;
}

/**
 * A migrated, empty database of its own, cloned from the run's template: about half a second on
 * PGlite, less on PostgreSQL. Open one per test file (beforeAll) and `truncateAll` between tests
 * that need a clean slate.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = templateDatabase();
  if (template.kind === 'pglite') {
    const client = await createPglite({ loadDataDir: new Blob([await readFile(template.tarball)]) });
    const database = await openDatabase({ pglite: client });
    // A test may have closed it already (to see how the API copes without a database).
    return { database, cleanup: () => database.close().catch(() => {}) };
  }

  const name = `${template.prefix}${randomBytes(6).toString('hex')}`;
  await cloneTemplate(template.adminUrl, template.template, name);
  const url = databaseUrl(template.adminUrl, name);
  const database = await openDatabase({ url });
  return {
    database,
    url,
    async cleanup() {
      await database.close().catch(() => {});
      await adminQuery(template.adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

function templateDatabase(): TemplateDatabase {
  const template = inject('testDatabase');
  if (!template) {
    throw new Error('No template database: run the tests through vitest.config.ts, whose global setup prepares it');
  }
  return template;
}

async function cloneTemplate(adminUrl: string, template: string, name: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      await adminQuery(adminUrl, `CREATE DATABASE "${name}" TEMPLATE "${template}"`);
      return;
    } catch (error) {
      // 55006: the template is briefly in use, by a clone that is being made at the same moment.
      if ((error as { code?: string }).code !== '55006' || attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/** Every table of the schema: the event log, idempotency keys and all read tables. */
/**
 * The database of one test file: created before its tests and dropped after them. `db` is read
 * in the tests and hooks, once the file's setup has run.
 */
export function databaseOfFile(): { readonly db: Db } {
  let testDatabase: TestDatabase | undefined;
  beforeAll(async () => {
    testDatabase = await createTestDatabase();
  });
  afterAll(() => testDatabase?.cleanup());
  return {
    get db() {
      if (!testDatabase) throw new Error('The test database is created before the tests run');
      return testDatabase.database.db;
    },
  };
}

export function schemaTableNames(): string[] {
  return (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableConfig(table).name);
}

/** Empties every table (the event positions start again at 1), leaving the migrations applied. */
export async function truncateAll(db: Executor): Promise<void> {
  const tables = schemaTableNames()
    .map((name) => `"${name}"`)
    .join(', ');
  await db.execute(sql.raw(`TRUNCATE ${tables} RESTART IDENTITY`));
}

/** The rows of a raw query; both drivers answer `execute` with `{ rows }`. */
export async function queryRows<Row = Record<string, unknown>>(db: Executor, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as { rows: Row[] }).rows;
}

/** A clock that stands still unless moved, so stored timestamps are predictable. */
export function testClock(start: string | Date = '2026-01-15T09:00:00.000Z') {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
    set(at: string | Date) {
      current = new Date(at).getTime();
    },
  };
}

export interface TestApiOptions {
  clock?: Clock;
  /** An open database to build on; without one a fresh test database is created (and cleaned up). */
  database?: Database;
  /** The endpoints to mount; all of /api/v1 by default. */
  endpoints?: Endpoint[];
  /** Where files go; a temporary folder of the app's own by default. */
  storage?: ObjectStorage;
}

export interface TestApi {
  api: Api;
  database: Database;
  cleanup(): Promise<void>;
}

/** The /api/v1 app on a test database, with a silent logger and the given clock. */
export async function createTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  const owned = options.database ? undefined : await createTestDatabase();
  const database = options.database ?? owned!.database;
  const api = createApi(
    { database, logger: pino({ level: 'silent' }), clock: options.clock ?? systemClock, storage: options.storage },
    options.endpoints ?? apiEndpoints,
  );
  return { api, database, cleanup: async () => owned?.cleanup() };
}

/** The document this checkout's API serves, which every answer `request` gets is held to. */
export const apiDocument = buildOpenApiDocument(apiEndpoints) as unknown as OpenApiDocument;
export const apiConformance = createConformance(apiDocument);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the fields it expects
export interface TestResponse<Body = any> {
  status: number;
  body: Body;
  headers: Headers;
  /** The answer as it came, for a file (a PDF) that text would garble. */
  bytes: Uint8Array;
}

export interface RequestOptions {
  /** Sent as JSON unless it is already a string (then sent as it is). */
  body?: unknown;
  headers?: Record<string, string>;
  /** What the request brings besides itself, e.g. the browser address the web tier hands over. */
  bindings?: ApiBindings;
}

/** One request to the app, without a network; the body comes back parsed when it is JSON. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see TestResponse
export async function request<Body = any>(
  app: { request: Api['request'] },
  method: string,
  path: string,
  { body, headers = {}, bindings }: RequestOptions = {},
): Promise<TestResponse<Body>> {
  const init: RequestInit = { method: method.toUpperCase(), headers: { ...headers } };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    init.headers = { 'Content-Type': 'application/json', ...headers };
  }
  const response = await app.request(path, init, bindings);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  const json = response.headers.get('Content-Type')?.includes('application/json');
  const answer = { status: response.status, body: json && text ? JSON.parse(text) : text, headers: response.headers, bytes };
  apiConformance.expectConformingAnswer({ method, path, requestHeaders: headers, ...answer });
  return answer;
}

/**
 * Writes in a transaction that fires no triggers, so nothing is announced: a change nobody
 * announces shows what a process keeps.
 */
export async function unannounced(db: Db, write: (tx: Db) => Promise<unknown>) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await write(tx as unknown as Db);
  });
}
