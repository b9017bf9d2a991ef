import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction, priceOperation } from '../../../../tests/api/wallet-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-database';
import type { Db } from '../../../db/client';
import { readStream } from '../../../db/event-store';
import { operationPriceStream } from '../streams';
import { toggleOperationPrice } from './toggle-operation-price';

let testDatabase: TestDatabase;
let db: Db;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = testDatabase.database.db;
});
afterAll(() => testDatabase?.cleanup());

describe('toggleOperationPrice', () => {
  it('flips the status each time', async () => {
    const { id } = await priceOperation(db, { price: 5000 });
    expect((await inTransaction(db, (ctx) => toggleOperationPrice(ctx, id))).enabled).toBe(false);
    expect((await inTransaction(db, (ctx) => toggleOperationPrice(ctx, id))).enabled).toBe(true);
    expect((await readStream(db, operationPriceStream(id).id)).map((e) => e.type)).toEqual([
      'OperationPriceCreated',
      'OperationPriceDisabled',
      'OperationPriceEnabled',
    ]);
  });

  it('answers 404 for an unknown price', async () => {
    await expect(inTransaction(db, (ctx) => toggleOperationPrice(ctx, 'missing'))).rejects.toMatchObject({ kind: 'not-found' });
  });
});
