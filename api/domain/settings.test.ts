import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, request, truncateAll, unannounced, type TestDatabase } from '../../tests/support/test-database';
import { addUser, asSystem, syncCatalogue, tokenFor } from '../../tests/api/accounts';
import { addWalletBranch, priceOperation } from '../../tests/api/wallet-fixtures';
import { allPermissionNames } from './permissions/catalogue';
import { createApi } from '../app';
import type { Database, Db } from '../db/client';
import { billingSettings, formConfigs, operationPrices } from '../db/schema';
import { authConfig } from './auth/config';
import { systemClock } from './clock';
import { defaultBillingSettings, saveBillingSettings } from './invoices/billing';
import { createSettings, type Settings } from './settings';

let testDatabase: TestDatabase;
let db: Db;
let settings: Settings;
const at = new Date('2026-01-15T09:00:00Z');

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = testDatabase.database.db;
  settings = createSettings(testDatabase.database);
});
afterAll(() => testDatabase?.cleanup());
beforeEach(async () => {
  await truncateAll(db);
  await db
    .insert(formConfigs)
    .values({ id: 'f1', formType: 'visitor', label: 'Visitor', fields: [], version: 1, createdAt: at, updatedAt: at });
  await db
    .insert(operationPrices)
    .values({ id: 'p1', operationKey: 'ISSUE_CARD', operationName: 'Issue card', price: 100, enabled: true, createdAt: at, updatedAt: at });
});

const labelOf = async () => (await settings.formConfig(db, 'visitor'))?.label;
const priceOf = async () => (await settings.operationPrice(db, 'ISSUE_CARD'))?.price;

/** Whether the price is kept: a change nobody announces does not show on the next read. */
async function keepsPrice(): Promise<boolean> {
  const before = (await priceOf())!;
  await unannounced(db, (tx) =>
    tx
      .update(operationPrices)
      .set({ price: before + 1 })
      .where(eq(operationPrices.id, 'p1')),
  );
  return (await priceOf()) === before;
}

/** Until the settings listen and have heard the fixtures' announcements. */
async function settled() {
  await vi.waitFor(async () => expect(await keepsPrice()).toBe(true), { timeout: 10_000 });
}

describe('settings kept until announced', () => {
  it('keeps form configurations and prices while nothing announces a change', async () => {
    await settled();
    expect(await labelOf()).toBe('Visitor');
    await unannounced(db, (tx) => tx.update(formConfigs).set({ label: 'Guest' }).where(eq(formConfigs.id, 'f1')));
    expect(await labelOf()).toBe('Visitor');
    expect(await keepsPrice()).toBe(true);
  });

  it('reads a table again once a change to it is announced, whoever wrote it', async () => {
    await settled();
    await labelOf();
    await db.update(formConfigs).set({ label: 'Guest' }).where(eq(formConfigs.id, 'f1'));
    await vi.waitFor(async () => expect(await labelOf()).toBe('Guest'));

    await db.update(operationPrices).set({ price: 250 }).where(eq(operationPrices.id, 'p1'));
    await vi.waitFor(async () => expect(await priceOf()).toBe(250));

    await db.delete(operationPrices);
    await vi.waitFor(async () => expect(await priceOf()).toBeUndefined());
  });

  it('keeps the billing settings until a save of them is announced', async () => {
    await settled();
    const feesAtAdmission = async () => (await settings.billingSettings(db)).invoiceFeesAtAdmission;
    expect(await feesAtAdmission()).toBe(false);
    const on = { ...defaultBillingSettings, invoiceFeesAtAdmission: true };
    await unannounced(db, (tx) => tx.insert(billingSettings).values({ id: 'billing-settings', settings: on, version: 1 }));
    expect(await feesAtAdmission()).toBe(false);
    await asSystem(db, (ctx) => saveBillingSettings(ctx, { ...on, legalName: 'Institute Pvt Ltd' }));
    await vi.waitFor(async () =>
      expect(await settings.billingSettings(db)).toMatchObject({ invoiceFeesAtAdmission: true, legalName: 'Institute Pvt Ltd' }),
    );
  });

  it('never keeps a setting that does not exist', async () => {
    await settled();
    expect(await settings.operationPrice(db, 'PRINT_RESULT')).toBeNull();
    await unannounced(db, (tx) =>
      tx.insert(operationPrices).values({
        id: 'p2',
        operationKey: 'PRINT_RESULT',
        operationName: 'Print result',
        price: 50,
        enabled: true,
        createdAt: at,
        updatedAt: at,
      }),
    );
    expect((await settings.operationPrice(db, 'PRINT_RESULT'))?.price).toBe(50);
  });
});

describe('a process that changes a setting', () => {
  /** The same database, but announcements never arrive: only the process's own forgetting is left. */
  const deaf = (database: Database): Database => ({ ...database, listen: (_channel, listener) => listener.listening(true) });

  it('charges the new price on its very next request, before any announcement', async () => {
    const auth = authConfig(randomBytes(32));
    const api = createApi({ database: deaf(testDatabase.database), logger: pino({ level: 'silent' }), clock: systemClock, auth });
    await syncCatalogue(db);
    const admin = await addUser(db, { role: 'admin', permissions: allPermissionNames });
    const token = await tokenFor(db, auth, admin, new Date());
    const branchId = await addWalletBranch(db);
    const price = await priceOperation(db, { operationKey: 'PRINT_CARD', price: 300 });
    const call = (method: string, path: string, body: unknown) =>
      request(api, method, `/api/v1/wallet${path}`, { body, headers: { Authorization: `Bearer ${token}` } });
    expect((await call('POST', '/add-balance', { branchId, amount: 10_000 })).status).toBe(201);

    const charge = async (referenceId: string) =>
      (await call('POST', '/operation-pricing/deduct', { branchId, operationKey: 'PRINT_CARD', referenceId })).body.data.operationPrice
        .price;
    expect(await charge('card-1')).toBe(300);
    expect((await call('PUT', `/operation-pricing/${price._id}`, { price: 450 })).status).toBe(200);
    expect(await charge('card-2')).toBe(450);
  });
});
