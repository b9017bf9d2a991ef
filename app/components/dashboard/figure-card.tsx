import { Link } from '@remix-run/react';
import type { DashboardFigure, DashboardSeries } from '../../../common/contracts/dashboard';
import { cn } from '~/components/ui/cn';
import { ArrowDownIcon, ArrowUpIcon } from '~/components/ui/icons';
import { changeOnLastMonth, figureLook, formatFigure } from './figures';

/** A line through a series' points, drawn to fill its box; decoration only (the chart has the numbers). */
function Sparkline({ points }: { points: number[] }) {
  const top = Math.max(1, ...points);
  const step = points.length > 1 ? 100 / (points.length - 1) : 100;
  const line = points.map((value, index) => `${index * step},${30 - (value / top) * 28}`).join(' ');
  return (
    <svg aria-hidden="true" viewBox="0 0 100 30" preserveAspectRatio="none" className="h-8 w-full text-primary/70">
      <polyline points={line} fill="none" stroke="currentColor" strokeWidth="2" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}

/** One figure: its value, its change on last month when it has one, and a link to its list. */
export function FigureCard({ figure, series }: { figure: DashboardFigure & { href: string | null }; series?: DashboardSeries }) {
  const look = figureLook(figure.key);
  const Icon = look.icon;
  const change = figure.previous === null ? null : changeOnLastMonth(figure.value, figure.previous);
  const value = formatFigure(figure.value, look.money);
  const body = (
    <>
      <div className="flex items-start justify-between gap-2 text-sm text-muted-foreground">
        <span className="font-medium">{look.label}</span>
        <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <Icon aria-hidden="true" className="size-4" />
        </span>
      </div>
      <p
        className={cn(
          'font-semibold tracking-tight break-words tabular-nums',
          // Lakhs of rupees with their paise fill a phone's half-width card: a smaller size keeps them on one line.
          value.length > 10 ? 'text-lg sm:text-2xl xl:text-3xl' : 'text-2xl sm:text-3xl',
        )}
        data-figure={figure.key}
      >
        {value}
      </p>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
        {change ? (
          <span
            className={cn(
              'inline-flex items-center gap-0.5 rounded-full px-1.5 py-0.5 font-medium',
              change.direction === 'up' && 'bg-emerald-500/10 text-emerald-700 dark:text-emerald-400',
              change.direction === 'down' && 'bg-rose-500/10 text-rose-700 dark:text-rose-400',
              change.direction === 'same' && 'bg-muted',
            )}
          >
            {change.direction === 'up' ? <ArrowUpIcon aria-hidden="true" className="size-3" /> : null}
            {change.direction === 'down' ? <ArrowDownIcon aria-hidden="true" className="size-3" /> : null}
            {change.text}
          </span>
        ) : null}
        <span>{look.note}</span>
      </p>
      {series ? (
        <div className="mt-auto pt-1">
          <Sparkline points={series.points.map((point) => point.value)} />
        </div>
      ) : null}
    </>
  );
  const frame = 'flex min-w-0 flex-col gap-2 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-5';
  return figure.href ? (
    <Link
      to={figure.href}
      className={cn(
        frame,
        'transition-colors hover:border-primary/40 hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
      )}
    >
      {body}
    </Link>
  ) : (
    <div className={frame}>{body}</div>
  );
}
