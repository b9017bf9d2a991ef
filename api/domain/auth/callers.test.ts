import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { createTestDatabase, truncateAll, unannounced, type TestDatabase } from '../../../tests/support/test-database';
import { openDatabase, type Database, type Db } from '../../db/client';
import { permissions, refreshTokens, userPermissions, users } from '../../db/schema';
import { createCallers, type Callers } from './callers';

let testDatabase: TestDatabase;
let db: Db;
let callers: Callers;
const at = new Date('2026-01-15T09:00:00Z');

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = testDatabase.database.db;
  callers = createCallers(testDatabase.database);
});
afterAll(() => testDatabase?.cleanup());
beforeEach(async () => {
  await truncateAll(db);
  await addUser('u1', 'family-1');
});

async function addUser(id: string, familyId: string) {
  await db.insert(users).values({
    id,
    name: id,
    email: `${id}@institute.test`,
    passwordHash: 'x',
    role: 'staff',
    status: 'active',
    branchId: 'b1',
    createdAt: at,
    updatedAt: at,
  });
  await db.insert(refreshTokens).values({
    id: `${familyId}-token`,
    familyId,
    userId: id,
    tokenHash: `${familyId}-hash`,
    expiresAt: new Date('2027-01-01'),
    createdAt: at,
  });
}

const roleOf = async (of: Callers, userId = 'u1', familyId = 'family-1') => (await of.load(userId, familyId))?.role;

const setRole = (role: string, userId = 'u1', on: Db = db) => on.update(users).set({ role }).where(eq(users.id, userId));

/** Whether `of` keeps u1: a change of role nobody announces does not show on the next read. */
async function keeps(of: Callers): Promise<boolean> {
  const before = await roleOf(of);
  await unannounced(db, (tx) => setRole(before === 'staff' ? 'branch_admin' : 'staff', 'u1', tx));
  return (await roleOf(of)) === before;
}

let settledRoles = 0;
/**
 * Until `of` listens and has heard everything announced so far: announcements reach a listener
 * in commit order, a moment after the commit on PostgreSQL.
 */
async function settled(of: Callers) {
  await vi.waitFor(async () => expect(await keeps(of)).toBe(true), { timeout: 10_000 });
  const role = `settled-${++settledRoles}`;
  await setRole(role);
  await vi.waitFor(async () => expect(await roleOf(of)).toBe(role));
}

describe('callers', () => {
  it('keeps a caller between requests while nothing announces a change', async () => {
    await settled(callers);
    expect(await keeps(callers)).toBe(true);
  });

  it('reads the caller again once the user, a permission grant or the session changed', async () => {
    await settled(callers);
    await setRole('branch_admin');
    await vi.waitFor(async () => expect(await roleOf(callers)).toBe('branch_admin'));

    await db.insert(permissions).values({ id: 'p1', name: 'record.read', description: '', category: '', level: '', module: '' });
    await db.insert(userPermissions).values({ userId: 'u1', permissionId: 'p1' });
    await vi.waitFor(async () => expect([...(await callers.load('u1', 'family-1'))!.permissions]).toEqual(['record.read']));

    await db.update(refreshTokens).set({ revokedAt: at }).where(eq(refreshTokens.familyId, 'family-1'));
    await vi.waitFor(async () => expect(await callers.load('u1', 'family-1')).toBeNull());
  });

  it('forgets only the user who changed', async () => {
    await addUser('u2', 'family-2');
    await settled(callers);
    expect(await roleOf(callers, 'u2', 'family-2')).toBe('staff');
    await unannounced(db, (tx) => setRole('branch_admin', 'u2', tx));
    await setRole('accountant');
    await vi.waitFor(async () => expect(await roleOf(callers)).toBe('accountant'));
    expect(await roleOf(callers, 'u2', 'family-2')).toBe('staff');
  });

  it('does not keep a caller read before a change and answered after it', async () => {
    await settled(callers);
    callers.forget('u1');
    const reading = callers.load('u1', 'family-1');
    callers.forget('u1');
    const before = (await reading)!.role;
    await unannounced(db, (tx) => setRole(`${before}-changed`, 'u1', tx));
    expect(await roleOf(callers)).toBe(`${before}-changed`);
  });

  it('never keeps a signed-out session', async () => {
    await settled(callers);
    await db.update(refreshTokens).set({ revokedAt: at }).where(eq(refreshTokens.familyId, 'family-1'));
    await vi.waitFor(async () => expect(await callers.load('u1', 'family-1')).toBeNull());
    await unannounced(db, (tx) => tx.update(refreshTokens).set({ revokedAt: null }).where(eq(refreshTokens.familyId, 'family-1')));
    expect(await callers.load('u1', 'family-1')).not.toBeNull();
  });
});

// Another process needs a server to connect to; PGlite has one process.
if (inject('testDatabase').kind === 'postgres') {
  describe('callers of another process on the same PostgreSQL', () => {
    let other: Database;
    let elsewhere: Callers;
    beforeAll(async () => {
      other = await openDatabase({ url: testDatabase.url! });
      elsewhere = createCallers(other);
    });
    afterAll(() => other?.close());

    it('hear a change committed by this one', async () => {
      await settled(elsewhere);
      await db.update(refreshTokens).set({ revokedAt: at }).where(eq(refreshTokens.familyId, 'family-1'));
      await vi.waitFor(async () => expect(await elsewhere.load('u1', 'family-1')).toBeNull());
    });

    it('keep nothing while their listening connection is lost, and keep again once it listens anew', async () => {
      await settled(elsewhere);
      await db.execute(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
      );
      await vi.waitFor(async () => expect(await keeps(elsewhere)).toBe(false));
      await vi.waitFor(async () => expect(await keeps(elsewhere)).toBe(true), { timeout: 10_000, interval: 200 });
    });
  });
}
