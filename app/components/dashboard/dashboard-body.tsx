import { Link } from '@remix-run/react';
import { routeIcons } from '~/components/app-sidebar/route-icons';
import { BarChart, periodLabel } from '~/components/charts/bar-chart';
import { EmptyState } from '~/components/list/empty-state';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { cn } from '~/components/ui/cn';
import { ClockIcon, LayoutDashboardIcon } from '~/components/ui/icons';
import { walletSeries } from '~/components/wallet/activity-chart';
import { compactRupees } from '~/components/wallet/money';
import { BranchFilter, useSamePageLoading } from '~/components/wallet/page';
import type { DashboardScreen } from '~/services/dashboard.server';
import { activityText, figureLook, formatFigure } from './figures';
import { FigureCard } from './figure-card';
import { BranchComparison } from './branch-comparison';
import { formatDateTime, formatRupees, initialsOf } from '~/utils/format';

/** Everything below the dashboard's heading. */
export function DashboardBody({ screen }: { screen: DashboardScreen }) {
  const busy = useSamePageLoading();
  const seriesOf = (key: string) => screen.series.find((each) => each.key === key);
  const admissions = seriesOf('admissions');
  const spend = seriesOf('wallet.spend');
  const topUps = seriesOf('wallet.topups');
  const branchName = screen.branches.find((branch) => branch.branchId === screen.branchId)?.name;

  return (
    <div aria-busy={busy} className={cn('grid gap-6 transition-opacity', busy && 'opacity-60')}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        {screen.everyBranch && screen.branches.length ? (
          <BranchFilter
            branches={screen.branches.map(({ branchId, name }) => ({ branchId, branchName: name }))}
            value={screen.branchId ?? undefined}
          />
        ) : (
          <span />
        )}
        {screen.shortcuts.length ? (
          <nav aria-label="Shortcuts" className="flex flex-wrap gap-2">
            {screen.shortcuts.map((shortcut) => {
              const Icon = routeIcons[shortcut.icon];
              return (
                <Button key={shortcut.href} asChild variant="outline" size="sm">
                  <Link to={shortcut.href}>
                    <Icon aria-hidden="true" /> {shortcut.label}
                  </Link>
                </Button>
              );
            })}
          </nav>
        ) : null}
      </div>

      {screen.figures.length === 0 ? (
        <EmptyState icon={LayoutDashboardIcon} title="Nothing to show here yet">
          Figures appear for the lists you may open: students, exams, the wallet, invoices or payments. Ask an administrator for access to
          them.
        </EmptyState>
      ) : (
        <section aria-label="Figures" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {screen.figures.map((figure) => (
            <FigureCard key={figure.key} figure={figure} series={seriesOf(figureLook(figure.key).series ?? '')} />
          ))}
        </section>
      )}

      {admissions || spend ? (
        <div className="grid gap-6 lg:grid-cols-2">
          {admissions ? (
            <Card className="min-w-0">
              <CardHeader>
                <CardTitle>
                  <h2>Admissions</h2>
                </CardTitle>
                <CardDescription>
                  Students admitted per month, last {admissions.points.length} months{branchName ? `, ${branchName}` : ''}
                </CardDescription>
              </CardHeader>
              <CardContent>
                <BarChart
                  rows={admissions.points.map((point) => monthRow(point.month, [point.value]))}
                  series={[{ name: 'Admissions', colour: 'bg-primary' }]}
                  caption="Admissions per month"
                  periodHeader="Month"
                  tick={formatFigure}
                  value={formatFigure}
                  emptyTop={10}
                  emptyText="No admissions in these months"
                />
              </CardContent>
            </Card>
          ) : null}
          {spend && topUps ? (
            <Card className="min-w-0">
              <CardHeader>
                <CardTitle>
                  <h2>Wallet</h2>
                </CardTitle>
                <CardDescription>Top-ups and spend per month{branchName ? `, ${branchName}` : ''}</CardDescription>
              </CardHeader>
              <CardContent>
                <BarChart
                  // Refunds of earlier months' charges can leave a month's spend below nothing: no bar goes under the axis.
                  rows={spend.points.map((point, index) =>
                    monthRow(point.month, [topUps.points[index]?.value ?? 0, Math.max(0, point.value)]),
                  )}
                  series={walletSeries}
                  caption="Wallet top-ups and spend per month"
                  periodHeader="Month"
                  tick={compactRupees}
                  value={formatRupees}
                />
              </CardContent>
            </Card>
          ) : null}
        </div>
      ) : null}

      {/* The comparison's columns need the width: beside the activity only on the widest screens. */}
      <div className={cn('grid gap-6', screen.byBranch.length ? '2xl:grid-cols-[3fr_2fr]' : '')}>
        {screen.byBranch.length ? <BranchComparison rows={screen.byBranch} areas={screen.areas} /> : null}
        {screen.areas.length ? <RecentActivity screen={screen} /> : null}
      </div>
    </div>
  );
}

/** A month's bar: "Apr 2026" in full for the table and the tooltip, "Apr" under the bar, where twelve must fit on a phone. */
function monthRow(month: string, values: number[]) {
  const label = periodLabel(month, 'month');
  return { key: month, label, axisLabel: label.split(' ')[0], values };
}

function RecentActivity({ screen }: { screen: DashboardScreen }) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>
          <h2>Recent activity</h2>
        </CardTitle>
        <CardDescription>The latest changes{screen.everyBranch && !screen.branchId ? ' across branches' : ''}</CardDescription>
      </CardHeader>
      <CardContent>
        {screen.activity.length ? (
          <ol className="grid divide-y">
            {screen.activity.map((entry) => {
              const text = activityText(entry);
              return (
                <li key={entry.position} className="flex items-start gap-3 py-2.5 first:pt-0 last:pb-0">
                  <span
                    aria-hidden="true"
                    className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-muted text-xs font-medium text-muted-foreground"
                  >
                    {entry.actorName ? initialsOf(entry.actorName) : 'S'}
                  </span>
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="break-words">
                      <span className="font-medium">{entry.actorName ?? 'The system'}</span> {text.verb}{' '}
                      {entry.href ? (
                        <Link to={entry.href} className="font-medium underline-offset-4 hover:underline">
                          {text.object}
                        </Link>
                      ) : (
                        <span className="font-medium">{text.object}</span>
                      )}
                      {entry.amount !== null ? (
                        <span className="text-muted-foreground"> · {formatFigure(Math.abs(entry.amount), true)}</span>
                      ) : null}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      <time dateTime={entry.occurredAt}>{formatDateTime(entry.occurredAt)}</time>
                    </p>
                  </div>
                </li>
              );
            })}
          </ol>
        ) : (
          <EmptyState icon={ClockIcon} title="No activity yet" className="min-h-0 border-0 py-8">
            Admissions, exams and wallet movements appear here as they happen.
          </EmptyState>
        )}
      </CardContent>
    </Card>
  );
}
