import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inTransaction } from '../../../../tests/api/wallet-fixtures';
import { createTestDatabase, truncateAll, type TestDatabase } from '../../../../tests/support/test-database';
import type { Db } from '../../../db/client';
import { readStream } from '../../../db/event-store';
import { operationPriceStream } from '../streams';
import { createOperationPrice } from './create-operation-price';
import { listOperationPrices } from './operation-price';

let testDatabase: TestDatabase;
let db: Db;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = testDatabase.database.db;
});
afterAll(() => testDatabase?.cleanup());
beforeEach(() => truncateAll(db));

const create = (operationKey: string, price = 5000) =>
  inTransaction(db, (ctx) => createOperationPrice(ctx, { operationKey, operationName: 'Add Student', price }));

describe('createOperationPrice', () => {
  it('prices an operation, enabled unless told otherwise, on a stream of its own', async () => {
    const price = await create('ADD_STUDENT');
    expect(price).toMatchObject({
      _id: price.id,
      operationKey: 'ADD_STUDENT',
      operationName: 'Add Student',
      price: 5000,
      enabled: true,
      description: '',
    });
    const stream = await readStream(db, operationPriceStream(price.id).id);
    expect(stream.map((e) => e.type)).toEqual(['OperationPriceCreated']);
    expect(await listOperationPrices(db)).toEqual([price]);
  });

  it('allows one price per operation key', async () => {
    await create('ADD_STUDENT');
    await expect(create('ADD_STUDENT', 100)).rejects.toMatchObject({ kind: 'conflict', message: 'A price for ADD_STUDENT already exists' });
    expect(await listOperationPrices(db)).toHaveLength(1);
  });
});
