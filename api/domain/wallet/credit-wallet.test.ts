import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addWalletBranch, inTransaction, ledgerEntries, storedBalance } from '../../../tests/api/wallet-fixtures';
import { createTestDatabase, truncateAll, type TestDatabase } from '../../../tests/support/test-database';
import type { Db } from '../../db/client';
import { creditWallet } from './credit-wallet';

let testDatabase: TestDatabase;
let db: Db;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = testDatabase.database.db;
});
afterAll(() => testDatabase?.cleanup());
beforeEach(() => truncateAll(db));

describe('creditWallet', () => {
  it('opens the wallet with the first top-up and adds every later one', async () => {
    const branchId = await addWalletBranch(db);
    expect(await storedBalance(db, branchId)).toBeNull();

    const first = await inTransaction(db, (ctx) =>
      creditWallet(ctx, { branchId, amount: 500_000, note: 'Opening balance', reference: 'NEFT-001' }),
    );
    await inTransaction(db, (ctx) => creditWallet(ctx, { branchId, amount: 25_050 }));

    expect(first).toMatchObject({
      _id: first.id,
      kind: 'credit',
      amount: 500_000,
      balanceAfter: 500_000,
      note: 'Opening balance',
      referenceId: 'NEFT-001',
    });
    expect(await storedBalance(db, branchId)).toBe(525_050);
    expect((await ledgerEntries(db, branchId)).map((e) => [e.amount, e.balanceAfter])).toEqual([
      [500_000, 500_000],
      [25_050, 525_050],
    ]);
  });

  it('refuses amounts that are not a positive whole number of paise', async () => {
    const branchId = await addWalletBranch(db);
    for (const amount of [0, -100, 10.5, Number.NaN]) {
      await expect(inTransaction(db, (ctx) => creditWallet(ctx, { branchId, amount }))).rejects.toMatchObject({ kind: 'invalid' });
    }
    expect(await storedBalance(db, branchId)).toBeNull();
  });

  it('answers 404 for a branch that does not exist, and opens no wallet for it', async () => {
    await expect(inTransaction(db, (ctx) => creditWallet(ctx, { branchId: 'nowhere', amount: 100 }))).rejects.toMatchObject({
      kind: 'not-found',
    });
    expect(await storedBalance(db, 'nowhere')).toBeNull();
  });
});
