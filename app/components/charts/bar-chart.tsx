import { cn } from '~/components/ui/cn';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-04-07" → "7 Apr"; "2026-04" → "Apr 2026". */
export function periodLabel(period: string, by: 'day' | 'month'): string {
  const [year, month, day] = period.split('-');
  const name = MONTHS[Number(month) - 1] ?? '';
  return by === 'day' ? `${Number(day)} ${name}` : `${name} ${year}`;
}

/**
 * Round gridlines: a step of 1, 2, 2.5 or 5 times a power of ten, at most five steps up to the
 * tallest bar. Returns the tick values from the top down, in whole units (paise, students):
 * integer arithmetic only, so no tick falls between two units. With nothing to show, the axis
 * runs up to `emptyTop`.
 */
export function axisTicks(max: number, emptyTop = 10000): number[] {
  if (max <= 0) return [emptyTop, emptyTop / 2, 0];
  // The largest power of ten no more than a fifth of the tallest bar, and at least one unit.
  let power = 1;
  while (power * 50 <= max) power *= 10;
  const stepsOf = (step: number) => (max - (max % step)) / step + (max % step === 0 ? 0 : 1);
  const candidates = [power, 2 * power, ...(power % 2 === 0 ? [(5 * power) / 2] : []), 5 * power, 10 * power];
  const step = candidates.find((candidate) => stepsOf(candidate) <= 5)!;
  const steps = stepsOf(step);
  return Array.from({ length: steps + 1 }, (_, index) => (steps - index) * step);
}

/** A bar's height; any value at all stays visible beside a much taller bar. */
function barStyle(value: number, top: number) {
  return { height: `${(value / top) * 100}%`, minHeight: value > 0 ? 3 : 0 };
}

export interface ChartSeries {
  name: string;
  /** The bar's and the legend swatch's colour, e.g. `bg-emerald-500`. */
  colour: string;
}

export interface ChartRow {
  key: string;
  label: string;
  /** Under its bar, when the label is too long to fit there ("Apr" for "Apr 2026"). */
  axisLabel?: string;
  /** One value per series, in the series' order. */
  values: number[];
}

/**
 * Bars per period, one per series, drawn with plain elements (no chart library): it stays
 * readable at any width, and a table in the caption gives the numbers to screen readers.
 */
export function BarChart({
  rows,
  series,
  caption,
  periodHeader,
  tick,
  value,
  emptyTop,
  emptyText = 'No activity in this period',
  className,
}: {
  rows: ChartRow[];
  series: ChartSeries[];
  /** What the chart shows, for screen readers: the table's caption. */
  caption: string;
  periodHeader: string;
  /** An axis label: short ("₹1.2L", "40"). */
  tick: (value: number) => string;
  /** A value in full, for the tooltips and the table. */
  value: (value: number) => string;
  emptyTop?: number;
  emptyText?: string;
  className?: string;
}) {
  const ticks = axisTicks(Math.max(0, ...rows.flatMap((row) => row.values)), emptyTop);
  const top = ticks[0]!;
  // Label every bar when they fit, otherwise about six evenly spaced ones.
  const labelEvery = rows.length <= 12 ? 1 : Math.ceil(rows.length / 6);
  const empty = rows.every((row) => row.values.every((each) => each === 0));

  return (
    <figure data-slot="bar-chart" className={cn('grid gap-3', className)}>
      {series.length > 1 ? (
        <div className="flex flex-wrap items-center gap-4 text-xs text-muted-foreground" aria-hidden="true">
          {series.map((each) => (
            <span key={each.name} className="flex items-center gap-1.5">
              <span className={cn('size-2.5 rounded-sm', each.colour)} /> {each.name}
            </span>
          ))}
        </div>
      ) : null}
      <div className="grid grid-cols-[auto_1fr] gap-x-2" aria-hidden="true">
        <div className="relative h-48 w-12 text-right text-[11px] text-muted-foreground tabular-nums">
          {ticks.map((each) => (
            <span key={each} className="absolute right-0 -translate-y-1/2" style={{ top: `${(1 - each / top) * 100}%` }}>
              {tick(each)}
            </span>
          ))}
        </div>
        <div className="relative h-48">
          {ticks.map((each) => (
            <div
              key={each}
              className="absolute inset-x-0 border-t border-dashed border-border"
              style={{ top: `${(1 - each / top) * 100}%` }}
            />
          ))}
          <div className="absolute inset-0 flex items-end gap-px sm:gap-0.5">
            {rows.map((row) => (
              <div
                key={row.key}
                title={`${row.label}: ${series.map((each, index) => `${each.name.toLowerCase()} ${value(row.values[index] ?? 0)}`).join(', ')}`}
                className="flex h-full min-w-0 flex-1 items-end justify-center gap-px rounded-sm hover:bg-muted/60"
              >
                {series.map((each, index) => (
                  <div
                    key={each.name}
                    className={cn('w-full max-w-4 rounded-t-sm', each.colour)}
                    style={barStyle(row.values[index] ?? 0, top)}
                  />
                ))}
              </div>
            ))}
          </div>
          {empty ? <p className="absolute inset-0 grid place-items-center text-sm text-muted-foreground">{emptyText}</p> : null}
        </div>
        <div />
        <div className="flex gap-px pt-1 text-[11px] text-muted-foreground sm:gap-0.5">
          {rows.map((row, index) => (
            <span key={row.key} className="min-w-0 flex-1 overflow-visible text-center whitespace-nowrap">
              {index % labelEvery === 0 ? (row.axisLabel ?? row.label) : ''}
            </span>
          ))}
        </div>
      </div>
      <figcaption className="sr-only">
        {caption}
        <table>
          <thead>
            <tr>
              <th>{periodHeader}</th>
              {series.map((each) => (
                <th key={each.name}>{each.name}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <td>{row.label}</td>
                {series.map((each, index) => (
                  <td key={each.name}>{value(row.values[index] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </figcaption>
    </figure>
  );
}
