import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction, priceOperation } from '../../../../tests/api/wallet-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-database';
import type { Db } from '../../../db/client';
import { deleteOperationPrice } from './delete-operation-price';
import { findOperationPrice } from './operation-price';

let testDatabase: TestDatabase;
let db: Db;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = testDatabase.database.db;
});
afterAll(() => testDatabase?.cleanup());

describe('deleteOperationPrice', () => {
  it('removes the price, which frees its key for a new one', async () => {
    const price = await priceOperation(db, { price: 5000 });
    expect(await inTransaction(db, (ctx) => deleteOperationPrice(ctx, price.id))).toEqual(price);
    expect(await findOperationPrice(db, price.id)).toBeNull();
    expect((await priceOperation(db, { price: 7000 })).price).toBe(7000);
  });

  it('answers 404 for an unknown price', async () => {
    await expect(inTransaction(db, (ctx) => deleteOperationPrice(ctx, 'missing'))).rejects.toMatchObject({ kind: 'not-found' });
  });
});
