import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inTransaction, priceOperation } from '../../../../tests/api/wallet-fixtures';
import { createTestDatabase, truncateAll, type TestDatabase } from '../../../../tests/support/test-database';
import type { Db } from '../../../db/client';
import { readStream } from '../../../db/event-store';
import { operationPriceStream } from '../streams';
import { findOperationPrice } from './operation-price';
import { updateOperationPrice, type UpdateOperationPriceInput } from './update-operation-price';

let testDatabase: TestDatabase;
let db: Db;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = testDatabase.database.db;
});
afterAll(() => testDatabase?.cleanup());
beforeEach(() => truncateAll(db));

const update = (id: string, input: UpdateOperationPriceInput) => inTransaction(db, (ctx) => updateOperationPrice(ctx, id, input));
const eventTypes = async (id: string) => (await readStream(db, operationPriceStream(id).id)).map((e) => e.type);

describe('updateOperationPrice', () => {
  it('records only what changed, and a change of status as its own event', async () => {
    const { id } = await priceOperation(db, { price: 5000 });
    const updated = await update(id, { price: 6000, operationName: 'Add Student', enabled: false, description: 'Per admission' });
    expect(updated).toMatchObject({ price: 6000, enabled: false, description: 'Per admission' });
    const stream = await readStream(db, operationPriceStream(id).id);
    expect(stream.map((e) => [e.type, e.data])).toEqual([
      ['OperationPriceCreated', expect.anything()],
      ['OperationPriceUpdated', { price: 6000, description: 'Per admission' }],
      ['OperationPriceDisabled', {}],
    ]);
  });

  it('appends nothing when nothing differs', async () => {
    const { id } = await priceOperation(db, { price: 5000 });
    await update(id, { price: 5000, enabled: true });
    expect(await eventTypes(id)).toEqual(['OperationPriceCreated']);
  });

  it('refuses a key another price has, and answers 404 for an unknown price', async () => {
    await priceOperation(db, { operationKey: 'ADD_STUDENT', price: 5000 });
    const other = await priceOperation(db, { operationKey: 'ISSUE_CERTIFICATE', price: 100 });
    await expect(update(other.id, { operationKey: 'ADD_STUDENT' })).rejects.toMatchObject({ kind: 'conflict' });
    expect((await findOperationPrice(db, other.id))?.operationKey).toBe('ISSUE_CERTIFICATE');
    await expect(update('missing', { price: 1 })).rejects.toMatchObject({ kind: 'not-found' });
  });
});
