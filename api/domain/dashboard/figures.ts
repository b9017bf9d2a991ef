import { and, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DashboardFigure, DashboardSeries } from '../../../common/contracts/dashboard';
import { addPeriods, indianDay, periodLabels, startOf } from '../../../common/india-time';
import type { Executor } from '../../db/client';
import { dashboardCounts, dashboardRecords, invoicePayments, invoices, owing } from '../../db/schema';
import type { WalletBalance } from '../../../common/wallet';

/** What an area reads its figures for: one branch or every one, and the months of its series. */
export interface AreaInput {
  db: Executor;
  /** null: every branch, records of no branch included. */
  branchId: string | null;
  /** Oldest first; the last is this month. */
  months: string[];
  lastMonth: string;
  today: string;
  /** The wallets of the branches shown, read once for every area and the branch names. */
  balances: WalletBalance[];
}

/** The months a dashboard shows at an instant, oldest first and ending with this one; last month; today. */
export function dashboardWindow(now: Date, count: number) {
  const thisMonth = startOf('month', now);
  return {
    months: periodLabels('month', addPeriods('month', thisMonth, 1 - count), addPeriods('month', thisMonth, 1)),
    lastMonth: indianDay(addPeriods('month', thisMonth, -1)).slice(0, 7),
    today: indianDay(now),
  };
}

interface AreaFigures {
  figures: DashboardFigure[];
  series: DashboardSeries[];
  /** Per branch, figure values by key: the branch comparison. */
  byBranch: Map<string, Record<string, number>>;
}

export type AreaReader = (input: AreaInput) => Promise<AreaFigures>;

type CountRow = { branchId: string; month: string; measure: string; value: number };

/** The counters of some measures and months, per branch, for one branch or every one. */
async function readCounts(db: Executor, branchId: string | null, measures: string[], months: string[]): Promise<CountRow[]> {
  return db
    .select({
      branchId: dashboardCounts.branchId,
      month: dashboardCounts.month,
      measure: dashboardCounts.measure,
      value: dashboardCounts.value,
    })
    .from(dashboardCounts)
    .where(
      and(
        inArray(dashboardCounts.measure, measures),
        inArray(dashboardCounts.month, months),
        branchId === null ? undefined : eq(dashboardCounts.branchId, branchId),
      ),
    );
}

const total = (rows: CountRow[], measure: string, month: string) =>
  rows.filter((row) => row.measure === measure && row.month === month).reduce((sum, row) => sum + row.value, 0);

function perBranch(rows: CountRow[], pick: (row: CountRow) => string | null): Map<string, Record<string, number>> {
  const branches = new Map<string, Record<string, number>>();
  for (const row of rows) {
    const figure = pick(row);
    if (!figure || row.branchId === '') continue;
    const values = branches.get(row.branchId) ?? {};
    values[figure] = (values[figure] ?? 0) + row.value;
    branches.set(row.branchId, values);
  }
  return branches;
}

const figure = (area: string, key: string, value: number, previous: number | null = null): DashboardFigure => ({
  key,
  area,
  value,
  previous,
});

const series = (area: string, key: string, rows: CountRow[], measure: string, months: string[]): DashboardSeries => ({
  key,
  area,
  points: months.map((month) => ({ month, value: total(rows, measure, month) })),
});

const studentStatuses = ['new', 'registered', 'passout'] as const;

/** Students by status now, and admissions (by admission date) per month. */
export const studentFigures: AreaReader = async ({ db, branchId, months, lastMonth }) => {
  const thisMonth = months.at(-1)!;
  const rows = await readCounts(
    db,
    branchId,
    [...studentStatuses.map((status) => `students:${status}`), 'admissions'],
    ['', lastMonth, ...months],
  );
  return {
    figures: [
      ...studentStatuses.map((status) => figure('student', `students.${status}`, total(rows, `students:${status}`, ''))),
      figure('student', 'admissions', total(rows, 'admissions', thisMonth), total(rows, 'admissions', lastMonth)),
    ],
    series: [series('student', 'admissions', rows, 'admissions', months)],
    byBranch: perBranch(rows, (row) =>
      row.month === '' ? row.measure.replace(':', '.') : row.measure === 'admissions' && row.month === thisMonth ? 'admissions' : null,
    ),
  };
};

/** Exams whose subject table has a date from today on. */
export const examFigures: AreaReader = async ({ db, branchId, today }) => {
  // The exam list shows a branch its own exams and the institute's: so does the figure.
  const [row] = await db
    .select({ upcoming: count() })
    .from(dashboardRecords)
    .where(
      and(
        eq(dashboardRecords.formType, 'examResult'),
        gte(dashboardRecords.lastDate, today),
        branchId === null ? undefined : inArray(dashboardRecords.branchId, [branchId, '']),
      ),
    );
  return { figures: [figure('exam', 'exams.upcoming', row?.upcoming ?? 0)], series: [], byBranch: new Map() };
};

/** The balance now, and spend (charges less refunds) and top-ups per month. */
export const walletFigures: AreaReader = async ({ db, branchId, months, lastMonth, balances }) => {
  const thisMonth = months.at(-1)!;
  const rows = await readCounts(db, branchId, ['wallet:spend', 'wallet:topups'], [lastMonth, ...months]);
  const byBranch = perBranch(rows, (row) => (row.measure === 'wallet:spend' && row.month === thisMonth ? 'wallet.spend' : null));
  for (const balance of balances) byBranch.set(balance.branchId, { ...byBranch.get(balance.branchId), 'wallet.balance': balance.balance });
  return {
    figures: [
      figure(
        'wallet',
        'wallet.balance',
        balances.reduce((sum, row) => sum + row.balance, 0),
      ),
      figure('wallet', 'wallet.spend', total(rows, 'wallet:spend', thisMonth), total(rows, 'wallet:spend', lastMonth)),
    ],
    series: [
      series('wallet', 'wallet.spend', rows, 'wallet:spend', months),
      series('wallet', 'wallet.topups', rows, 'wallet:topups', months),
    ],
    byBranch,
  };
};

/**
 * Invoices past their due date with something still due, and how much: what the institute (or a
 * branch, of its students) is owed late. A branch's figure leaves out what the institute billed
 * the branch, which the branch owes rather than is owed.
 */
export const invoiceFigures: AreaReader = async ({ db, branchId, today }) => {
  const rows = await db
    .select({
      branchId: invoices.branchId,
      overdue: count(),
      due: sql<string>`sum(${invoices.total} - ${invoices.paid})`,
    })
    .from(invoices)
    .where(
      and(
        owing(invoices),
        lt(invoices.dueDate, today),
        branchId === null ? undefined : and(eq(invoices.branchId, branchId), eq(invoices.kind, 'student')),
      ),
    )
    .groupBy(invoices.branchId);
  const byBranch = new Map<string, Record<string, number>>();
  for (const row of rows) {
    if (row.branchId) byBranch.set(row.branchId, { 'invoices.overdue': row.overdue, 'invoices.overdueDue': Number(row.due) });
  }
  return {
    figures: [
      figure(
        'invoice',
        'invoices.overdue',
        rows.reduce((sum, row) => sum + row.overdue, 0),
      ),
      figure(
        'invoice',
        'invoices.overdueDue',
        rows.reduce((sum, row) => sum + Number(row.due), 0),
      ),
    ],
    series: [],
    byBranch,
  };
};

/** Payments received (reversed ones left out) per month, by the date they were received. */
export const paymentFigures: AreaReader = async ({ db, branchId, months, lastMonth }) => {
  const thisMonth = months.at(-1)!;
  const earliest = [months[0]!, lastMonth].sort()[0]!;
  const month = sql<string>`to_char(${invoicePayments.date}, 'YYYY-MM')`;
  const received = await db
    .select({ branchId: invoicePayments.branchId, month, value: sql<string>`sum(${invoicePayments.amount})` })
    .from(invoicePayments)
    .where(
      and(
        sql`not ${invoicePayments.reversed}`,
        gte(invoicePayments.date, `${earliest}-01`),
        branchId === null ? undefined : eq(invoicePayments.branchId, branchId),
      ),
    )
    .groupBy(invoicePayments.branchId, month);
  const rows: CountRow[] = received.map((row) => ({
    branchId: row.branchId ?? '',
    month: row.month,
    measure: 'payments:received',
    value: Number(row.value),
  }));
  return {
    figures: [
      figure('payment', 'payments.received', total(rows, 'payments:received', thisMonth), total(rows, 'payments:received', lastMonth)),
    ],
    series: [series('payment', 'payments.received', rows, 'payments:received', months)],
    byBranch: perBranch(rows, (row) => (row.month === thisMonth ? 'payments.received' : null)),
  };
};
