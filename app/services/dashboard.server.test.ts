import { describe, expect, it } from 'vitest';
import type { DashboardView } from '../../common/contracts/dashboard';
import { dashboardScreen } from './dashboard.server';

const view = (overrides: Partial<DashboardView> = {}): DashboardView => ({
  branchId: null,
  everyBranch: true,
  month: '2026-04',
  today: '2026-04-10',
  areas: ['student', 'wallet', 'exam'],
  branches: [{ branchId: 'b1', name: 'North Campus' }],
  figures: [
    { key: 'students.new', area: 'student', value: 3, previous: null },
    { key: 'admissions', area: 'student', value: 5, previous: 4 },
    { key: 'wallet.spend', area: 'wallet', value: 500, previous: 0 },
    { key: 'exams.upcoming', area: 'exam', value: 1, previous: null },
    { key: 'invoices.overdue', area: 'invoice', value: 2, previous: null },
    { key: 'payments.received', area: 'payment', value: 9_000, previous: 0 },
  ],
  series: [],
  byBranch: [],
  activity: [
    {
      position: 3,
      area: 'student',
      action: 'updated',
      title: 'Asha',
      recordId: 's1',
      branchId: 'b1',
      amount: null,
      actorName: null,
      occurredAt: '2026-04-10T09:00:00.000Z',
    },
    {
      position: 2,
      area: 'student',
      action: 'deleted',
      title: 'Ravi',
      recordId: null,
      branchId: 'b1',
      amount: null,
      actorName: null,
      occurredAt: '2026-04-10T09:00:00.000Z',
    },
    {
      position: 1,
      area: 'exam',
      action: 'created',
      title: 'Finals',
      recordId: 'e1',
      branchId: null,
      amount: null,
      actorName: null,
      occurredAt: '2026-04-10T09:00:00.000Z',
    },
  ],
  ...overrides,
});

const links = (screen: ReturnType<typeof dashboardScreen>) => Object.fromEntries(screen.figures.map((f) => [f.key, f.href]));

describe('the dashboard as the screen shows it', () => {
  it('links each figure to its list, narrowed to the branch an institute admin picked and to this month', () => {
    const screen = dashboardScreen(view({ branchId: 'b1' }), {
      role: 'admin',
      permissions: ['STUDENT_VIEW_ALL', 'WALLET_TRANSACTIONS_VIEW', 'EXAM_VIEW_ALL', 'INVOICE_VIEW_ALL', 'PAYMENT_RECORDS_VIEW'],
    });
    expect(links(screen)).toEqual({
      'students.new': '/admin/new-students?branchId=b1',
      admissions: '/admin/students/admissions?branchId=b1&admissionFrom=2026-04-01&admissionTo=2026-04-30',
      'wallet.spend': '/admin/wallet/transactions?branchId=b1&kind=charge&from=2026-04-01&to=2026-04-10',
      // The exam list cannot narrow to one branch's exams and the institute's: no link rather than another count.
      'exams.upcoming': null,
      // A branch's overdue figure is its students' invoices: what the institute billed the branch is left out.
      'invoices.overdue': '/admin/invoices?status=overdue&kind=student&branchId=b1',
      'payments.received': '/admin/payments?branchId=b1&from=2026-04-01&to=2026-04-10',
    });
    expect(screen.activity.map((entry) => entry.href)).toEqual(['/admin/students/registered?view=s1', null, '/admin/exam/list?view=e1']);
  });

  it('links every branch’s figures to the whole lists, upcoming exams to the exams still to be held', () => {
    const screen = dashboardScreen(view({ month: '2028-02', today: '2028-02-29' }), {
      role: 'admin',
      permissions: ['STUDENT_VIEW_ALL', 'EXAM_VIEW_ALL', 'INVOICE_VIEW_ALL'],
    });
    expect(links(screen)).toEqual({
      'students.new': '/admin/new-students',
      admissions: '/admin/students/admissions?admissionFrom=2028-02-01&admissionTo=2028-02-29',
      'wallet.spend': null,
      'exams.upcoming': '/admin/exam/list?upcoming=true',
      'invoices.overdue': '/admin/invoices?status=overdue',
      // The payments list is for those who keep payment records.
      'payments.received': null,
    });
  });

  it('leaves the branch to the lists for a branch’s own staff, and links only to what the user may open', () => {
    const screen = dashboardScreen(view({ branchId: 'b1', everyBranch: false }), {
      role: 'branch_admin',
      permissions: ['STUDENT_VIEW_NEW', 'WALLET_ADD_BALANCE', 'INVOICE_VIEW_BRANCH', 'INVOICE_PAYMENT_RECORDS'],
    });
    expect(links(screen)).toEqual({
      'students.new': '/admin/new-students',
      admissions: null,
      'wallet.spend': null,
      'exams.upcoming': null,
      'invoices.overdue': '/admin/invoices?status=overdue&kind=student',
      'payments.received': '/admin/payments?from=2026-04-01&to=2026-04-10',
    });
    expect(screen.activity.map((entry) => entry.href)).toEqual(['/admin/new-students?view=s1', null, null]);
    expect(screen.shortcuts).toEqual([{ label: 'Add balance', href: '/admin/wallet/add-balance', icon: 'PlusCircle' }]);
  });
});
