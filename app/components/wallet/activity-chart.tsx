import { cn } from '~/components/ui/cn';
import { formatRupees } from '~/utils/format';
import { compactRupees } from './money';
import type { StatisticsPeriod, WalletStatistics } from '../../../common/wallet';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-04-07" → "7 Apr"; "2026-04" → "Apr 2026". */
export function periodLabel(period: string, by: StatisticsPeriod): string {
  const [year, month, day] = period.split('-');
  const name = MONTHS[Number(month) - 1] ?? '';
  return by === 'day' ? `${Number(day)} ${name}` : `${name} ${year}`;
}

/**
 * Round gridlines: a step of 1, 2, 2.5 or 5 times a power of ten, at most five steps up to the
 * tallest bar. Returns the tick values from the top down, in whole paise: integer arithmetic
 * only, so no tick falls between two paise.
 */
export function axisTicks(max: number): number[] {
  if (max <= 0) return [10000, 5000, 0];
  // The largest power of ten no more than a fifth of the tallest bar, and at least one paisa.
  let power = 1;
  while (power * 50 <= max) power *= 10;
  const stepsOf = (step: number) => (max - (max % step)) / step + (max % step === 0 ? 0 : 1);
  const candidates = [power, 2 * power, ...(power % 2 === 0 ? [(5 * power) / 2] : []), 5 * power, 10 * power];
  const step = candidates.find((candidate) => stepsOf(candidate) <= 5)!;
  const steps = stepsOf(step);
  return Array.from({ length: steps + 1 }, (_, index) => (steps - index) * step);
}

/** A bar's height; any amount at all stays visible beside a much taller bar. */
function barStyle(value: number, top: number) {
  return { height: `${(value / top) * 100}%`, minHeight: value > 0 ? 3 : 0 };
}

/**
 * Top-ups and spend per day or month, as bars drawn with plain elements (no chart library): it
 * stays readable at any width, and a table beside it gives the numbers to screen readers.
 */
export function ActivityChart({ statistics, className }: { statistics: WalletStatistics; className?: string }) {
  const rows = statistics.byPeriod.map((row) => ({
    period: row.period,
    label: periodLabel(row.period, statistics.period),
    topUps: row.credits,
    spend: Math.max(0, row.charges - row.refunds),
  }));
  const ticks = axisTicks(Math.max(0, ...rows.flatMap((row) => [row.topUps, row.spend])));
  const top = ticks[0]!;
  // Label every bar when they fit, otherwise about six evenly spaced ones.
  const labelEvery = rows.length <= 12 ? 1 : Math.ceil(rows.length / 6);
  const empty = rows.every((row) => row.topUps === 0 && row.spend === 0);

  return (
    <figure data-slot="activity-chart" className={cn('grid gap-3', className)}>
      <div className="flex flex-wrap items-center gap-4 text-xs text-muted-foreground" aria-hidden="true">
        <span className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-emerald-500" /> Top-ups
        </span>
        <span className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-rose-500" /> Spend
        </span>
      </div>
      <div className="grid grid-cols-[auto_1fr] gap-x-2" aria-hidden="true">
        <div className="relative h-48 w-12 text-right text-[11px] text-muted-foreground tabular-nums">
          {ticks.map((tick) => (
            <span key={tick} className="absolute right-0 -translate-y-1/2" style={{ top: `${(1 - tick / top) * 100}%` }}>
              {compactRupees(tick)}
            </span>
          ))}
        </div>
        <div className="relative h-48">
          {ticks.map((tick) => (
            <div
              key={tick}
              className="absolute inset-x-0 border-t border-dashed border-border"
              style={{ top: `${(1 - tick / top) * 100}%` }}
            />
          ))}
          <div className="absolute inset-0 flex items-end gap-px sm:gap-0.5">
            {rows.map((row) => (
              <div
                key={row.period}
                title={`${row.label}: top-ups ${formatRupees(row.topUps)}, spend ${formatRupees(row.spend)}`}
                className="flex h-full min-w-0 flex-1 items-end justify-center gap-px rounded-sm hover:bg-muted/60"
              >
                <div className="w-full max-w-4 rounded-t-sm bg-emerald-500" style={barStyle(row.topUps, top)} />
                <div className="w-full max-w-4 rounded-t-sm bg-rose-500" style={barStyle(row.spend, top)} />
              </div>
            ))}
          </div>
          {empty ? (
            <p className="absolute inset-0 grid place-items-center text-sm text-muted-foreground">No activity in this period</p>
          ) : null}
        </div>
        <div />
        <div className="flex gap-px pt-1 text-[11px] text-muted-foreground sm:gap-0.5">
          {rows.map((row, index) => (
            <span key={row.period} className="min-w-0 flex-1 overflow-visible text-center whitespace-nowrap">
              {index % labelEvery === 0 ? row.label : ''}
            </span>
          ))}
        </div>
      </div>
      <figcaption className="sr-only">
        Top-ups and spend by {statistics.period}
        <table>
          <thead>
            <tr>
              <th>{statistics.period === 'day' ? 'Day' : 'Month'}</th>
              <th>Top-ups</th>
              <th>Spend</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.period}>
                <td>{row.label}</td>
                <td>{formatRupees(row.topUps)}</td>
                <td>{formatRupees(row.spend)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figcaption>
    </figure>
  );
}
