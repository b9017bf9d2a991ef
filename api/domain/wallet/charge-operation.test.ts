import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addWalletBranch,
  inTransaction,
  ledgerEntries,
  ledgerSum,
  priceOperation,
  storedBalance,
} from '../../../tests/api/wallet-fixtures';
import { createTestDatabase, truncateAll, type TestDatabase } from '../../../tests/support/test-database';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { events, records } from '../../db/schema';
import { createRecord } from '../records';
import { chargeOperation } from './charge-operation';
import { creditWallet } from './credit-wallet';
import { InsufficientBalanceError } from './errors';
import { findTransaction } from './ledger';
import { deleteOperationPrice } from './operation-prices/delete-operation-price';
import { toggleOperationPrice } from './operation-prices/toggle-operation-price';

let testDatabase: TestDatabase;
let db: Db;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = testDatabase.database.db;
});
afterAll(() => testDatabase?.cleanup());
beforeEach(() => truncateAll(db));

const charge = (branchId: string, referenceId: string, operationKey = 'ADD_STUDENT') =>
  inTransaction(db, (ctx) => chargeOperation(ctx, { branchId, operationKey, referenceId }));

async function fundedBranch(balance: number, options: { walletEnabled?: boolean } = {}) {
  const branchId = await addWalletBranch(db, options);
  if (balance > 0) await inTransaction(db, (ctx) => creditWallet(ctx, { branchId, amount: balance }));
  return branchId;
}

async function walletEvents(): Promise<string[]> {
  return (await db.select({ type: events.type }).from(events).where(eq(events.streamType, 'wallet'))).map((e) => e.type);
}

describe('chargeOperation', () => {
  it('takes the price from the wallet and writes the charge with the balance after it', async () => {
    await priceOperation(db, { price: 5000 });
    const branchId = await fundedBranch(12_000);

    const result = await charge(branchId, 'student-1');

    expect(result).toMatchObject({ outcome: 'charged', charged: true, price: 5000, balance: 7000 });
    expect(result.charge).toMatchObject({
      kind: 'charge',
      amount: -5000,
      balanceAfter: 7000,
      operationKey: 'ADD_STUDENT',
      operationName: 'Add Student',
      referenceId: 'student-1',
    });
    expect(await storedBalance(db, branchId)).toBe(7000);
    expect(await ledgerSum(db, branchId)).toBe(7000);
    expect(await walletEvents()).toEqual(['WalletCredited', 'WalletCharged']);
  });

  it('charges a reference once: a second call returns the first charge and takes nothing', async () => {
    await priceOperation(db, { price: 5000 });
    const branchId = await fundedBranch(20_000);

    const first = await charge(branchId, 'student-1');
    const again = await charge(branchId, 'student-1');

    expect(again).toMatchObject({ outcome: 'already-charged', charged: false, price: 5000, balance: 15_000 });
    expect(again.charge).toEqual(first.charge);
    expect(await storedBalance(db, branchId)).toBe(15_000);
    expect(await walletEvents()).toEqual(['WalletCredited', 'WalletCharged']);
  });

  it('answers a charged reference with its first charge even when the balance, the price or its status would now charge nothing', async () => {
    const price = await priceOperation(db, { price: 5000 });
    const branchId = await fundedBranch(6000);
    const first = await charge(branchId, 'student-1');

    // 1,000 left no longer covers the price, but the repeat is no refusal.
    expect(await charge(branchId, 'student-1')).toMatchObject({
      outcome: 'already-charged',
      charged: false,
      price: 5000,
      balance: 1000,
      charge: first.charge,
    });

    await inTransaction(db, (ctx) => toggleOperationPrice(ctx, price._id));
    const disabled = await charge(branchId, 'student-1');
    expect(disabled).toMatchObject({ outcome: 'already-charged', charged: false, price: 5000, balance: 1000, charge: first.charge });
    expect(disabled.operationPrice).toMatchObject({ enabled: false });
    expect(await charge(branchId, 'student-2')).toMatchObject({ outcome: 'price-disabled', charge: null, price: 0 });

    await inTransaction(db, (ctx) => deleteOperationPrice(ctx, price._id));
    expect(await charge(branchId, 'student-1')).toMatchObject({
      outcome: 'already-charged',
      operationPrice: null,
      price: 5000,
      charge: first.charge,
    });
    expect(await charge(branchId, 'student-2')).toMatchObject({ outcome: 'price-missing', charge: null });

    expect(await storedBalance(db, branchId)).toBe(1000);
  });

  it('tells references, operations and branches apart', async () => {
    await priceOperation(db, { price: 1000 });
    await priceOperation(db, { operationKey: 'ISSUE_CERTIFICATE', operationName: 'Issue certificate', price: 300 });
    const north = await fundedBranch(10_000);
    const south = await fundedBranch(10_000);

    expect((await charge(north, 'x')).charged).toBe(true);
    expect((await charge(north, 'y')).charged).toBe(true);
    expect((await charge(north, 'x', 'ISSUE_CERTIFICATE')).charged).toBe(true);
    expect((await charge(south, 'x')).charged).toBe(true);

    expect(await storedBalance(db, north)).toBe(10_000 - 1000 - 1000 - 300);
    expect(await storedBalance(db, south)).toBe(9000);
  });

  it('charges nothing when the price is disabled, missing or zero, or the branch does not use the wallet', async () => {
    const branchId = await fundedBranch(10_000);
    expect(await charge(branchId, 'a')).toMatchObject({
      outcome: 'price-missing',
      charged: false,
      price: 0,
      charge: null,
      balance: 10_000,
    });

    await priceOperation(db, { price: 5000, enabled: false });
    expect(await charge(branchId, 'a')).toMatchObject({ outcome: 'price-disabled', charged: false, price: 0, balance: 10_000 });

    await priceOperation(db, { operationKey: 'FREE_THING', price: 0 });
    expect(await charge(branchId, 'a', 'FREE_THING')).toMatchObject({ outcome: 'free', charged: false, price: 0 });

    await priceOperation(db, { operationKey: 'PAID_THING', price: 100 });
    const offline = await fundedBranch(10_000, { walletEnabled: false });
    expect(await charge(offline, 'a', 'PAID_THING')).toMatchObject({
      outcome: 'wallet-disabled',
      charged: false,
      price: 0,
      balance: 10_000,
    });

    expect(await walletEvents()).toEqual(['WalletCredited', 'WalletCredited']);
    expect(await storedBalance(db, branchId)).toBe(10_000);
  });

  it('a new reference is charged without the look-up, and the unique key still refuses charging it twice', async () => {
    await priceOperation(db, { price: 5000 });
    const branchId = await fundedBranch(20_000);
    const chargeNew = () =>
      inTransaction(db, (ctx) => chargeOperation(ctx, { branchId, operationKey: 'ADD_STUDENT', referenceId: 'new', newReference: true }));

    expect(await chargeNew()).toMatchObject({ outcome: 'charged', charged: true, balance: 15_000 });
    await expect(chargeNew()).rejects.toSatisfy((error) => isUniqueViolation(error, 'wallet_ledger_charge_reference_key'));

    expect(await storedBalance(db, branchId)).toBe(15_000);
    expect((await ledgerEntries(db, branchId)).map((e) => e.kind)).toEqual(['credit', 'charge']);
  });

  it('refuses a charge larger than the balance, and the caller’s whole transaction rolls back', async () => {
    await priceOperation(db, { price: 5000 });
    const branchId = await fundedBranch(4999);

    const attempt = inTransaction(db, async (ctx) => {
      const { id } = await createRecord(ctx, { formType: 'student', branchId, fields: { studentName: 'Unpaid' } });
      await chargeOperation(ctx, { branchId, operationKey: 'ADD_STUDENT', referenceId: id });
    });

    await expect(attempt).rejects.toBeInstanceOf(InsufficientBalanceError);
    await expect(attempt).rejects.toMatchObject({
      kind: 'insufficient-balance',
      message: expect.stringContaining('Insufficient wallet balance'),
    });
    expect(await db.select().from(records).where(eq(records.formType, 'student'))).toEqual([]);
    expect(await storedBalance(db, branchId)).toBe(4999);
    expect((await ledgerEntries(db, branchId)).map((e) => e.kind)).toEqual(['credit']);
    expect(await walletEvents()).toEqual(['WalletCredited']);
  });

  it('refuses a charge to a branch that never had money', async () => {
    await priceOperation(db, { price: 1 });
    const branchId = await addWalletBranch(db);
    await expect(charge(branchId, 'a')).rejects.toMatchObject({ kind: 'insufficient-balance' });
    expect(await storedBalance(db, branchId)).toBeNull();
  });

  it('can spend the balance down to exactly zero', async () => {
    await priceOperation(db, { price: 2500 });
    const branchId = await fundedBranch(5000);
    await charge(branchId, 'a');
    expect((await charge(branchId, 'b')).balance).toBe(0);
    await expect(charge(branchId, 'c')).rejects.toBeInstanceOf(InsufficientBalanceError);
    expect(await storedBalance(db, branchId)).toBe(0);
  });

  it('answers the charge it wrote exactly as the ledger reads it back', async () => {
    await priceOperation(db, { price: 700 });
    const branchId = await fundedBranch(1000);
    const at = new Date('2026-03-04T05:06:07.891Z');
    const result = await db.transaction((tx) =>
      chargeOperation(
        { tx, meta: { occurredAt: at, actorId: 'staff-1', requestId: 'answer-test' } },
        { branchId, operationKey: 'ADD_STUDENT', operationName: ' Admission of Diya ', referenceId: 'd' },
      ),
    );

    const stored = await findTransaction(db, result.charge!.id);
    expect(stored).toMatchObject({
      actorId: 'staff-1',
      createdAt: at.toISOString(),
      operationName: 'Admission of Diya',
      note: '',
      refundedBy: null,
    });
    // The same keys in the same order: the answer is stored as JSON under its Idempotency-Key.
    expect(JSON.stringify(result.charge)).toBe(JSON.stringify(stored));
    expect(result.balance).toBe(300);
  });

  it('writes the caller’s operation name when given one', async () => {
    await priceOperation(db, { price: 100 });
    const branchId = await fundedBranch(1000);
    const result = await inTransaction(db, (ctx) =>
      chargeOperation(ctx, { branchId, operationKey: 'ADD_STUDENT', operationName: 'Admission of Diya', referenceId: 'd' }),
    );
    expect(result.charge?.operationName).toBe('Admission of Diya');
  });

  it('answers 404 for a branch that does not exist', async () => {
    await priceOperation(db, { price: 100 });
    await expect(charge('no-such-branch', 'a')).rejects.toMatchObject({ kind: 'not-found', message: 'Branch not found' });
  });
});
