import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import pino from 'pino';
import { createApi, type Api } from '../../api/app';
import type { Database, Db } from '../../api/db/client';
import { events } from '../../api/db/schema';
import { issueAccessToken } from '../../api/domain/auth/access-tokens';
import { authConfig, type AuthConfig } from '../../api/domain/auth/config';
import { issueRefreshToken } from '../../api/domain/auth/refresh-tokens';
import type { CommandContext } from '../../api/domain/command';
import { syncPermissions } from '../../api/domain/permissions/sync';
import { createRecord } from '../../api/domain/records';
import type { UserStatus } from '../../common/contracts/users';
import { createUser, setUserPermissions } from '../../api/domain/users';
import { systemClock, type Clock } from '../../api/domain/clock';
import type { ObjectStorage } from '../../api/storage/object-storage';
import { temporaryObjectStorage } from '../../api/storage';
import { createTestDatabase, request, type TestResponse } from '../support/test-database';

export { instituteActor } from './institute-actor';

/**
 * The API on a test database with an auth config the test holds, so it can sign tokens for any
 * user at any time (an expired one included) without going through the login endpoint.
 */
export interface AccountsApi {
  api: Api;
  database: Database;
  db: Db;
  auth: AuthConfig;
  /** Where the API keeps files: jobs run beside it write theirs there too. */
  storage: ObjectStorage;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see TestResponse
  call<Body = any>(method: string, path: string, options?: CallOptions): Promise<TestResponse<Body>>;
  cleanup(): Promise<void>;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** The browser's address as the web tier's in-process transport hands it over. */
  clientAddress?: string;
}

export async function createAccountsApi(
  clock: Clock = systemClock,
  storage: ObjectStorage = temporaryObjectStorage(clock),
): Promise<AccountsApi> {
  const testDatabase = await createTestDatabase();
  const { database } = testDatabase;
  const auth = authConfig(randomBytes(32));
  const api = createApi({ database, logger: pino({ level: 'silent' }), clock, auth, storage });
  return {
    api,
    database,
    db: database.db,
    auth,
    storage,
    call: (method, path, { token, body, headers = {}, clientAddress } = {}) =>
      request(api, method, `/api/v1${path}`, {
        body,
        headers: token ? { Authorization: `Bearer ${token}`, ...headers } : headers,
        bindings: clientAddress ? { clientAddress } : undefined,
      }),
    cleanup: () => testDatabase.cleanup(),
  };
}

/** Runs domain commands in one transaction, as the system (no signed-in caller). */
export function asSystem<T>(db: Db, work: (ctx: CommandContext) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work({ tx, meta: { occurredAt: new Date(), actorId: null, requestId: 'test' } }));
}

export const syncCatalogue = (db: Db) => asSystem(db, syncPermissions);

/** How many events the log holds: a refused request leaves it as it was. */
export async function eventCount(db: Db): Promise<number> {
  const [row] = await db.select({ count: count() }).from(events);
  return row?.count ?? 0;
}

let accounts = 0;

export interface NewAccount {
  role?: string;
  /** Permission names. */
  permissions?: string[];
  branchId?: string | null;
  status?: UserStatus;
  name?: string;
  email?: string;
  password?: string;
}

export const defaultPassword = 'Secret@123';

export async function addUser(db: Db, account: NewAccount = {}): Promise<string> {
  accounts++;
  return asSystem(db, (ctx) =>
    createUser(ctx, {
      name: account.name ?? `Test User ${accounts}`,
      email: account.email ?? `user${accounts}.${randomBytes(3).toString('hex')}@example.com`,
      password: account.password ?? defaultPassword,
      role: account.role ?? 'admin',
      status: account.status,
      branchId: account.branchId ?? null,
      permissionNames: account.permissions,
    }),
  );
}

/** Replaces a user's permissions (names) through the same event the API appends. */
export function grant(db: Db, userId: string, names: string[]): Promise<string[]> {
  return asSystem(db, (ctx) => setUserPermissions(ctx, userId, names, null));
}

/** Opens a session for a user and signs an access token for it, issued at `at`. */
export async function tokenFor(db: Db, auth: AuthConfig, userId: string, at = new Date()): Promise<string> {
  const { familyId } = await issueRefreshToken(db, auth, at, userId);
  return issueAccessToken(auth, at, { sub: userId, role: 'unused', sid: familyId });
}

export async function addBranch(db: Db, name: string, code: string): Promise<string> {
  const { id } = await asSystem(db, (ctx) =>
    createRecord(ctx, { formType: 'branch', branchId: null, fields: { addBranch: name, branchCode: code, isActive: true } }),
  );
  return id;
}
