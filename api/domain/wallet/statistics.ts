import { and, asc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { walletLedger } from '../../db/schema';
import { invalid } from '../errors';
import { listBalances } from './balances';
import { addPeriods, INDIA_TIME_ZONE, periodLabels, startOf } from '../../../common/india-time';
import type { Movements, StatisticsPeriod, WalletStatistics } from '../../../common/wallet';

export interface StatisticsQuery {
  scope: string[] | null;
  branchId?: string;
  period: StatisticsPeriod;
  from?: Date;
  to?: Date;
  now: Date;
}

const paise = (expression: SQL) => sql`coalesce(${expression}, 0)`.mapWith(Number);
const movementColumns = {
  credits: paise(sql`sum(${walletLedger.amount}) filter (where ${walletLedger.kind} = 'credit')`),
  charges: paise(sql`-sum(${walletLedger.amount}) filter (where ${walletLedger.kind} = 'charge')`),
  refunds: paise(sql`sum(${walletLedger.amount}) filter (where ${walletLedger.kind} = 'refund')`),
  adjustments: paise(sql`sum(${walletLedger.amount}) filter (where ${walletLedger.kind} = 'adjustment')`),
  net: paise(sql`sum(${walletLedger.amount})`),
  count: sql`count(*)`.mapWith(Number),
};
const noMovements: Movements = { credits: 0, charges: 0, refunds: 0, adjustments: 0, net: 0, count: 0 };

/** Defaults: the last 30 days by day, or the last 12 months by month, up to now. */
function range(query: StatisticsQuery): { from: Date; to: Date } {
  const to = query.to ?? addPeriods(query.period, startOf(query.period, query.now), 1);
  const from =
    query.from ?? addPeriods(query.period, startOf(query.period, to < query.now ? to : query.now), query.period === 'day' ? -29 : -11);
  return { from, to };
}

/** Enough for three years by day or a century by month. */
const MAX_PERIODS = 1200;

export async function walletStatistics(db: Executor, query: StatisticsQuery): Promise<WalletStatistics> {
  const { from, to } = range(query);
  const labels = periodLabels(query.period, from, to, MAX_PERIODS);
  if (labels.length > MAX_PERIODS) throw invalid(`Choose a range of at most ${MAX_PERIODS} ${query.period}s`);
  const inScope = and(
    query.scope ? inArray(walletLedger.branchId, query.scope) : undefined,
    query.branchId ? eq(walletLedger.branchId, query.branchId) : undefined,
  );
  const inRange = and(inScope, gte(walletLedger.createdAt, from), lt(walletLedger.createdAt, to));
  const format = query.period === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
  const periodLabel = sql<string>`to_char(${walletLedger.createdAt} at time zone ${sql.raw(`'${INDIA_TIME_ZONE}'`)}, ${sql.raw(`'${format}'`)})`;
  const monthStart = startOf('month', query.now);

  const [totals, periods, operations, branchMovements, month, balances] = await Promise.all([
    db.select(movementColumns).from(walletLedger).where(inRange),
    db
      .select({ period: periodLabel, ...movementColumns })
      .from(walletLedger)
      .where(inRange)
      .groupBy(periodLabel)
      .orderBy(asc(periodLabel)),
    db
      .select({
        operationKey: sql<string>`${walletLedger.operationKey}`,
        operationName: sql<string>`max(${walletLedger.operationName})`,
        count: sql`count(*) filter (where ${walletLedger.kind} = 'charge')`.mapWith(Number),
        charged: movementColumns.charges,
        refunded: movementColumns.refunds,
      })
      .from(walletLedger)
      .where(and(inRange, inArray(walletLedger.kind, ['charge', 'refund'])))
      .groupBy(walletLedger.operationKey)
      .orderBy(asc(walletLedger.operationKey)),
    db
      .select({ branchId: walletLedger.branchId, ...movementColumns })
      .from(walletLedger)
      .where(inRange)
      .groupBy(walletLedger.branchId),
    db
      .select(movementColumns)
      .from(walletLedger)
      .where(and(inScope, gte(walletLedger.createdAt, monthStart), lt(walletLedger.createdAt, addPeriods('month', monthStart, 1)))),
    branchBalances(db, query),
  ]);

  const byLabel = new Map(periods.map(({ period, ...movements }) => [period, movements]));
  const movementsByBranch = new Map(branchMovements.map(({ branchId, ...movements }) => [branchId, movements]));
  const thisMonth = month[0] ?? noMovements;
  return {
    branchId: query.branchId ?? (query.scope?.length === 1 ? query.scope[0]! : null),
    period: query.period,
    from: from.toISOString(),
    to: to.toISOString(),
    balance: balances.reduce((sum, b) => sum + b.balance, 0),
    totals: totals[0] ?? noMovements,
    thisMonth: {
      from: monthStart.toISOString(),
      spend: thisMonth.charges - thisMonth.refunds,
      charges: thisMonth.charges,
      refunds: thisMonth.refunds,
      topUps: thisMonth.credits,
      count: thisMonth.count,
    },
    byPeriod: labels.map((period) => ({ period, ...(byLabel.get(period) ?? noMovements) })),
    byOperation: operations.map((o) => ({ ...o, spend: o.charged - o.refunded })),
    byBranch: balances.map((b) => ({
      branchId: b.branchId,
      branchName: b.branchName,
      balance: b.balance,
      ...(movementsByBranch.get(b.branchId) ?? noMovements),
    })),
  };
}

async function branchBalances(db: Executor, query: StatisticsQuery) {
  const ids = query.branchId ? [query.branchId] : (query.scope ?? undefined);
  return listBalances(db, ids);
}
