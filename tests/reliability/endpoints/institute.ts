import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { createApi, type Api } from '../../../api/app';
import type { Db } from '../../../api/db/client';
import { seedDemoInstitute } from '../../../api/db/seed';
import { operationPrices, records, users } from '../../../api/db/schema';
import { authConfig, type AuthConfig } from '../../../api/domain/auth/config';
import { issueRefreshToken } from '../../../api/domain/auth/refresh-tokens';
import { systemClock } from '../../../api/domain/clock';
import { addUser, tokenFor, type NewAccount } from '../../api/accounts';
import { createTestDatabase, queryRows } from '../../support/test-database';

/** Who sends a request: one of the demo institute's accounts, or nobody. */
export type Caller = 'superadmin' | 'branchAdmin' | 'branchStaff' | 'anonymous';

export interface Branch {
  id: string;
  studentIds: string[];
}

/**
 * The demo institute of the seed (two wallet-enabled branches with money, courses, students,
 * the ADD_STUDENT price, the demo logins) on a database of its own, behind the in-process API.
 * Requests go through the real stack; the test signs its own tokens.
 */
export interface Institute {
  api: Api;
  db: Db;
  auth: AuthConfig;
  /** What the API logged at level error (an unhandled error behind a 500), oldest first. */
  loggedErrors: string[];
  north: Branch;
  south: Branch;
  courseIds: string[];
  addStudentPriceId: string;
  /** The demo logins the callers act as. */
  userIds: Record<Exclude<Caller, 'anonymous'>, string>;
  /** Access tokens of the callers' standing sessions. */
  tokens: Record<Exclude<Caller, 'anonymous'>, string>;
  /** The Authorization header of a caller, if any. */
  authorization(caller: Caller): Record<string, string>;
  /** A new session of a caller, beside its standing one: for requests that may end the session they are sent with. */
  newSession(caller: Exclude<Caller, 'anonymous'>): Promise<string>;
  /** A user of its own with an open session: for requests that may end sessions or change the account. */
  addAccount(account?: NewAccount): Promise<{ userId: string; token: string; refreshToken: string }>;
  /** Rows of the event log. */
  eventCount(): Promise<number>;
  cleanup(): Promise<void>;
}

const demoEmails = {
  superadmin: 'superadmin@institute.demo',
  branchAdmin: 'north.admin@institute.demo',
  branchStaff: 'north.staff@institute.demo',
} as const;

export async function openInstitute(): Promise<Institute> {
  const testDatabase = await createTestDatabase();
  const db = testDatabase.database.db;
  const auth = authConfig(randomBytes(32));
  const loggedErrors: string[] = [];
  const logger = pino({ level: 'error' }, { write: (line: string) => void loggedErrors.push(line) });
  const api = createApi({ database: testDatabase.database, logger, clock: systemClock, auth });
  await seedDemoInstitute(db, systemClock);

  const branchIds = await db
    .select({ id: records.id, title: records.title })
    .from(records)
    .where(eq(records.formType, 'branch'))
    .orderBy(asc(records.title));
  const branch = async (title: string): Promise<Branch> => {
    const id = branchIds.find((row) => row.title === title)!.id;
    const students = await db
      .select({ id: records.id })
      .from(records)
      .where(and(eq(records.formType, 'student'), eq(records.branchId, id)))
      .orderBy(asc(records.createdAt), asc(records.id));
    return { id, studentIds: students.map((row) => row.id) };
  };
  const courses = await db.select({ id: records.id }).from(records).where(eq(records.formType, 'course')).orderBy(asc(records.id));
  const [price] = await db.select({ id: operationPrices.id }).from(operationPrices).where(eq(operationPrices.operationKey, 'ADD_STUDENT'));

  const userIds = {} as Institute['userIds'];
  const tokens = {} as Institute['tokens'];
  for (const [caller, email] of Object.entries(demoEmails) as [keyof typeof demoEmails, string][]) {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    userIds[caller] = user!.id;
    tokens[caller] = await tokenFor(db, auth, user!.id);
  }

  return {
    api,
    db,
    auth,
    loggedErrors,
    cleanup: () => testDatabase.cleanup(),
    north: await branch('North Campus'),
    south: await branch('South Campus'),
    courseIds: courses.map((row) => row.id),
    addStudentPriceId: price!.id,
    userIds,
    tokens,
    authorization: (caller): Record<string, string> => (caller === 'anonymous' ? {} : { Authorization: `Bearer ${tokens[caller]}` }),
    newSession: (caller) => tokenFor(db, auth, userIds[caller]),
    async addAccount(account = {}) {
      const userId = await addUser(db, account);
      const token = await tokenFor(db, auth, userId);
      const { token: refreshToken } = await issueRefreshToken(db, auth, new Date(), userId);
      return { userId, token, refreshToken };
    },
    async eventCount() {
      const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from events`);
      return row!.n;
    },
  };
}
