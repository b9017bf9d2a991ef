import { eq, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { walletLedger } from '../../api/db/schema';
import { creditWallet } from '../../api/domain/wallet/credit-wallet';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { databaseUrl } from '../support/template';
import { runWorkerProcess } from './worker-process';
import { fireCharges, type ChargeJob, type ChargeSummary } from './wallet-charge-worker';
import { addWalletBranch, inTransaction, ledgerSum, priceOperation, storedBalance } from './wallet-fixtures';

/**
 * Many callers charging one branch at once. Against a PostgreSQL server the callers are 4 worker
 * processes, each with transactions of its own in flight; on PGlite, which one process owns, they
 * are 4 groups of concurrent callers in this process. The invariants are the same.
 */

const template = inject('testDatabase');
const onServer = template.kind === 'postgres';

const WORKERS = 4;
const PRICE = 5000;
// PGlite runs one statement at a time in this process, about 20 ms a charge on a busy machine:
// there the same race is fought at a fifth of the size.
const REQUESTS = onServer ? 2000 : 400;
const UNIQUE_REFERENCES = onServer ? 1500 : 300;
const AFFORDABLE = onServer ? 300 : 60;
const FUNDS = AFFORDABLE * PRICE + 1234;
const IN_FLIGHT_PER_WORKER = 6;

let testDatabase: TestDatabase;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
});
afterAll(() => testDatabase?.cleanup());

/**
 * Distinct references, then repeats of the first ones (those most likely to be charged),
 * dealt round-robin to the workers so that a repeat usually races its original in another worker.
 */
function requests(): string[][] {
  const all = Array.from({ length: UNIQUE_REFERENCES }, (_, i) => `student-${i}`);
  for (let i = 0; all.length < REQUESTS; i++) all.splice(i * 3 + 1, 0, `student-${i}`);
  const lanes: string[][] = Array.from({ length: WORKERS }, () => []);
  all.forEach((reference, i) => lanes[i % WORKERS]!.push(reference));
  return lanes;
}

async function ownUrl(): Promise<string> {
  if (template.kind !== 'postgres') throw new Error('Only a PostgreSQL server has a URL');
  const [row] = await testDatabase.database.db.select({ name: sql<string>`current_database()` }).from(sql`(SELECT 1) AS one`);
  return databaseUrl(template.adminUrl, row!.name);
}

const callers = onServer ? `${WORKERS} worker processes` : `${WORKERS} groups of concurrent callers (PGlite)`;

describe('concurrent charges of one branch', () => {
  it(`${callers} firing ${REQUESTS} charges, repeats included: exactly what the balance covers is charged, once per reference`, async () => {
    const { db } = testDatabase.database;
    await priceOperation(db, { price: PRICE });
    const branchId = await addWalletBranch(db);
    await inTransaction(db, (ctx) => creditWallet(ctx, { branchId, amount: FUNDS }));

    const jobs = requests().map((referenceIds): ChargeJob => ({
      branchId,
      operationKey: 'ADD_STUDENT',
      referenceIds,
      concurrency: IN_FLIGHT_PER_WORKER,
    }));
    const url = onServer ? await ownUrl() : null;
    const summaries = await Promise.all(
      jobs.map((job) => (url ? runWorkerProcess<ChargeSummary>('wallet-charge-worker.ts', url, job) : fireCharges(db, job))),
    );

    const errors = summaries.flatMap((s) => s.errors);
    expect(errors, 'no conflicts, deadlocks or other failures').toEqual([]);
    const charged = summaries.flatMap((s) => s.charged);
    expect(charged).toHaveLength(Math.floor(FUNDS / PRICE));
    expect(new Set(charged).size, 'no reference charged by two callers').toBe(charged.length);
    // Every request is answered one of three ways, and the repeats sent on purpose meet their first charge.
    const alreadyCharged = summaries.reduce((n, s) => n + s.alreadyCharged, 0);
    const insufficient = summaries.reduce((n, s) => n + s.insufficient, 0);
    expect(alreadyCharged, 'repeats answered as already charged').toBeGreaterThan(0);
    expect(insufficient, 'charges refused for the balance').toBeGreaterThan(0);
    expect(charged.length + alreadyCharged + insufficient).toBe(REQUESTS);

    const balance = await storedBalance(db, branchId);
    expect(balance).toBe(FUNDS - AFFORDABLE * PRICE);
    expect(balance).toBe(await ledgerSum(db, branchId));
    const perReference = await db
      .select({ referenceId: walletLedger.referenceId, n: sql`count(*)`.mapWith(Number) })
      .from(walletLedger)
      .where(eq(walletLedger.kind, 'charge'))
      .groupBy(walletLedger.referenceId);
    expect(perReference).toHaveLength(AFFORDABLE);
    expect(perReference.every((row) => row.n === 1)).toBe(true);
    const [negative] = await db
      .select({ n: sql`count(*)`.mapWith(Number) })
      .from(walletLedger)
      .where(lt(walletLedger.balanceAfter, 0));
    expect(negative!.n).toBe(0);
  }, 120_000);
});
