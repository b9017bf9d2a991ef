import { dashboardContract, dashboardMessages, type DashboardView } from '../../common/contracts/dashboard';
import { hasAnyPermission, type Actor } from '../domain/auth/actor';
import { branchScope } from '../domain/auth/branch-scope';
import { recentActivity } from '../domain/dashboard/activity';
import {
  dashboardWindow,
  examFigures,
  invoiceFigures,
  paymentFigures,
  studentFigures,
  walletFigures,
  type AreaReader,
} from '../domain/dashboard/figures';
import { invoiceReaders, paymentReaders } from '../domain/invoices/access';
import { notFound } from '../domain/errors';
import { transactionViewers, walletReadScope } from '../domain/wallet/access';
import { listBalances } from '../domain/wallet/balances';
import { defineEndpoint } from './endpoint';
import { HttpError } from './errors';
import { formPermissionNames } from './form-access';

/**
 * An area with a place on the dashboard, shown to whoever may open the lists its figures come
 * from. An area that is built registers here; one that is not shows nothing, not zeros.
 */
interface DashboardArea {
  name: string;
  mayRead(actor: Actor): boolean;
  read: AreaReader;
}

const dashboardAreas: readonly DashboardArea[] = [
  { name: 'student', mayRead: (actor) => hasAnyPermission(actor, formPermissionNames('student', 'read')), read: studentFigures },
  {
    name: 'wallet',
    // As the wallet's own endpoints: a branch's staff read their own, the institute's need an every-branch permission.
    mayRead: (actor) => hasAnyPermission(actor, transactionViewers) && walletReadScope(actor) !== undefined,
    read: walletFigures,
  },
  { name: 'exam', mayRead: (actor) => hasAnyPermission(actor, formPermissionNames('examResult', 'read')), read: examFigures },
  { name: 'invoice', mayRead: (actor) => hasAnyPermission(actor, invoiceReaders), read: invoiceFigures },
  { name: 'payment', mayRead: (actor) => hasAnyPermission(actor, paymentReaders), read: paymentFigures },
];

const show = defineEndpoint({
  ...dashboardContract.show,
  access: { kind: 'permission', anyOf: ['DASHBOARD_VIEW'] },
  async handle({ db, actor, query, deps }) {
    const scope = branchScope(actor);
    if (scope !== null && query.branchId && query.branchId !== scope) throw new HttpError(403, dashboardMessages.otherBranch);
    const everyBranch = scope === null;
    const areas = dashboardAreas.filter((area) => area.mayRead(actor));
    // One read of the wallets serves the branch names, the branch check and the wallet's figures;
    // a branch's staff who may not see the wallet need none of them.
    const wallets =
      everyBranch || areas.some((area) => area.name === 'wallet') ? await listBalances(db, everyBranch ? undefined : [scope]) : [];
    const branches = everyBranch ? wallets.map((row) => ({ branchId: row.branchId, name: row.branchName })) : [];
    if (everyBranch && query.branchId && !branches.some((row) => row.branchId === query.branchId)) throw notFound('Branch');
    const branchId = scope ?? query.branchId ?? null;
    const balances = branchId === null ? wallets : wallets.filter((row) => row.branchId === branchId);

    const input = { db, branchId, balances, ...dashboardWindow(deps.clock.now(), query.months) };
    const [read, activity] = await Promise.all([
      Promise.all(areas.map((area) => area.read(input))),
      recentActivity(
        db,
        areas.map((area) => area.name),
        branchId,
      ),
    ]);
    const compared = everyBranch && branchId === null;
    const data: DashboardView = {
      branchId,
      everyBranch,
      month: input.months.at(-1)!,
      today: input.today,
      areas: areas.map((area) => area.name),
      branches,
      figures: read.flatMap((area) => area.figures),
      series: read.flatMap((area) => area.series),
      byBranch: compared
        ? branches.map(({ branchId, name }) => ({
            branchId,
            name,
            values: Object.assign({}, ...read.map((area) => area.byBranch.get(branchId) ?? {})) as Record<string, number>,
          }))
        : [],
      activity,
    };
    return { message: dashboardMessages.shown, data };
  },
});

export const dashboardEndpoints = [show];
