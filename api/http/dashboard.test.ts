import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardMessages, type DashboardView } from '../../common/contracts/dashboard';
import { addUser, asSystem, createAccountsApi, syncCatalogue, tokenFor, type AccountsApi } from '../../tests/api/accounts';
import { addWalletBranch, priceOperation } from '../../tests/api/wallet-fixtures';
import { testClock } from '../../tests/support/test-database';
import { projectionSnapshot } from '../db/projection-snapshot';
import { rebuildProjections } from '../db/rebuild';
import { createCourseCategory } from '../domain/course-categories/commands';
import { ensureDefaultFormConfigs } from '../domain/form-configs';
import { allPermissionNames } from '../domain/permissions/catalogue';
import { createRecord } from '../domain/records';

const clock = testClock('2026-04-10T09:00:00.000Z');
let accounts: AccountsApi;

const fx = {} as {
  north: string;
  south: string;
  course: string;
  tokens: Record<
    'admin' | 'northAdmin' | 'southAdmin' | 'dashboardOnly' | 'studentsOnly' | 'walletBranch' | 'northExams' | 'noDashboard',
    string
  >;
};

const branchStaff = ['DASHBOARD_VIEW', 'STUDENT_ADD', 'STUDENT_VIEW_BRANCH', 'STUDENT_EDIT', 'STUDENT_DELETE', 'COURSE_LIST'];

beforeAll(async () => {
  accounts = await createAccountsApi(clock);
  const { db, auth } = accounts;
  await syncCatalogue(db);
  await asSystem(db, ensureDefaultFormConfigs);
  fx.north = await addWalletBranch(db, { name: 'North Campus' });
  fx.south = await addWalletBranch(db, { name: 'South Campus' });
  const token = async (account: Parameters<typeof addUser>[1]) => tokenFor(db, auth, await addUser(db, account), clock.now());
  fx.tokens = {
    admin: await token({ role: 'admin', name: 'Institute Admin', permissions: allPermissionNames }),
    northAdmin: await token({ role: 'branch_admin', name: 'North Admin', branchId: fx.north, permissions: branchStaff }),
    southAdmin: await token({ role: 'branch_admin', name: 'South Admin', branchId: fx.south, permissions: branchStaff }),
    dashboardOnly: await token({ role: 'admin', permissions: ['DASHBOARD_VIEW'] }),
    studentsOnly: await token({ role: 'admin', permissions: ['DASHBOARD_VIEW', 'STUDENT_VIEW_ALL'] }),
    walletBranch: await token({ role: 'branch_user', branchId: fx.north, permissions: ['DASHBOARD_VIEW', 'WALLET_VIEW_TRANSACTIONS'] }),
    northExams: await token({ role: 'branch_user', branchId: fx.north, permissions: ['DASHBOARD_VIEW', 'EXAM_VIEW_BRANCH'] }),
    noDashboard: await token({ role: 'admin', permissions: allPermissionNames.filter((name) => name !== 'DASHBOARD_VIEW') }),
  };
  const category = await asSystem(db, (ctx) => createCourseCategory(ctx, 'Computer Applications'));
  const course = await accounts.call('POST', '/dynamic-data', {
    token: fx.tokens.admin,
    body: {
      formType: 'course',
      fieldsData: [
        { name: 'courseName', value: 'Diploma in Computer Applications' },
        { name: 'category', value: category },
      ],
    },
  });
  expect(course.status, JSON.stringify(course.body)).toBe(201);
  fx.course = course.body.data._id;
});
afterAll(() => accounts?.cleanup());

const dashboard = async (token = fx.tokens.admin, query = '') => {
  const response = await accounts.call('GET', `/dashboard${query}`, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as DashboardView;
};
const figures = (view: DashboardView) =>
  Object.fromEntries(view.figures.map((f) => [f.key, f.previous === null ? f.value : [f.value, f.previous]]));

let serial = 0;
async function admit(token: string, values: Record<string, unknown> = {}) {
  serial++;
  clock.advance(1_000);
  const fields = {
    studentName: `Student ${serial}`,
    selectedCourse: fx.course,
    studentEmail: `s${serial}@example.com`,
    phoneNumber: '9810000001',
  };
  const response = await accounts.call('POST', '/dynamic-data', {
    token,
    body: { formType: 'student', fieldsData: Object.entries({ ...fields, ...values }).map(([name, value]) => ({ name, value })) },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { id: response.body.data._id as string, values: { ...fields, ...values } };
}

async function change(token: string, student: { id: string; values: Record<string, unknown> }, values: Record<string, unknown>) {
  clock.advance(1_000);
  student.values = { ...student.values, ...values };
  const response = await accounts.call('PUT', `/dynamic-data/${student.id}`, {
    token,
    body: { fieldsData: Object.entries(student.values).map(([name, value]) => ({ name, value })) },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

/** The total of a student list as the list screens ask for it. */
async function listTotal(token: string, query: string, formType = 'student') {
  const response = await accounts.call('GET', `/dynamic-data?formType=${formType}&limit=1&${query}`, { token });
  expect(response.status).toBe(200);
  return response.body.data.total as number;
}

describe('GET /dashboard', () => {
  it('counts students by status and admissions by month, moving the counts as students change, and matches the lists', async () => {
    const empty = await dashboard();
    expect(figures(empty)).toMatchObject({ 'students.new': 0, 'students.registered': 0, 'students.passout': 0, admissions: [0, 0] });

    const north = [
      await admit(fx.tokens.northAdmin, { admissionDate: '2026-04-02' }),
      await admit(fx.tokens.northAdmin, { admissionDate: '2026-04-05' }),
      await admit(fx.tokens.northAdmin, { admissionDate: '2026-03-20' }),
      await admit(fx.tokens.northAdmin),
    ];
    await admit(fx.tokens.southAdmin, { admissionDate: '2026-04-07' });
    await change(fx.tokens.northAdmin, north[0]!, { isRegistered: true });
    await change(fx.tokens.northAdmin, north[1]!, { isRegistered: true, completedCourse: true });
    // An admission moved to last month, then the student deleted: both leave the counts.
    await change(fx.tokens.northAdmin, north[3]!, { admissionDate: '2026-03-01' });
    clock.advance(1_000);
    expect((await accounts.call('DELETE', `/dynamic-data/${north[3]!.id}`, { token: fx.tokens.northAdmin })).status).toBe(200);

    const all = await dashboard();
    expect(all).toMatchObject({ branchId: null, everyBranch: true, month: '2026-04', today: '2026-04-10' });
    // The deleted student's lines stay, with nothing to open; a live student's lines link to it.
    const gone = all.activity.filter((entry) => entry.title === all.activity[0]!.title);
    expect(all.activity[0]).toMatchObject({ action: 'deleted', recordId: null });
    expect(gone.map((entry) => entry.recordId)).toEqual(gone.map(() => null));
    expect(all.activity.find((entry) => entry.action === 'updated' && entry.recordId === north[1]!.id)).toBeDefined();
    expect(figures(all)).toMatchObject({ 'students.new': 2, 'students.registered': 2, 'students.passout': 1, admissions: [3, 1] });
    expect(figures(all)['students.new']).toBe(await listTotal(fx.tokens.admin, 'registered=false&passout=false'));
    expect(figures(all)['students.registered']).toBe(await listTotal(fx.tokens.admin, 'registered=true'));
    expect(figures(all)['students.passout']).toBe(await listTotal(fx.tokens.admin, 'passout=true'));

    const admissions = all.series.find((s) => s.key === 'admissions')!;
    expect(admissions.points).toHaveLength(12);
    expect(admissions.points.at(0)).toEqual({ month: '2025-05', value: 0 });
    expect(admissions.points.slice(-2)).toEqual([
      { month: '2026-03', value: 1 },
      { month: '2026-04', value: 3 },
    ]);
    expect(
      all.byBranch.map((b) => [b.name, b.values['students.new'] ?? 0, b.values['students.registered'] ?? 0, b.values.admissions ?? 0]),
    ).toEqual([
      ['North Campus', 1, 2, 2],
      ['South Campus', 1, 0, 1],
    ]);

    const picked = await dashboard(fx.tokens.admin, `?branchId=${fx.north}`);
    expect(picked.branchId).toBe(fx.north);
    expect(picked.byBranch).toEqual([]);
    expect(figures(picked)).toMatchObject({ 'students.new': 1, 'students.registered': 2, 'students.passout': 1, admissions: [2, 1] });
    expect(figures(picked)['students.new']).toBe(await listTotal(fx.tokens.admin, `registered=false&passout=false&branchId=${fx.north}`));
    expect((await dashboard(fx.tokens.admin, '?months=3')).series.find((s) => s.key === 'admissions')!.points).toHaveLength(3);
  });

  it('shows a branch’s staff their own branch only, and refuses another branch', async () => {
    const own = await dashboard(fx.tokens.northAdmin);
    expect(own).toMatchObject({ branchId: fx.north, everyBranch: false, branches: [], byBranch: [], areas: ['student'] });
    expect(figures(own)['students.new']).toBe(await listTotal(fx.tokens.northAdmin, 'registered=false&passout=false'));
    expect(own.activity.length).toBeGreaterThan(0);
    expect(own.activity.every((entry) => entry.branchId === fx.north)).toBe(true);
    expect((await dashboard(fx.tokens.northAdmin, `?branchId=${fx.north}`)).branchId).toBe(fx.north);

    const other = await accounts.call('GET', `/dashboard?branchId=${fx.south}`, { token: fx.tokens.northAdmin });
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ success: false, message: dashboardMessages.otherBranch });
    expect((await accounts.call('GET', '/dashboard?branchId=nowhere', { token: fx.tokens.admin })).status).toBe(404);
  });

  it('counts the wallet’s balance, spend less refunds and top-ups per month from its events', async () => {
    const call = (path: string, body: unknown) => accounts.call('POST', path, { token: fx.tokens.admin, body });
    await priceOperation(accounts.db, { price: 5000 });
    clock.advance(1_000);
    expect(
      (await call('/wallet/add-balance', { branchId: fx.north, amount: 100_000, note: 'April top-up', reference: 'NEFT 1' })).status,
    ).toBe(201);
    const charges = [];
    for (const ref of ['a', 'b']) {
      clock.advance(1_000);
      const charged = await call('/wallet/operation-pricing/deduct', { branchId: fx.north, operationKey: 'ADD_STUDENT', referenceId: ref });
      expect(charged.status).toBe(201);
      charges.push(charged.body.data.charge._id as string);
    }
    clock.advance(1_000);
    expect((await call('/wallet/refund', { chargeId: charges[0], reason: 'Admission cancelled' })).status).toBe(201);

    const view = await dashboard();
    expect(figures(view)).toMatchObject({ 'wallet.balance': 95_000, 'wallet.spend': [5_000, 0] });
    expect(view.series.find((s) => s.key === 'wallet.topups')!.points.at(-1)).toEqual({ month: '2026-04', value: 100_000 });
    expect(view.series.find((s) => s.key === 'wallet.spend')!.points.at(-1)).toEqual({ month: '2026-04', value: 5_000 });
    expect(view.byBranch.find((b) => b.branchId === fx.north)!.values).toMatchObject({ 'wallet.balance': 95_000, 'wallet.spend': 5_000 });
    expect(view.activity[0]).toMatchObject({ area: 'wallet', action: 'refunded', amount: 5_000, actorName: 'Institute Admin' });

    const south = await dashboard(fx.tokens.admin, `?branchId=${fx.south}`);
    expect(figures(south)).toMatchObject({ 'wallet.balance': 0, 'wallet.spend': [0, 0] });
    const branchUser = await dashboard(fx.tokens.walletBranch);
    expect(branchUser.areas).toEqual(['wallet']);
    expect(figures(branchUser)).toEqual({ 'wallet.balance': 95_000, 'wallet.spend': [5_000, 0] });
  });

  it('counts exams whose subject dates are ahead, a branch’s own and the institute’s', async () => {
    const exam = (branchId: string | null, dates: string[]) =>
      asSystem(accounts.db, (ctx) =>
        createRecord(ctx, {
          formType: 'examResult',
          branchId,
          fields: {
            examId: `E${++serial}`,
            examName: `Exam ${serial}`,
            examSubjectsTable: dates.map((examDate) => ({ subjectName: 'Maths', examDate })),
          },
        }),
      );
    await exam(null, ['2026-04-01', '2026-04-10']);
    await exam(fx.north, ['2026-05-02']);
    await exam(fx.south, ['2026-06-01']);
    await exam(null, ['2026-03-01']);
    expect(figures(await dashboard())['exams.upcoming']).toBe(3);
    expect(figures(await dashboard(fx.tokens.admin, `?branchId=${fx.north}`))['exams.upcoming']).toBe(2);
    // The exam list the figure links to holds the same exams, for the institute and for a branch's own staff.
    expect(await listTotal(fx.tokens.admin, 'upcomingOn=2026-04-10', 'examResult')).toBe(3);
    expect(figures(await dashboard(fx.tokens.northExams))['exams.upcoming']).toBe(2);
    expect(await listTotal(fx.tokens.northExams, 'upcomingOn=2026-04-10', 'examResult')).toBe(2);
    expect(await listTotal(fx.tokens.admin, 'upcomingOn=2026-04-11', 'examResult')).toBe(2);
    expect(await listTotal(fx.tokens.admin, '', 'examResult')).toBe(4);
  });
});

describe('invoices and payments', () => {
  it('counts overdue invoices and what is due on them, and payments received per month, as the lists the figures open do', async () => {
    const post = async (path: string, body: unknown) => {
      clock.advance(1_000);
      const response = await accounts.call('POST', path, { token: fx.tokens.admin, body });
      expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
      return response.body.data as { _id: string; payments: { _id: string }[] };
    };
    const student = async (branchId: string) =>
      (
        await asSystem(accounts.db, (ctx) =>
          createRecord(ctx, { formType: 'student', branchId, fields: { studentName: `Billed ${++serial}` } }),
        )
      ).id;
    const bill = (partyId: string, date: string, dueDate: string, rate: number, kind = 'student') =>
      post('/invoices', {
        kind,
        partyId,
        date,
        dueDate,
        issue: true,
        lines: [{ kind: 'other', description: 'Fee', sac: '999293', quantity: 1, rate, taxRate: 0 }],
      });
    const pay = (id: string, amount: number, date: string) => post(`/invoices/${id}/payments`, { amount, mode: 'cash', date });

    const late = await bill(await student(fx.north), '2026-03-01', '2026-03-20', 100_000);
    await pay(late._id, 30_000, '2026-04-05');
    const notYetDue = await bill(await student(fx.north), '2026-03-10', '2026-04-30', 40_000);
    await pay(notYetDue._id, 10_000, '2026-03-15');
    const bounced = await bill(await student(fx.south), '2026-02-01', '2026-02-15', 50_000);
    const cheque = await pay(bounced._id, 50_000, '2026-04-02');
    await post(`/invoices/${bounced._id}/payments/${cheque.payments[0]!._id}/reverse`, { reason: 'Cheque bounced' });
    const withdrawn = await bill(await student(fx.north), '2026-02-01', '2026-02-10', 20_000);
    await post(`/invoices/${withdrawn._id}/cancel`, { reason: 'Billed twice' });
    const paidUp = await bill(await student(fx.north), '2026-02-01', '2026-02-10', 5_000);
    await pay(paidUp._id, 5_000, '2026-04-06');
    // The institute bills the North branch: owed to the institute, so not in the branch's own figure.
    await bill(fx.north, '2026-03-01', '2026-03-31', 70_000, 'branch');

    const all = figures(await dashboard());
    expect(all).toMatchObject({
      'invoices.overdue': 3,
      'invoices.overdueDue': 70_000 + 50_000 + 70_000,
      'payments.received': [35_000, 10_000],
    });
    const overdue = (await accounts.call('GET', '/invoices?status=overdue&limit=1', { token: fx.tokens.admin })).body.data;
    expect([overdue.total, overdue.sums.due]).toEqual([all['invoices.overdue'], all['invoices.overdueDue']]);
    const april = (await accounts.call('GET', '/payments?from=2026-04-01&to=2026-04-10&limit=1', { token: fx.tokens.admin })).body.data;
    expect(april.byMode.reduce((sum: number, mode: { amount: number }) => sum + mode.amount, 0)).toBe(35_000);

    const view = await dashboard(fx.tokens.admin, `?branchId=${fx.north}`);
    expect(figures(view)).toMatchObject({ 'invoices.overdue': 1, 'invoices.overdueDue': 70_000, 'payments.received': [35_000, 10_000] });
    const northOverdue = (
      await accounts.call('GET', `/invoices?status=overdue&kind=student&branchId=${fx.north}&limit=1`, { token: fx.tokens.admin })
    ).body.data;
    expect([northOverdue.total, northOverdue.sums.due]).toEqual([1, 70_000]);
    expect(view.series.find((s) => s.key === 'payments.received')!.points.slice(-2)).toEqual([
      { month: '2026-03', value: 10_000 },
      { month: '2026-04', value: 35_000 },
    ]);

    const compared = (await dashboard()).byBranch;
    expect(compared.find((b) => b.branchId === fx.north)!.values).toMatchObject({
      'invoices.overdueDue': 70_000,
      'payments.received': 35_000,
    });
    expect(compared.find((b) => b.branchId === fx.south)!.values).toMatchObject({ 'invoices.overdueDue': 50_000 });
    expect(compared.find((b) => b.branchId === fx.south)!.values['payments.received']).toBeUndefined();
  });
});

describe('who sees what', () => {
  it('shows each area only to whoever may open its lists, and refuses the dashboard without its permission', async () => {
    const bare = await dashboard(fx.tokens.dashboardOnly);
    expect(bare).toMatchObject({ areas: [], figures: [], series: [], activity: [] });
    const students = await dashboard(fx.tokens.studentsOnly);
    expect(students.areas).toEqual(['student']);
    expect(new Set(students.figures.map((f) => f.area))).toEqual(new Set(['student']));
    expect(students.activity.every((entry) => entry.area === 'student')).toBe(true);
    expect(students.byBranch.every((b) => Object.keys(b.values).every((key) => key.startsWith('students') || key === 'admissions'))).toBe(
      true,
    );
    expect((await accounts.call('GET', '/dashboard', { token: fx.tokens.noDashboard })).status).toBe(403);
    expect((await accounts.call('GET', '/dashboard')).status).toBe(401);
  });

  it.each([
    ['months=0', 'months'],
    ['months=25', 'months'],
  ])('refuses %s with that field’s error', async (query, field) => {
    const response = await accounts.call('GET', `/dashboard?${query}`, { token: fx.tokens.admin });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors)).toEqual([field]);
  });
});

describe('the read tables', () => {
  it('are what a rebuild makes of the log: students admitted, changed and deleted, money moved', async () => {
    const before = await projectionSnapshot(accounts.db);
    expect(before.dashboard_counts?.length).toBeGreaterThan(0);
    expect(before.dashboard_activity?.length).toBeGreaterThan(0);
    await rebuildProjections(accounts.db);
    expect(await projectionSnapshot(accounts.db)).toEqual(before);
  });
});
