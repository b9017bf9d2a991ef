import { dashboardContract, type DashboardActivity, type DashboardView } from '../../common/contracts/dashboard';
import { withParams, type QueryChanges } from '~/lib/list-query';
import { pageActionsFor } from '~/lib/palette-actions';
import { canOpen, findAdminRoute, type IconName } from '~/lib/route-registry';
import { callEndpoint } from './api.server';
import type { AuthedApi, SessionUser } from './auth.server';

export function loadDashboard(api: AuthedApi, query: { branchId?: string; months?: number }) {
  return callEndpoint(api, dashboardContract.show, { query });
}

function href(path: string, params: QueryChanges = {}) {
  return `${path}${withParams('', params)}`;
}

/** The last day (YYYY-MM-DD) of a month given as YYYY-MM. */
function lastDayOf(month: string) {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNumber, 0)).toISOString().slice(0, 10);
}

/**
 * The list behind each figure, narrowed as the figure is: to the branch shown and, for a figure
 * of this month, to this month's dates. A figure whose list the user may not open has no link,
 * nor has a figure its list cannot narrow the same way: the exam list has no branch filter, and
 * a branch's upcoming exams include the institute's own, so one branch picked by institute staff
 * leaves that figure without a link.
 */
function figureLinks(view: DashboardView): Record<string, string> {
  const branchId = view.everyBranch ? (view.branchId ?? undefined) : undefined;
  const first = `${view.month}-01`;
  const overdue = href('/admin/invoices', { status: 'overdue', kind: view.branchId ? 'student' : undefined, branchId });
  return {
    'students.new': href('/admin/new-students', { branchId }),
    'students.registered': href('/admin/students/registered', { branchId }),
    'students.passout': href('/admin/students/passout', { branchId }),
    admissions: href('/admin/students/admissions', { branchId, admissionFrom: first, admissionTo: lastDayOf(view.month) }),
    'wallet.balance': href('/admin/wallet/transactions', { branchId }),
    'wallet.spend': href('/admin/wallet/transactions', { branchId, kind: 'charge', from: first, to: view.today }),
    ...(branchId ? {} : { 'exams.upcoming': href('/admin/exam/list', { upcoming: 'true' }) }),
    // A branch's figure counts its students' invoices alone, not those the institute billed the branch.
    'invoices.overdue': overdue,
    'invoices.overdueDue': overdue,
    'payments.received': href('/admin/payments', { branchId, from: first, to: view.today }),
  };
}

const studentLists = ['/admin/students/registered', '/admin/new-students', '/admin/students/passout'];

/** Where an entry of the activity opens its record: a list with the record's details beside it. */
function activityLink(entry: DashboardActivity, opens: (path: string) => boolean): string | null {
  if (!entry.recordId) return null;
  if (entry.area === 'student') {
    const list = studentLists.find(opens);
    return list ? href(list, { view: entry.recordId }) : null;
  }
  if (entry.area === 'exam') return opens('/admin/exam/list') ? href('/admin/exam/list', { view: entry.recordId }) : null;
  return null;
}

/** The day-to-day actions of an institute's office, offered as buttons where the user may take them. */
const dashboardShortcuts: readonly string[] = [
  'action:/admin/students/add',
  'action:/admin/wallet/add-balance',
  'action:/admin/wallet/transactions',
  'action:/admin/course/categories?add=1',
];

export interface Shortcut {
  label: string;
  href: string;
  icon: IconName;
}

/** The dashboard as the screen shows it: the API's view with the links this user may follow. */
export function dashboardScreen(view: DashboardView, user: Pick<SessionUser, 'role' | 'permissions'>) {
  const opens = (path: string) => {
    const route = findAdminRoute(path.split('?')[0]!);
    return route ? canOpen(route, user) : false;
  };
  const links = figureLinks(view);
  const shortcuts: Shortcut[] = pageActionsFor(user)
    .filter((action) => dashboardShortcuts.includes(action.id))
    .map((action) => ({
      label: action.label,
      href: action.path + (action.search ?? ''),
      icon: action.icon,
    }));
  return {
    ...view,
    figures: view.figures.map((figure) => {
      const link = links[figure.key];
      return { ...figure, href: link && opens(link) ? link : null };
    }),
    activity: view.activity.map((entry) => ({ ...entry, href: activityLink(entry, opens) })),
    shortcuts,
  };
}

export type DashboardScreen = ReturnType<typeof dashboardScreen>;
