import { BarChart, periodLabel } from '~/components/charts/bar-chart';
import { formatRupees } from '~/utils/format';
import { compactRupees } from './money';
import type { WalletStatistics } from '../../../common/wallet';

/** The wallet's two series, as every chart of money in and out draws them. */
export const walletSeries = [
  { name: 'Top-ups', colour: 'bg-emerald-500' },
  { name: 'Spend', colour: 'bg-rose-500' },
];

/** Top-ups and spend per day or month. */
export function ActivityChart({ statistics, className }: { statistics: WalletStatistics; className?: string }) {
  const rows = statistics.byPeriod.map((row) => ({
    key: row.period,
    label: periodLabel(row.period, statistics.period),
    values: [row.credits, Math.max(0, row.charges - row.refunds)],
  }));
  return (
    <BarChart
      rows={rows}
      series={walletSeries}
      caption={`Top-ups and spend by ${statistics.period}`}
      periodHeader={statistics.period === 'day' ? 'Day' : 'Month'}
      tick={compactRupees}
      value={formatRupees}
      className={className}
    />
  );
}
