import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../api/db/schema';
import { allPermissionNames } from '../../api/domain/permissions/catalogue';
import { MAX_AMOUNT_PAISE } from '../../common/wallet';
import { testClock } from '../support/test-database';
import { addUser, createAccountsApi, syncCatalogue, tokenFor, type AccountsApi, type CallOptions } from './accounts';
import { addWalletBranch, ledgerSum, priceOperation, storedBalance } from './wallet-fixtures';

/**
 * The wallet's endpoints under /api/v1/wallet, called the way the web tier calls them. Amounts are
 * paise. Each test makes its own branches, so tests do not lean on each other's money.
 */

const clock = testClock('2026-01-15T09:00:00.000Z');
let accounts: AccountsApi;
/** User ids by role; `call` signs a token for the user that is valid at the clock's time. */
const users = {} as { admin: string; superadmin: string; hqViewer: string; pricing: string; noWallet: string };
const signed = new Map<string, { at: number; token: string }>();

async function tokenNow(userId: string): Promise<string> {
  const now = clock.now().getTime();
  const cached = signed.get(userId);
  if (cached && now >= cached.at && now - cached.at < 5 * 60_000) return cached.token;
  const token = await tokenFor(accounts.db, accounts.auth, userId, clock.now());
  signed.set(userId, { at: now, token });
  return token;
}

beforeAll(async () => {
  accounts = await createAccountsApi(clock);
  const { db } = accounts;
  await syncCatalogue(db);
  users.admin = await addUser(db, { role: 'admin', permissions: allPermissionNames });
  users.superadmin = await addUser(db, { role: 'superadmin' });
  users.hqViewer = await addUser(db, { role: 'admin', permissions: ['WALLET_VIEW', 'WALLET_TRANSACTIONS_VIEW'] });
  users.pricing = await addUser(db, { role: 'admin', permissions: ['OPERATION_PRICING_MANAGE'] });
  users.noWallet = await addUser(db, { role: 'admin', permissions: ['DASHBOARD_VIEW'] });
  await priceOperation(db, { price: 5000 });
});
afterAll(() => accounts?.cleanup());

const call = async (method: string, path: string, userId: string, options: Omit<CallOptions, 'token'> = {}) =>
  accounts.call(method, `/wallet${path}`, { ...options, token: await tokenNow(userId) });

/** A branch of its own, optionally funded, and one of its staff holding `permissions`. */
async function branchWithStaff(
  permissions: string[],
  { funds = 0, walletEnabled = true, name }: { funds?: number; walletEnabled?: boolean; name?: string } = {},
) {
  const branchId = await addWalletBranch(accounts.db, { walletEnabled, name });
  const userId = await addUser(accounts.db, { role: 'branch_admin', branchId, permissions });
  if (funds) await topUp(branchId, funds);
  return { branchId, user: userId };
}

async function topUp(branchId: string, amount: number, extra: { note?: string; reference?: string } = {}) {
  const response = await call('POST', '/add-balance', users.admin, { body: { branchId, amount, ...extra } });
  expect(response.status).toBe(201);
  return response.body.data;
}

describe('GET /wallet/balance', () => {
  it('lists every branch with its name and balance for the institute’s staff, 0 for a wallet never funded', async () => {
    const funded = await branchWithStaff([], { funds: 250_000, name: 'Balance Funded' });
    const empty = await branchWithStaff([], { name: 'Balance Empty' });

    const response = await call('GET', '/balance', users.admin);

    expect(response.status).toBe(200);
    expect(response.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          _id: funded.branchId,
          branchId: funded.branchId,
          branchName: 'Balance Funded',
          balance: 250_000,
          walletEnabled: true,
        }),
        expect.objectContaining({ _id: empty.branchId, branchName: 'Balance Empty', balance: 0, updatedAt: null }),
      ]),
    );
  });

  it('shows a branch’s own staff their branch only', async () => {
    await branchWithStaff([], { funds: 1000 });
    const own = await branchWithStaff(['WALLET_VIEW'], { funds: 700 });
    const response = await call('GET', '/balance', own.user);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([expect.objectContaining({ branchId: own.branchId, balance: 700 })]);
  });

  it('refuses every-branch reads to the institute’s staff without an every-branch permission', async () => {
    const response = await call('GET', '/balance', users.hqViewer);
    expect(response.status).toBe(403);
    expect(response.body.message).toMatch(/WALLET_VIEW_ALL/);
    expect((await call('GET', '/balance', users.noWallet)).status).toBe(403);
  });
});

describe('GET /wallet/balance/current and /wallet/balance/:id', () => {
  it('answers the caller’s own branch, to whoever may spend from it', async () => {
    const staff = await branchWithStaff(['STUDENT_ADD'], { funds: 4200 });
    const response = await call('GET', '/balance/current', staff.user);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ branchId: staff.branchId, balance: 4200, walletEnabled: true });
  });

  it('answers 404 to a caller who belongs to no branch', async () => {
    const response = await call('GET', '/balance/current', users.admin);
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('No branch is assigned to your account');
  });

  it('answers one branch by id; another branch’s is 404 to a branch’s own staff', async () => {
    const north = await branchWithStaff(['WALLET_VIEW'], { funds: 900 });
    const south = await branchWithStaff([], { funds: 100 });

    expect((await call('GET', `/balance/${south.branchId}`, users.admin)).body.data).toMatchObject({ balance: 100 });
    expect((await call('GET', `/balance/${north.branchId}`, north.user)).body.data).toMatchObject({ balance: 900 });
    const other = await call('GET', `/balance/${south.branchId}`, north.user);
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.body)).not.toContain(south.branchId);
    expect((await call('GET', '/balance/no-such-branch', users.admin)).status).toBe(404);
  });
});

describe('POST /wallet/add-balance', () => {
  it('credits a branch and answers the ledger entry and the new balance', async () => {
    const { branchId } = await branchWithStaff([], { funds: 10_000 });
    const response = await call('POST', '/add-balance', users.admin, {
      body: { branchId, amount: 123_456, note: 'Cheque deposit', reference: 'CHQ-77' },
    });

    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      success: true,
      message: expect.stringContaining('₹1,234.56 added'),
      data: {
        transaction: { kind: 'credit', amount: 123_456, balanceAfter: 133_456, note: 'Cheque deposit', referenceId: 'CHQ-77' },
        balance: { branchId, balance: 133_456 },
      },
    });
    expect(response.body.message).toContain('Balance: ₹1,334.56');
  });

  it('refuses amounts that are not a positive whole number of paise up to 10^10', async () => {
    const { branchId } = await branchWithStaff([]);
    for (const amount of [0, -5, 10.5, '100', null, MAX_AMOUNT_PAISE + 1]) {
      const response = await call('POST', '/add-balance', users.admin, { body: { branchId, amount } });
      expect(response.status, `amount ${amount}`).toBe(400);
      expect(response.body.errors.amount).toBeDefined();
    }
    expect((await call('POST', '/add-balance', users.admin, { body: { branchId, amount: MAX_AMOUNT_PAISE } })).status).toBe(201);
    expect(await storedBalance(accounts.db, branchId)).toBe(MAX_AMOUNT_PAISE);
  });

  it('needs a branch from the institute’s staff, and one that exists', async () => {
    const missing = await call('POST', '/add-balance', users.admin, { body: { amount: 100 } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ branchId: ['Choose a branch'] });
    expect((await call('POST', '/add-balance', users.admin, { body: { branchId: 'nowhere', amount: 100 } })).status).toBe(404);
  });

  it('lets a branch’s own staff credit their own branch only', async () => {
    const north = await branchWithStaff(['WALLET_ADD_BALANCE']);
    const south = await branchWithStaff([]);

    const own = await call('POST', '/add-balance', north.user, { body: { amount: 5000 } });
    expect(own.status).toBe(201);
    expect(own.body.data.balance).toMatchObject({ branchId: north.branchId, balance: 5000 });

    const other = await call('POST', '/add-balance', north.user, { body: { branchId: south.branchId, amount: 5000 } });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('You can only use your own branch’s wallet');
    expect(await storedBalance(accounts.db, south.branchId)).toBeNull();
  });

  it('credits once for a retry with the same Idempotency-Key', async () => {
    const { branchId } = await branchWithStaff([]);
    const send = () =>
      call('POST', '/add-balance', users.admin, { body: { branchId, amount: 700 }, headers: { 'Idempotency-Key': `top-up-${branchId}` } });
    const first = await send();
    const retry = await send();
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await storedBalance(accounts.db, branchId)).toBe(700);
  });

  it('is refused without WALLET_ADD_BALANCE', async () => {
    const viewer = await branchWithStaff(['WALLET_VIEW']);
    expect((await call('POST', '/add-balance', viewer.user, { body: { amount: 100 } })).status).toBe(403);
  });
});

describe('POST /wallet/operation-pricing/deduct', () => {
  const deduct = (user: string, body: Record<string, unknown>) =>
    call('POST', '/operation-pricing/deduct', user, { body: { operationKey: 'ADD_STUDENT', operationName: 'Add Student', ...body } });

  it('charges the caller’s branch and answers data.operationPrice.price and data.balance.balance', async () => {
    const staff = await branchWithStaff(['STUDENT_ADD'], { funds: 12_000 });
    const response = await deduct(staff.user, { referenceId: 'student-1' });

    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      success: true,
      message: '₹50.00 deducted for Add Student. Balance: ₹70.00',
      data: {
        outcome: 'charged',
        charged: true,
        alreadyCharged: false,
        operationPrice: { operationKey: 'ADD_STUDENT', price: 5000, enabled: true },
        balance: { branchId: staff.branchId, balance: 7000 },
        charge: { kind: 'charge', amount: -5000, referenceId: 'student-1', branchId: staff.branchId },
      },
    });
  });

  it('charges a referenceId once: the same request again returns the first charge', async () => {
    const staff = await branchWithStaff(['STUDENT_ADD'], { funds: 12_000 });
    const first = await deduct(staff.user, { referenceId: 'student-1' });
    const again = await deduct(staff.user, { referenceId: 'student-1' });

    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({
      outcome: 'already-charged',
      charged: false,
      alreadyCharged: true,
      operationPrice: { price: 5000 },
      balance: { balance: 7000 },
    });
    expect(again.body.data.charge).toEqual(first.body.data.charge);
    expect(await storedBalance(accounts.db, staff.branchId)).toBe(7000);
  });

  it('answers 402 with a clear message when the balance is too low, and changes nothing', async () => {
    const staff = await branchWithStaff(['STUDENT_ADD'], { funds: 4999 });
    const before = await accounts.db.select().from(events);

    const response = await deduct(staff.user, { referenceId: 'student-1' });

    expect(response.status).toBe(402);
    expect(response.body).toMatchObject({
      success: false,
      message: 'Insufficient wallet balance: ₹50.00 needed, ₹49.99 available',
      data: { branchId: staff.branchId, required: 5000, balance: 4999 },
    });
    expect(await accounts.db.select().from(events)).toHaveLength(before.length);
    expect(await storedBalance(accounts.db, staff.branchId)).toBe(4999);
  });

  it('charges nothing for a branch that does not use the wallet', async () => {
    const staff = await branchWithStaff(['STUDENT_ADD'], { funds: 10_000, walletEnabled: false });
    const response = await deduct(staff.user, { referenceId: 'student-1' });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      outcome: 'wallet-disabled',
      charged: false,
      charge: null,
      operationPrice: { price: 0 },
      balance: { balance: 10_000 },
    });
  });

  it('charges nothing for an operation without an enabled price', async () => {
    const staff = await branchWithStaff(['STUDENT_ADD'], { funds: 10_000 });
    const unpriced = await deduct(staff.user, { operationKey: 'PRINT_ID_CARD', operationName: 'Print ID card', referenceId: 'x' });
    expect(unpriced.body.data).toMatchObject({ outcome: 'price-missing', charged: false, operationPrice: { price: 0, enabled: false } });

    await priceOperation(accounts.db, { operationKey: 'ISSUE_MARKSHEET', operationName: 'Issue marksheet', price: 300, enabled: false });
    const disabled = await deduct(staff.user, { operationKey: 'ISSUE_MARKSHEET', referenceId: 'x' });
    expect(disabled.status).toBe(200);
    expect(disabled.body.data).toMatchObject({ outcome: 'price-disabled', charged: false, operationPrice: { price: 0, enabled: false } });
    expect(await storedBalance(accounts.db, staff.branchId)).toBe(10_000);
  });

  it('charges a branch’s own staff only to their own branch', async () => {
    const north = await branchWithStaff(['STUDENT_ADD'], { funds: 10_000 });
    const south = await branchWithStaff([], { funds: 10_000 });

    const other = await deduct(north.user, { branchId: south.branchId, referenceId: 'student-1' });
    expect(other.status).toBe(403);
    expect(await storedBalance(accounts.db, south.branchId)).toBe(10_000);

    const own = await deduct(north.user, { branchId: north.branchId, referenceId: 'student-1' });
    expect(own.status).toBe(201);
  });

  it('needs the branch in the body from the institute’s staff', async () => {
    const { branchId } = await branchWithStaff([], { funds: 10_000 });
    expect((await deduct(users.admin, { referenceId: 'r' })).status).toBe(400);
    const response = await deduct(users.admin, { branchId, referenceId: 'r' });
    expect(response.status).toBe(201);
    expect(response.body.data.balance.balance).toBe(5000);
  });

  it('validates the request and refuses callers who may not spend', async () => {
    const staff = await branchWithStaff(['STUDENT_ADD'], { funds: 10_000 });
    expect((await deduct(staff.user, { referenceId: '' })).status).toBe(400);
    expect((await deduct(staff.user, { referenceId: 'r', operationKey: 'not a key!' })).status).toBe(400);
    const viewer = await branchWithStaff(['WALLET_VIEW'], { funds: 10_000 });
    expect((await deduct(viewer.user, { referenceId: 'r' })).status).toBe(403);
  });
});

describe('POST /wallet/refund', () => {
  async function chargedBranch() {
    const staff = await branchWithStaff(['STUDENT_ADD'], { funds: 10_000 });
    const charged = await call('POST', '/operation-pricing/deduct', staff.user, {
      body: { operationKey: 'ADD_STUDENT', referenceId: 'student-1' },
    });
    return { ...staff, chargeId: charged.body.data.charge._id as string };
  }

  it('gives a charge back once, with its reason', async () => {
    const { branchId, chargeId } = await chargedBranch();

    const response = await call('POST', '/refund', users.admin, { body: { chargeId, reason: 'Admission cancelled' } });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({
      refund: { kind: 'refund', amount: 5000, refundOf: chargeId, note: 'Admission cancelled', balanceAfter: 10_000 },
      charge: { _id: chargeId, refundedBy: response.body.data.refund._id },
      balance: { branchId, balance: 10_000 },
    });

    const again = await call('POST', '/refund', users.admin, { body: { chargeId, reason: 'Again' } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This charge was already refunded');
    expect(await storedBalance(accounts.db, branchId)).toBe(10_000);
  });

  it('needs a reason and a charge that exists', async () => {
    const { chargeId } = await chargedBranch();
    expect((await call('POST', '/refund', users.admin, { body: { chargeId, reason: ' ' } })).status).toBe(400);
    expect((await call('POST', '/refund', users.admin, { body: { chargeId: 'nothing', reason: 'x' } })).status).toBe(404);
  });

  it('is for WALLET_MANAGE_ALL, and a branch’s own staff reach only their branch’s charges', async () => {
    const { chargeId, user } = await chargedBranch();
    expect((await call('POST', '/refund', user, { body: { chargeId, reason: 'Mine' } })).status).toBe(403);
    const otherManager = await branchWithStaff(['WALLET_MANAGE_ALL']);
    expect((await call('POST', '/refund', otherManager.user, { body: { chargeId, reason: 'Not mine' } })).status).toBe(404);
  });
});

describe('POST /wallet/adjust', () => {
  const adjust = (user: string, body: Record<string, unknown>) => call('POST', '/adjust', user, { body });

  it('corrects a balance either way with a reason, as a ledger entry and an event', async () => {
    const { branchId } = await branchWithStaff([], { funds: 10_000, name: 'Adjusted Campus' });
    const before = (await accounts.db.select().from(events)).length;

    const added = await adjust(users.admin, { branchId, amount: 2550, reason: 'Bank credit missed' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      message: '₹25.50 added to Adjusted Campus by adjustment. Balance: ₹125.50',
      data: {
        transaction: { kind: 'adjustment', amount: 2550, balanceAfter: 12_550, note: 'Bank credit missed' },
        balance: { balance: 12_550 },
      },
    });
    const taken = await adjust(users.admin, { branchId, amount: -12_550, reason: 'Duplicate top-up' });
    expect(taken.status).toBe(201);
    expect(taken.body.message).toBe('₹125.50 taken from Adjusted Campus by adjustment. Balance: ₹0.00');

    const written = (await accounts.db.select().from(events)).slice(before);
    expect(written.map((event) => event.type)).toEqual(['WalletAdjusted', 'WalletAdjusted']);
    expect(await storedBalance(accounts.db, branchId)).toBe(0);
    expect(await ledgerSum(accounts.db, branchId)).toBe(0);
  });

  it('never takes a balance below zero', async () => {
    const { branchId } = await branchWithStaff([], { funds: 1000 });
    const response = await adjust(users.admin, { branchId, amount: -1001, reason: 'Too much' });
    expect(response.status).toBe(402);
    expect(response.body.message).toBe('Insufficient wallet balance: ₹10.01 needed, ₹10.00 available');
    expect(await storedBalance(accounts.db, branchId)).toBe(1000);
  });

  it('needs a reason, a branch and a whole, non-zero number of paise', async () => {
    const { branchId } = await branchWithStaff([], { funds: 1000 });
    for (const body of [
      { branchId, amount: 100, reason: ' ' },
      { branchId, amount: 100 },
      { branchId, amount: 0, reason: 'Nothing' },
      { branchId, amount: 10.5, reason: 'Half a paisa' },
      { branchId, amount: -MAX_AMOUNT_PAISE - 1, reason: 'Too large' },
      { amount: 100, reason: 'Which branch?' },
    ]) {
      expect((await adjust(users.admin, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await adjust(users.admin, { branchId: 'no-such-branch', amount: 100, reason: 'x' })).status).toBe(404);
    expect(await storedBalance(accounts.db, branchId)).toBe(1000);
  });

  it('is for WALLET_MANAGE_ALL, and a branch’s own staff adjust only their own branch', async () => {
    const { branchId } = await branchWithStaff([], { funds: 1000 });
    const adder = await branchWithStaff(['WALLET_ADD_BALANCE', 'WALLET_MANAGE']);
    expect((await adjust(adder.user, { amount: 100, reason: 'Mine' })).status).toBe(403);
    const manager = await branchWithStaff(['WALLET_MANAGE_ALL']);
    expect((await adjust(manager.user, { branchId, amount: 100, reason: 'Not mine' })).status).toBe(403);
    expect((await adjust(manager.user, { amount: 100, reason: 'Mine' })).status).toBe(201);
    expect(await storedBalance(accounts.db, branchId)).toBe(1000);
  });
});

describe('GET /wallet/operation-pricing/quote', () => {
  const quote = (user: string, query: string) => call('GET', `/operation-pricing/quote?${query}`, user);

  it('tells what charging the named branch would take, for whoever may add a student there', async () => {
    const { branchId } = await branchWithStaff([], { funds: 12_000, name: 'Quoted Campus' });
    const hq = await addUser(accounts.db, { role: 'admin', permissions: ['STUDENT_ADD'] });
    const response = await quote(hq, `operationKey=ADD_STUDENT&branchId=${branchId}`);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      branchId,
      operationKey: 'ADD_STUDENT',
      operationName: 'Add Student',
      price: 5000,
      enabled: true,
      walletEnabled: true,
      balance: 12_000,
    });
  });

  it('says when the branch does not use the wallet or the operation has no price', async () => {
    const { branchId } = await branchWithStaff([], { walletEnabled: false });
    expect((await quote(users.admin, `operationKey=ADD_STUDENT&branchId=${branchId}`)).body.data).toMatchObject({
      walletEnabled: false,
      enabled: true,
    });
    expect((await quote(users.admin, `operationKey=PRINT_RECEIPT&branchId=${branchId}`)).body.data).toMatchObject({
      operationName: 'PRINT_RECEIPT',
      price: 0,
      enabled: false,
    });
    expect((await quote(users.admin, 'operationKey=ADD_STUDENT&branchId=no-such-branch')).status).toBe(404);
    expect((await quote(users.admin, 'operationKey=ADD_STUDENT')).status).toBe(400);
  });

  it('keeps a branch’s own staff to their branch, and viewers to what they may read', async () => {
    const north = await branchWithStaff(['STUDENT_ADD'], { funds: 700 });
    const south = await branchWithStaff([]);
    expect((await quote(north.user, 'operationKey=ADD_STUDENT')).body.data).toMatchObject({ branchId: north.branchId, balance: 700 });
    expect((await quote(north.user, `operationKey=ADD_STUDENT&branchId=${south.branchId}`)).status).toBe(404);
    expect((await quote(users.hqViewer, `operationKey=ADD_STUDENT&branchId=${south.branchId}`)).status).toBe(403);
    expect((await quote(users.noWallet, `operationKey=ADD_STUDENT&branchId=${south.branchId}`)).status).toBe(403);
  });
});

describe('operation pricing', () => {
  it('creates, lists, updates, toggles and deletes a price', async () => {
    const created = await call('POST', '/operation-pricing', users.pricing, {
      body: { operationKey: 'issue_certificate', operationName: 'Issue certificate', price: 2500, description: 'Per certificate' },
    });
    expect(created.status).toBe(201);
    const price = created.body.data;
    expect(price).toMatchObject({
      _id: expect.any(String),
      operationKey: 'ISSUE_CERTIFICATE',
      price: 2500,
      enabled: true,
      description: 'Per certificate',
    });

    const listed = await call('GET', '/operation-pricing', users.pricing);
    expect(listed.body.data).toEqual(expect.arrayContaining([price]));

    const updated = await call('PUT', `/operation-pricing/${price._id}`, users.pricing, {
      body: { price: 3000, operationName: 'Certificate' },
    });
    expect(updated.body.data).toMatchObject({ price: 3000, operationName: 'Certificate', enabled: true });

    const toggled = await call('PATCH', `/operation-pricing/${price._id}/toggle-status`, users.pricing);
    expect(toggled.body).toMatchObject({ message: 'Operation price disabled', data: { enabled: false } });
    const back = await call('PATCH', `/operation-pricing/${price._id}/toggle-status`, users.pricing);
    expect(back.body).toMatchObject({ message: 'Operation price enabled', data: { enabled: true } });

    const deleted = await call('DELETE', `/operation-pricing/${price._id}`, users.pricing);
    expect(deleted.status).toBe(200);
    const after = await call('GET', '/operation-pricing', users.pricing);
    expect(after.body.data.map((p: { _id: string }) => p._id)).not.toContain(price._id);
    expect((await call('DELETE', `/operation-pricing/${price._id}`, users.pricing)).status).toBe(404);
  });

  it('keeps one price per key and validates keys and prices', async () => {
    const duplicate = await call('POST', '/operation-pricing', users.pricing, {
      body: { operationKey: 'ADD_STUDENT', operationName: 'Again', price: 1 },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('A price for ADD_STUDENT already exists');
    for (const body of [
      { operationKey: 'has space', operationName: 'x', price: 1 },
      { operationKey: 'OK_KEY', operationName: '', price: 1 },
      { operationKey: 'OK_KEY', operationName: 'x', price: -1 },
      { operationKey: 'OK_KEY', operationName: 'x', price: 1.5 },
    ]) {
      expect((await call('POST', '/operation-pricing', users.pricing, { body })).status, JSON.stringify(body)).toBe(400);
    }
    const [addStudent] = (await call('GET', '/operation-pricing', users.pricing)).body.data.filter(
      (p: { operationKey: string }) => p.operationKey === 'ADD_STUDENT',
    );
    expect((await call('PUT', `/operation-pricing/${addStudent._id}`, users.pricing, { body: {} })).status).toBe(400);
    expect((await call('PUT', '/operation-pricing/missing', users.pricing, { body: { price: 1 } })).status).toBe(404);
  });

  it('lets whoever spends read the prices, and only pricing managers change them', async () => {
    const staff = await branchWithStaff(['STUDENT_ADD']);
    expect((await call('GET', '/operation-pricing', staff.user)).status).toBe(200);
    expect(
      (await call('POST', '/operation-pricing', staff.user, { body: { operationKey: 'X', operationName: 'X', price: 1 } })).status,
    ).toBe(403);
    const second = await branchWithStaff(['WALLET_OPERATION_PRICING']);
    expect((await call('GET', '/operation-pricing', second.user)).status).toBe(200);
  });
});

describe('GET /wallet/transactions', () => {
  /** One branch with a known history a minute apart: two top-ups, three charges, one refund. */
  async function history() {
    const staff = await branchWithStaff(['WALLET_TRANSACTIONS_VIEW', 'STUDENT_ADD']);
    const step = () => clock.advance(60_000);
    step();
    await topUp(staff.branchId, 20_000, { note: 'Opening balance', reference: 'NEFT-100' });
    const charges: string[] = [];
    for (const referenceId of ['stu-a', 'stu-b', 'stu-c']) {
      step();
      const response = await call('POST', '/operation-pricing/deduct', staff.user, { body: { operationKey: 'ADD_STUDENT', referenceId } });
      charges.push(response.body.data.charge._id);
    }
    step();
    await call('POST', '/refund', users.admin, { body: { chargeId: charges[1], reason: 'Left before class' } });
    step();
    await topUp(staff.branchId, 900, { note: 'Small top-up', reference: 'UPI-55' });
    return { ...staff, charges };
  }

  const list = (user: string, query: string) => call('GET', `/transactions?${query}`, user);

  it('pages the ledger newest first with the total, for one branch', async () => {
    const { branchId, user } = await history();
    const first = await list(user, 'limit=4');
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ total: 6, page: 1, limit: 4, totalPages: 2 });
    expect(first.body.data.transactions.map((t: { kind: string }) => t.kind)).toEqual(['credit', 'refund', 'charge', 'charge']);
    const second = await list(user, 'limit=4&page=2');
    expect(second.body.data.transactions.map((t: { kind: string }) => t.kind)).toEqual(['charge', 'credit']);
    expect(first.body.data.transactions[0]).toMatchObject({
      _id: expect.any(String),
      branchId,
      branchName: expect.any(String),
      amount: 900,
      note: 'Small top-up',
    });
  });

  it('filters by kind (or type), operation, dates and text, and sorts by date or size', async () => {
    const { branchId, charges } = await history();
    const scoped = (query: string) => list(users.admin, `branchId=${branchId}&${query}`);

    const onlyCharges = await scoped('kind=charge&sortBy=createdAt&order=asc');
    expect(onlyCharges.body.data.transactions.map((t: { _id: string }) => t._id)).toEqual(charges);
    expect(onlyCharges.body.data.transactions[1]).toMatchObject({ refundedBy: expect.any(String) });
    expect((await scoped('type=refund')).body.data.total).toBe(1);
    expect((await scoped('operationKey=add_student')).body.data.total).toBe(4);
    expect((await scoped('search=neft')).body.data.transactions).toEqual([expect.objectContaining({ referenceId: 'NEFT-100' })]);
    expect((await scoped('search=before class')).body.data.transactions).toEqual([expect.objectContaining({ kind: 'refund' })]);
    expect((await scoped('search=%25')).body.data.total).toBe(0);

    const bySize = await scoped('sortBy=amount&order=desc');
    expect(bySize.body.data.transactions.map((t: { amount: number }) => Math.abs(t.amount))).toEqual([20_000, 5000, 5000, 5000, 5000, 900]);
    expect(bySize.body.data.transactions.at(-1).amount).toBe(900);

    const today = new Date(clock.now().getTime() + 5.5 * 3600_000).toISOString().slice(0, 10);
    expect((await scoped(`from=${today}&to=${today}`)).body.data.total).toBe(6);
    expect((await scoped('to=2020-01-01')).body.data.total).toBe(0);
    expect((await scoped(`from=${clock.now().toISOString()}`)).body.data.total).toBe(1);
    expect((await scoped('from=yesterday')).status).toBe(400);
    expect((await scoped('kind=gift')).status).toBe(400);
  });

  it('keeps a branch’s own staff to their branch, whatever they filter on', async () => {
    const north = await history();
    const south = await branchWithStaff([], { funds: 3000 });
    const response = await list(north.user, `branchId=${south.branchId}`);
    expect(response.status).toBe(200);
    expect(response.body.data.total).toBe(0);
    const all = await list(north.user, 'limit=100');
    expect(all.body.data.transactions.every((t: { branchId: string }) => t.branchId === north.branchId)).toBe(true);
  });

  it('exports what the filters match, every entry, in the list’s order, as CSV or Excel, of the caller’s branch only', async () => {
    const { branchId, user, charges } = await history();
    const south = await branchWithStaff([], { funds: 3000 });
    // Another branch's entries are nobody's business here: asked for, they are not there.
    const other = await call('GET', `/transactions/export?branchId=${south.branchId}`, user);
    expect((other.body as string).trimEnd().split('\r\n')).toHaveLength(1);
    const csv = await call('GET', '/transactions/export?sortBy=createdAt&order=asc', user);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('Content-Type')).toContain('text/csv');
    const today = new Date(clock.now().getTime() + 5.5 * 3600_000).toISOString().slice(0, 10);
    expect(csv.headers.get('Content-Disposition')).toBe(`attachment; filename="wallet-transactions-${today}.csv"`);
    const lines = (csv.body as string).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Date (IST),Branch,Type,Operation,Amount (INR),Balance after (INR),Reference,Note,Transaction ID');
    // Their own branch's six entries, oldest first as asked.
    expect(lines.slice(1).map((line) => line.split(',')[2])).toEqual(['Top-up', 'Charge', 'Charge', 'Charge', 'Refund', 'Top-up']);
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,[^,]+,Top-up,,200\.00,200\.00,NEFT-100,Opening balance,\S+$/);
    expect(lines.slice(2, 5).map((line) => line.split(',').at(-1))).toEqual(charges);

    const charged = await call('GET', `/transactions/export?branchId=${branchId}&kind=charge&from=${today}&format=xlsx`, users.admin);
    expect(charged.headers.get('Content-Type')).toContain('spreadsheetml');
    expect(charged.headers.get('Content-Disposition')).toBe(`attachment; filename="wallet-transactions-${today}-to-${today}.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(charged.bytes).buffer);
    const sheet = workbook.getWorksheet('Wallet transactions')!;
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(2).getCell(5).value).toBe(-50);

    expect((await call('GET', '/transactions/export?format=pdf', user)).status).toBe(400);
  });

  it('shows every branch to the institute’s staff', async () => {
    const a = await branchWithStaff([], { funds: 100 });
    const b = await branchWithStaff([], { funds: 200 });
    const response = await list(users.superadmin, 'limit=100');
    const ids = response.body.data.transactions.map((t: { branchId: string }) => t.branchId);
    expect(ids).toEqual(expect.arrayContaining([a.branchId, b.branchId]));
  });
});

describe('GET /wallet/statistics', () => {
  it('totals per day and month, per operation and per branch, with this month’s spend and top-ups', async () => {
    clock.set('2026-03-10T06:00:00.000Z');
    const staff = await branchWithStaff(['WALLET_DASHBOARD_VIEW', 'STUDENT_ADD']);
    await topUp(staff.branchId, 30_000);
    clock.set('2026-04-02T06:00:00.000Z');
    await topUp(staff.branchId, 10_000);
    const charge = async (referenceId: string) =>
      (await call('POST', '/operation-pricing/deduct', staff.user, { body: { operationKey: 'ADD_STUDENT', referenceId } })).body.data.charge
        ._id;
    await charge('s1');
    clock.set('2026-04-03T20:00:00.000Z'); // 4 April in India
    const refunded = await charge('s2');
    await call('POST', '/refund', users.admin, { body: { chargeId: refunded, reason: 'Cancelled' } });
    await charge('s3');

    const byMonth = await call('GET', '/statistics?period=month', staff.user);
    expect(byMonth.status).toBe(200);
    const data = byMonth.body.data;
    expect(data).toMatchObject({ branchId: staff.branchId, period: 'month', balance: 30_000 });
    expect(data.byPeriod).toHaveLength(12);
    expect(data.byPeriod.at(-1)).toMatchObject({ period: '2026-04', credits: 10_000, charges: 15_000, refunds: 5000, net: 0, count: 5 });
    expect(data.byPeriod.at(-2)).toMatchObject({ period: '2026-03', credits: 30_000, net: 30_000, count: 1 });
    expect(data.thisMonth).toMatchObject({ spend: 10_000, charges: 15_000, refunds: 5000, topUps: 10_000, count: 5 });
    expect(data.byOperation).toEqual([
      { operationKey: 'ADD_STUDENT', operationName: 'Add Student', count: 3, charged: 15_000, refunded: 5000, spend: 10_000 },
    ]);
    expect(data.byBranch).toEqual([
      expect.objectContaining({ branchId: staff.branchId, balance: 30_000, credits: 40_000, charges: 15_000 }),
    ]);
    expect(data.totals).toMatchObject({ credits: 40_000, charges: 15_000, refunds: 5000, net: 30_000, count: 6 });

    const byDay = await call('GET', '/statistics?period=day', staff.user);
    expect(byDay.body.data.byPeriod).toHaveLength(30);
    expect(byDay.body.data.byPeriod.at(-1)).toMatchObject({ period: '2026-04-04', charges: 10_000, refunds: 5000 });
    expect(byDay.body.data.byPeriod.at(-2)).toMatchObject({ period: '2026-04-03', count: 0 });
    expect(byDay.body.data.byPeriod.at(-3)).toMatchObject({ period: '2026-04-02', credits: 10_000, charges: 5000 });

    const ranged = await call('GET', '/statistics?period=day&from=2026-03-10&to=2026-03-12', staff.user);
    expect(ranged.body.data.byPeriod.map((p: { period: string }) => p.period)).toEqual(['2026-03-10', '2026-03-11', '2026-03-12']);
    expect(ranged.body.data.totals.credits).toBe(30_000);
    const tooLong = await call('GET', '/statistics?period=day&from=2000-01-01&to=2026-01-01', staff.user);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe('Choose a range of at most 1200 days');
    clock.set('2026-01-15T09:00:00.000Z');
  });

  it('keeps a branch’s own staff to their branch, and covers every branch for the institute’s staff', async () => {
    const north = await branchWithStaff(['WALLET_DASHBOARD'], { funds: 100 });
    const south = await branchWithStaff([], { funds: 200 });
    const own = await call('GET', '/statistics', north.user);
    expect(own.body.data.byBranch.map((b: { branchId: string }) => b.branchId)).toEqual([north.branchId]);
    expect((await call('GET', `/statistics?branchId=${south.branchId}`, north.user)).status).toBe(404);

    const all = await call('GET', '/statistics', users.admin);
    expect(all.body.data.branchId).toBeNull();
    expect(all.body.data.byBranch.map((b: { branchId: string }) => b.branchId)).toEqual(
      expect.arrayContaining([north.branchId, south.branchId]),
    );
    const one = await call('GET', `/statistics?branchId=${south.branchId}`, users.admin);
    expect(one.body.data).toMatchObject({ branchId: south.branchId, balance: 200 });
  });
});

describe('the ledger behind the endpoints', () => {
  it('leaves every branch’s balance equal to the sum of its ledger', async () => {
    const rows = (await call('GET', '/balance', users.admin)).body.data as { branchId: string; balance: number }[];
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) expect(row.balance, row.branchId).toBe(await ledgerSum(accounts.db, row.branchId));
  });

  it('documents every wallet endpoint in the OpenAPI document', async () => {
    const document = (await accounts.call('GET', '/openapi.json')).body;
    for (const path of [
      '/api/v1/wallet/balance',
      '/api/v1/wallet/balance/{id}',
      '/api/v1/wallet/operation-pricing/deduct',
      '/api/v1/wallet/operation-pricing/quote',
      '/api/v1/wallet/refund',
      '/api/v1/wallet/adjust',
    ]) {
      expect(Object.keys(document.paths)).toContain(path);
    }
  });
});
