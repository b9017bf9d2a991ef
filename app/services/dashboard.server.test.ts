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
      permissions: ['STUDENT_VIEW_ALL', 'WALLET_TRANSACTIONS_VIEW', 'EXAM_VIEW_ALL'],
    });
    expect(links(screen)).toEqual({
      'students.new': '/admin/new-students?branchId=b1',
      // No one list holds every admission: the figure links nowhere rather than to a smaller count.
      admissions: null,
      'wallet.spend': '/admin/wallet/transactions?branchId=b1&kind=charge&from=2026-04-01&to=2026-04-10',
      'exams.upcoming': '/admin/exam/list',
    });
    expect(screen.activity.map((entry) => entry.href)).toEqual(['/admin/students/registered?view=s1', null, '/admin/exam/list?view=e1']);
  });

  it('leaves the branch to the lists for a branch’s own staff, and links only to what the user may open', () => {
    const screen = dashboardScreen(view({ branchId: 'b1', everyBranch: false }), {
      role: 'branch_admin',
      permissions: ['STUDENT_VIEW_NEW', 'WALLET_ADD_BALANCE'],
    });
    expect(links(screen)).toEqual({
      'students.new': '/admin/new-students',
      admissions: null,
      'wallet.spend': null,
      'exams.upcoming': null,
    });
    expect(screen.activity.map((entry) => entry.href)).toEqual(['/admin/new-students?view=s1', null, null]);
    expect(screen.shortcuts).toEqual([{ label: 'Add balance', href: '/admin/wallet/add-balance', icon: 'PlusCircle' }]);
  });
});
