import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addWalletBranch, inTransaction, ledgerSum, priceOperation, storedBalance, walletTables } from '../../../tests/api/wallet-fixtures';
import { createTestDatabase, truncateAll, type TestDatabase } from '../../../tests/support/test-database';
import { adjustWallet } from '../../domain/wallet/adjust-wallet';
import { chargeOperation } from '../../domain/wallet/charge-operation';
import { creditWallet } from '../../domain/wallet/credit-wallet';
import { InsufficientBalanceError } from '../../domain/wallet/errors';
import { deleteOperationPrice } from '../../domain/wallet/operation-prices/delete-operation-price';
import { toggleOperationPrice } from '../../domain/wallet/operation-prices/toggle-operation-price';
import { updateOperationPrice } from '../../domain/wallet/operation-prices/update-operation-price';
import { refundCharge } from '../../domain/wallet/refund-charge';
import { walletStream } from '../../domain/wallet/streams';
import type { Db } from '../client';
import { isUniqueViolation } from '../errors';
import { append } from '../event-store';
import { rebuildProjections } from '../rebuild';
import { events, walletBalances } from '../schema';
import type { WalletChargedData } from '../../domain/wallet/events';

let testDatabase: TestDatabase;
let db: Db;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = testDatabase.database.db;
});
afterAll(() => testDatabase?.cleanup());
beforeEach(() => truncateAll(db));

const meta = () => ({ occurredAt: new Date(), actorId: null, requestId: 'projection-test' });

/** A charge event appended directly, past the command's checks. */
const rawCharge = (branchId: string, referenceId: string, amount: number) =>
  db.transaction((tx) => {
    const data: WalletChargedData = {
      entryId: `raw-${referenceId}-${Math.random()}`,
      branchId,
      amount,
      operationKey: 'ADD_STUDENT',
      operationName: 'Add Student',
      referenceId,
    };
    return append(tx, walletStream(branchId), 'any', [{ type: 'WalletCharged', data }], meta());
  });

/** The PostgreSQL error behind a driver error (drizzle wraps it as the cause). */
function pgErrorOf(error: unknown): { code?: string; constraint?: string } | undefined {
  const candidate = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
  return candidate?.code ? candidate : (candidate?.cause as { code?: string; constraint?: string } | undefined);
}

describe('the wallet projections', () => {
  it('rebuild from the log into exactly the balances, ledger and prices the commands left', async () => {
    const price = await priceOperation(db, { price: 5000 });
    const certificate = await priceOperation(db, { operationKey: 'ISSUE_CERTIFICATE', operationName: 'Certificate', price: 700 });
    const north = await addWalletBranch(db);
    const south = await addWalletBranch(db);
    let clock = Date.parse('2026-01-10T10:00:00Z');
    const at = () => new Date((clock += 60_000));
    await inTransaction(db, (ctx) => creditWallet(ctx, { branchId: north, amount: 100_000, note: 'Top-up' }), at());
    await inTransaction(db, (ctx) => creditWallet(ctx, { branchId: south, amount: 8000 }), at());
    const charged = await inTransaction(
      db,
      (ctx) => chargeOperation(ctx, { branchId: north, operationKey: 'ADD_STUDENT', referenceId: 's1' }),
      at(),
    );
    await inTransaction(db, (ctx) => chargeOperation(ctx, { branchId: north, operationKey: 'ADD_STUDENT', referenceId: 's2' }), at());
    await inTransaction(db, (ctx) => chargeOperation(ctx, { branchId: south, operationKey: 'ADD_STUDENT', referenceId: 's3' }), at());
    await inTransaction(db, (ctx) => refundCharge(ctx, { chargeId: charged.charge!.id, reason: 'Duplicate admission' }), at());
    await inTransaction(db, (ctx) => adjustWallet(ctx, { branchId: south, amount: -1000, reason: 'Bank fee' }), at());
    await inTransaction(db, (ctx) => updateOperationPrice(ctx, price.id, { price: 6000 }), at());
    await inTransaction(db, (ctx) => toggleOperationPrice(ctx, price.id), at());
    await inTransaction(db, (ctx) => deleteOperationPrice(ctx, certificate.id), at());

    const before = await walletTables(db);
    expect(await storedBalance(db, north)).toBe(95_000);
    expect(await storedBalance(db, south)).toBe(2000);
    expect(before.ledger).toHaveLength(7);
    expect(before.prices).toMatchObject([{ price: 6000, enabled: false }]);

    await db.execute(sql`UPDATE wallet_balances SET balance = balance + 123`);
    await db.execute(sql`DELETE FROM wallet_ledger WHERE kind = 'refund'`);
    await rebuildProjections(db);

    expect(await walletTables(db)).toEqual(before);
    for (const branchId of [north, south]) expect(await storedBalance(db, branchId)).toBe(await ledgerSum(db, branchId));
    // Replayed one event at a time, in runs that split a branch's movements, and all at once.
    for (const batchSize of [1, 3, 1000]) {
      await rebuildProjections(db, undefined, batchSize);
      expect(await walletTables(db), `batches of ${batchSize}`).toEqual(before);
    }
  });

  it('refuse in a replay, as live, a charge event larger than the balance', async () => {
    const branchId = await addWalletBranch(db);
    await inTransaction(db, (ctx) => creditWallet(ctx, { branchId, amount: 1000 }));
    await db.execute(sql`ALTER TABLE wallet_balances DROP CONSTRAINT wallet_balances_non_negative`);
    try {
      // Written past both guards, as only a damaged log could hold it.
      await db.execute(sql`UPDATE wallet_balances SET balance = 5000`);
      await rawCharge(branchId, 'r1', 3000);
      await expect(rebuildProjections(db)).rejects.toBeInstanceOf(InsufficientBalanceError);
    } finally {
      await db.execute(sql`DELETE FROM events WHERE type = 'WalletCharged'`);
      await db.execute(sql`UPDATE wallet_balances SET balance = 1000`);
      await db.execute(sql`ALTER TABLE wallet_balances ADD CONSTRAINT wallet_balances_non_negative CHECK (balance >= 0)`);
    }
  });

  it('refuse a charge event larger than the balance in the one guarded UPDATE, leaving nothing behind', async () => {
    const branchId = await addWalletBranch(db);
    await inTransaction(db, (ctx) => creditWallet(ctx, { branchId, amount: 1000 }));

    await expect(rawCharge(branchId, 'r1', 1001)).rejects.toBeInstanceOf(InsufficientBalanceError);

    expect(await storedBalance(db, branchId)).toBe(1000);
    expect(await db.select().from(events).where(eq(events.type, 'WalletCharged'))).toEqual([]);
  });

  it('keep the database’s backstops: no negative balance, no reference charged twice', async () => {
    const branchId = await addWalletBranch(db);
    await inTransaction(db, (ctx) => creditWallet(ctx, { branchId, amount: 1000 }));

    const negative = await db
      .update(walletBalances)
      .set({ balance: -1 })
      .where(eq(walletBalances.branchId, branchId))
      .catch((error: unknown) => error);
    expect(pgErrorOf(negative)).toMatchObject({ code: '23514', constraint: 'wallet_balances_non_negative' });

    await rawCharge(branchId, 'r1', 100);
    await expect(rawCharge(branchId, 'r1', 100)).rejects.toSatisfy((error: unknown) =>
      isUniqueViolation(error, 'wallet_ledger_charge_reference_key'),
    );
    expect(await storedBalance(db, branchId)).toBe(900);
  });
});
