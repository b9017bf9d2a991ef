import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, asSystem, createAccountsApi, syncCatalogue, tokenFor, type AccountsApi } from '../../tests/api/accounts';
import { testClock } from '../../tests/support/test-database';
import { records, walletBalances, walletLedger } from '../db/schema';
import { createCourseCategory } from './course-categories/commands';
import { ensureDefaultFormConfigs } from './form-configs';
import { createRecord } from './records';
import { creditWallet } from './wallet/credit-wallet';
import { createOperationPrice } from './wallet/operation-prices/create-operation-price';

// An admission in a wallet-enabled branch and its ADD_STUDENT charge are one transaction.
const clock = testClock('2026-05-04T09:00:00.000Z');
let accounts: AccountsApi;
let branchId: string;
let courseId: string;
let token: string;
let pricingToken: string;
let priceId: string;

beforeAll(async () => {
  accounts = await createAccountsApi(clock);
  const { db, auth } = accounts;
  await syncCatalogue(db);
  await asSystem(db, ensureDefaultFormConfigs);
  ({ id: branchId } = await asSystem(db, (ctx) =>
    createRecord(ctx, {
      formType: 'branch',
      branchId: null,
      fields: { addBranch: 'East Campus', branchCode: 'EC01', isActive: true, walletEnabled: true },
    }),
  ));
  const category = await asSystem(db, (ctx) => createCourseCategory(ctx, 'Languages'));
  ({ id: courseId } = await asSystem(db, (ctx) =>
    createRecord(ctx, { formType: 'course', branchId: null, fields: { courseName: 'Spoken English', category } }),
  ));
  ({ id: priceId } = await asSystem(db, (ctx) =>
    createOperationPrice(ctx, { operationKey: 'ADD_STUDENT', operationName: 'Add Student', price: 5000 }),
  ));
  // Room for two admissions and a little over.
  await asSystem(db, (ctx) => creditWallet(ctx, { branchId, amount: 12_000, note: 'Opening balance' }));
  const staff = await addUser(db, {
    role: 'branch_admin',
    branchId,
    permissions: ['STUDENT_ADD', 'STUDENT_VIEW_BRANCH', 'COURSE_LIST'],
  });
  token = await tokenFor(db, auth, staff, clock.now());
  pricingToken = await tokenFor(db, auth, await addUser(db, { role: 'superadmin' }), clock.now());
});
afterAll(() => accounts?.cleanup());

let serial = 0;
function admit() {
  serial++;
  const values = {
    studentName: `Admitted ${serial}`,
    selectedCourse: courseId,
    studentEmail: `admitted${serial}@example.com`,
    phoneNumber: '9810000002',
  };
  return accounts.call('POST', '/dynamic-data', {
    token,
    body: { formType: 'student', fieldsData: Object.entries(values).map(([name, value]) => ({ name, value })) },
  });
}

const students = () =>
  accounts.db
    .select()
    .from(records)
    .where(and(eq(records.formType, 'student'), eq(records.branchId, branchId)));
const balance = async () => (await accounts.db.select().from(walletBalances).where(eq(walletBalances.branchId, branchId)))[0]?.balance;

describe('admitting a student to a wallet-enabled branch', () => {
  it('charges ADD_STUDENT with the student as the reference and reports the new balance', async () => {
    const response = await admit();
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.data.charge).toEqual({ charged: true, price: 5000, balance: 7000, operationName: 'Add Student' });
    const [charge] = await accounts.db.select().from(walletLedger).where(eq(walletLedger.referenceId, response.body.data._id));
    expect(charge).toMatchObject({ kind: 'charge', amount: -5000, balanceAfter: 7000, operationKey: 'ADD_STUDENT' });
  });

  it('refuses an admission the balance cannot pay for and keeps neither the student nor a charge', async () => {
    expect((await admit()).status).toBe(201);
    const before = (await students()).length;
    const ledgerBefore = (await accounts.db.select().from(walletLedger)).length;

    const refused = await admit();
    expect(refused.status).toBe(402);
    expect(refused.body.message).toMatch(/^Insufficient wallet balance/);
    expect((await students()).length).toBe(before);
    expect((await accounts.db.select().from(walletLedger)).length).toBe(ledgerBefore);
    expect(await balance()).toBe(2000);
  });
});

describe('the name of the admission’s charge', () => {
  it('is the operation price’s own name, in the ledger and in the answer', async () => {
    await asSystem(accounts.db, (ctx) => creditWallet(ctx, { branchId, amount: 5000, note: 'Top-up' }));
    // Renamed through the API, as the office does: the process that serves the change forgets the
    // price it kept at once, where another process hears of it a moment after the commit.
    const renamed = await accounts.call('PUT', `/wallet/operation-pricing/${priceId}`, {
      token: pricingToken,
      body: { operationName: 'New admission fee' },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);

    const response = await admit();
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.data.charge).toEqual({ charged: true, price: 5000, balance: 2000, operationName: 'New admission fee' });
    const [charge] = await accounts.db.select().from(walletLedger).where(eq(walletLedger.referenceId, response.body.data._id));
    expect(charge).toMatchObject({ kind: 'charge', operationKey: 'ADD_STUDENT', operationName: 'New admission fee' });
  });
});
