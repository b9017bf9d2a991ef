import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addWalletBranch, inTransaction, ledgerSum, storedBalance } from '../../../tests/api/wallet-fixtures';
import { createTestDatabase, truncateAll, type TestDatabase } from '../../../tests/support/test-database';
import type { Db } from '../../db/client';
import { adjustWallet } from './adjust-wallet';
import { InsufficientBalanceError } from './errors';

let testDatabase: TestDatabase;
let db: Db;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = testDatabase.database.db;
});
afterAll(() => testDatabase?.cleanup());
beforeEach(() => truncateAll(db));

const adjust = (branchId: string, amount: number) =>
  inTransaction(db, (ctx) => adjustWallet(ctx, { branchId, amount, reason: 'Correction' }));

describe('adjustWallet', () => {
  it('adds and takes money with a reason', async () => {
    const branchId = await addWalletBranch(db);
    await adjust(branchId, 1000);
    const entry = await adjust(branchId, -400);
    expect(entry).toMatchObject({ kind: 'adjustment', amount: -400, balanceAfter: 600, note: 'Correction' });
    expect(await storedBalance(db, branchId)).toBe(600);
    expect(await ledgerSum(db, branchId)).toBe(600);
  });

  it('never takes the balance below zero', async () => {
    const branchId = await addWalletBranch(db);
    await adjust(branchId, 1000);
    await expect(adjust(branchId, -1001)).rejects.toBeInstanceOf(InsufficientBalanceError);
    expect(await storedBalance(db, branchId)).toBe(1000);
  });

  it('refuses a zero or fractional amount', async () => {
    const branchId = await addWalletBranch(db);
    await expect(adjust(branchId, 0)).rejects.toMatchObject({ kind: 'invalid' });
    await expect(adjust(branchId, 0.5)).rejects.toMatchObject({ kind: 'invalid' });
  });
});
