import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addWalletBranch, inTransaction, ledgerSum, priceOperation, storedBalance } from '../../../tests/api/wallet-fixtures';
import { createTestDatabase, truncateAll, type TestDatabase } from '../../../tests/support/test-database';
import type { Db } from '../../db/client';
import { events } from '../../db/schema';
import { chargeOperation } from './charge-operation';
import { creditWallet } from './credit-wallet';
import { refundCharge } from './refund-charge';

let testDatabase: TestDatabase;
let db: Db;
let branchId: string;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = testDatabase.database.db;
});
afterAll(() => testDatabase?.cleanup());
beforeEach(async () => {
  await truncateAll(db);
  await priceOperation(db, { price: 5000 });
  branchId = await addWalletBranch(db);
  await inTransaction(db, (ctx) => creditWallet(ctx, { branchId, amount: 12_000 }));
});

const charge = (referenceId: string) =>
  inTransaction(db, (ctx) => chargeOperation(ctx, { branchId, operationKey: 'ADD_STUDENT', referenceId }));
const refund = (chargeId: string, reason = 'Admission cancelled') => inTransaction(db, (ctx) => refundCharge(ctx, { chargeId, reason }));

describe('refundCharge', () => {
  it('gives the charge back with its reason, and marks the charge refunded', async () => {
    const { charge: made } = await charge('student-1');
    const entry = await refund(made!.id);

    expect(entry).toMatchObject({
      kind: 'refund',
      amount: 5000,
      balanceAfter: 12_000,
      refundOf: made!.id,
      note: 'Admission cancelled',
      operationKey: 'ADD_STUDENT',
      referenceId: 'student-1',
    });
    expect(await storedBalance(db, branchId)).toBe(12_000);
    expect(await ledgerSum(db, branchId)).toBe(12_000);
  });

  it('refunds a charge once: a second refund answers 409 and changes nothing', async () => {
    const { charge: made } = await charge('student-1');
    await refund(made!.id);
    await expect(refund(made!.id)).rejects.toMatchObject({ kind: 'conflict', message: 'This charge was already refunded' });
    expect(await storedBalance(db, branchId)).toBe(12_000);
    expect(await db.select().from(events).where(eq(events.type, 'WalletRefunded'))).toHaveLength(1);
  });

  it('does not charge a refunded reference again', async () => {
    const { charge: made } = await charge('student-1');
    await refund(made!.id);
    expect(await charge('student-1')).toMatchObject({ outcome: 'already-charged', charged: false });
    expect(await storedBalance(db, branchId)).toBe(12_000);
  });

  it('answers 404 for what is not a charge', async () => {
    const credit = await inTransaction(db, (ctx) => creditWallet(ctx, { branchId, amount: 100 }));
    await expect(refund(credit.id)).rejects.toMatchObject({ kind: 'not-found', message: 'Charge not found' });
    await expect(refund('no-such-entry')).rejects.toMatchObject({ kind: 'not-found' });
  });
});
