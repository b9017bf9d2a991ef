import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceMessages } from '../../common/contracts/invoices';
import { addUser, asSystem, createAccountsApi, syncCatalogue, tokenFor, type AccountsApi } from '../../tests/api/accounts';
import { priceOperation } from '../../tests/api/wallet-fixtures';
import { testClock } from '../../tests/support/test-database';
import { invoiceCounters, invoices, records, taxRates } from '../db/schema';
import { createCourseCategory } from '../domain/course-categories/commands';
import { ensureDefaultFormConfigs } from '../domain/form-configs';
import { allPermissionNames } from '../domain/permissions/catalogue';
import { seriesKey } from '../domain/invoices/numbering';
import { createRecord } from '../domain/records';
import { creditWallet } from '../domain/wallet/credit-wallet';

// 14:30 on 20 April 2026 in India: financial year 2026-27.
const clock = testClock('2026-04-20T09:00:00.000Z');
let accounts: AccountsApi;
const fx = {} as {
  nagpur: string;
  poor: string;
  category: string;
  dca: string;
  free: string;
  zero: string;
  tokens: { admin: string; admitter: string; studentViewer: string };
};

async function addBranch(name: string, code: string) {
  const { id } = await asSystem(accounts.db, (ctx) =>
    createRecord(ctx, {
      formType: 'branch',
      branchId: null,
      fields: { addBranch: name, branchCode: code, isActive: true, walletEnabled: true },
    }),
  );
  return id;
}

const call = (method: string, path: string, body?: unknown, token = fx.tokens.admin) => accounts.call(method, path, { token, body });

async function addCourse(courseName: string, fees?: number) {
  const response = await call('POST', '/courses', {
    courseName,
    category: fx.category,
    isActive: true,
    ...(fees !== undefined && { fees }),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data._id as string;
}

beforeAll(async () => {
  accounts = await createAccountsApi(clock);
  const { db, auth } = accounts;
  await syncCatalogue(db);
  await asSystem(db, ensureDefaultFormConfigs);
  fx.nagpur = await addBranch('Nagpur', 'NC');
  fx.poor = await addBranch('Poor Campus', 'PR');
  await priceOperation(db, { price: 5000 });
  await asSystem(db, (ctx) => creditWallet(ctx, { branchId: fx.nagpur, amount: 1_000_000 }));
  fx.category = await asSystem(db, (ctx) => createCourseCategory(ctx, 'Computer Applications'));
  const token = async (account: Parameters<typeof addUser>[1]) => tokenFor(db, auth, await addUser(db, account), clock.now());
  fx.tokens = {
    admin: await token({ role: 'admin', permissions: allPermissionNames }),
    // Admits into their own branch and may bill no one: the institute's setting decides.
    admitter: await token({ role: 'branch_admin', branchId: fx.nagpur, permissions: ['STUDENT_ADD', 'COURSE_LIST'] }),
    studentViewer: await token({ role: 'admin', permissions: ['STUDENT_VIEW_ALL'] }),
  };
  fx.dca = await addCourse('Diploma in Computer Applications', 18000.5);
  fx.free = await addCourse('Free Workshop');
  fx.zero = await addCourse('Open Day', 0);
});
afterAll(() => accounts?.cleanup());

const profile = {
  registered: true,
  gstin: '27AAAPL1234C1ZV',
  legalName: 'Institute Pvt Ltd',
  state: 'Maharashtra',
  stateCode: '27',
  defaultDueDays: 10,
  courseFeeSac: '999293',
  courseFeeTaxRate: 1800,
};

async function saveSettings(change: Record<string, unknown>) {
  const response = await call('PUT', '/invoices/settings', { ...profile, ...change });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

let serial = 0;
async function admit(course: string, { centerName = fx.nagpur, token = fx.tokens.admitter } = {}) {
  serial++;
  return call(
    'POST',
    '/students',
    {
      centerName,
      studentName: `Student ${serial}`,
      selectedCourse: course,
      studentEmail: `s${serial}@example.com`,
      phoneNumber: '9810000001',
    },
    token,
  );
}

async function admitted(course: string, options?: Parameters<typeof admit>[1]) {
  const response = await admit(course, options);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data._id as string;
}

const fees = async (studentId: string) => (await call('GET', `/students/${studentId}/fees`)).body.data;

async function countOf(table: typeof invoices | typeof records | typeof invoiceCounters) {
  const [row] = await accounts.db.select({ n: count() }).from(table);
  return row!.n;
}

describe('fees at admission', () => {
  it('bills nothing while the setting is off', async () => {
    const student = await admitted(fx.dca);
    expect(await fees(student)).toMatchObject({ billed: 0, invoices: [], payments: [] });
    expect(await countOf(invoices)).toBe(0);
  });

  it('issues the course fee with its tax when the setting is on, numbered in the branch series, by an admitter who may not bill', async () => {
    await saveSettings({ invoiceFeesAtAdmission: true });
    const student = await admitted(fx.dca);
    const summary = await fees(student);
    // 18000.50 rupees typed in the course form; 9% CGST and 9% SGST within Maharashtra.
    expect(summary).toMatchObject({ billed: 2_124_060, paid: 0, due: 2_124_060, nextDueDate: '2026-04-30', overdue: 0 });
    expect(summary.invoices).toHaveLength(1);
    const [row] = summary.invoices;
    expect(row).toMatchObject({ number: 'NC/2026-27/00001', status: 'issued', date: '2026-04-20', dueDate: '2026-04-30' });

    const invoice = (await call('GET', `/invoices/${row._id}`)).body.data;
    expect(invoice).toMatchObject({
      kind: 'student',
      branchId: fx.nagpur,
      title: 'Tax Invoice',
      supply: 'intra',
      party: { _id: student },
      totals: { amount: 1_800_050, taxable: 1_800_050, cgst: 162_005, sgst: 162_005, igst: 0, total: 2_124_060 },
    });
    expect(invoice.lines).toEqual([
      expect.objectContaining({
        kind: 'courseFee',
        description: 'Diploma in Computer Applications',
        sac: '999293',
        quantity: 1,
        rate: 1_800_050,
        discount: 0,
        taxRate: 1800,
      }),
    ]);
    expect(invoice.timeline.map((event: { type: string }) => event.type)).toEqual(['InvoiceDrafted', 'InvoiceIssued']);

    const next = await fees(await admitted(fx.dca));
    expect(next.invoices[0].number).toBe('NC/2026-27/00002');
    // Their fees are for those who read invoices, not for everyone who reads students.
    expect((await call('GET', `/students/${student}/fees`, undefined, fx.tokens.studentViewer)).status).toBe(403);
  });

  it('bills nothing for a course without fees or with fees of zero', async () => {
    const before = await countOf(invoices);
    for (const course of [fx.free, fx.zero]) expect((await fees(await admitted(course))).invoices).toEqual([]);
    expect(await countOf(invoices)).toBe(before);
  });

  it('charges no tax when the configured rate is not in force on the day', async () => {
    // 12% ended on 21 September 2025.
    await saveSettings({ invoiceFeesAtAdmission: true, courseFeeTaxRate: 1200 });
    const [row] = (await fees(await admitted(fx.dca))).invoices;
    expect(row.total).toBe(1_800_050);
    await saveSettings({ invoiceFeesAtAdmission: true });
  });

  it('commits the invoice with the admission: one the wallet refuses leaves no invoice and takes no number', async () => {
    const students = await countOf(records);
    const billed = await countOf(invoices);
    const refused = await admit(fx.dca, { centerName: fx.poor, token: fx.tokens.admin });
    expect(refused.status).toBe(402);
    expect(await countOf(records)).toBe(students);
    expect(await countOf(invoices)).toBe(billed);
    const [series] = await accounts.db
      .select()
      .from(invoiceCounters)
      .where(eq(invoiceCounters.series, seriesKey('invoice', 'PR', '2026-27')));
    expect(series?.last ?? 0).toBe(0);

    await asSystem(accounts.db, (ctx) => creditWallet(ctx, { branchId: fx.poor, amount: 10_000 }));
    const student = await admitted(fx.dca, { centerName: fx.poor, token: fx.tokens.admin });
    expect((await fees(student)).invoices[0].number).toBe('PR/2026-27/00001');
  });

  it('refuses the admission when its invoice is refused, and admits no one', async () => {
    const students = await countOf(records);
    const billed = await countOf(invoices);
    // No rate at all in force, not even 0%: the invoice's own rules refuse its line.
    await accounts.db.delete(taxRates);
    const refused = await admit(fx.dca);
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.message).toBe(invoiceMessages.taxRateNotListed);
    expect(await countOf(records)).toBe(students);
    expect(await countOf(invoices)).toBe(billed);
  });

  it('admits as before once the setting is off again', async () => {
    await saveSettings({ invoiceFeesAtAdmission: false });
    const billed = await countOf(invoices);
    expect((await fees(await admitted(fx.dca))).invoices).toEqual([]);
    expect(await countOf(invoices)).toBe(billed);
  });
});
