import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import type * as React from 'react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { cn } from '~/components/ui/cn';
import {
  ArrowDownLeftIcon,
  ArrowLeftRightIcon,
  ArrowUpRightIcon,
  PlusCircleIcon,
  ReceiptIndianRupeeIcon,
  WalletIcon,
  type LucideIcon,
} from '~/components/ui/icons';
import { ActivityChart } from '~/components/wallet/activity-chart';
import { Amount } from '~/components/wallet/money';
import { EmptyState } from '~/components/list/empty-state';
import { PageHeader } from '~/components/list/page-header';
import { BranchFilter, ErrorPanel, useSamePageLoading } from '~/components/wallet/page';
import { TransactionList } from '~/components/wallet/transaction-list';
import { requireAdminRoute } from '~/services/auth.server';
import {
  listTransactions,
  seesEveryBranch,
  transactionFilters,
  visibleBalances,
  walletLinks,
  walletStatistics,
} from '~/services/wallet.server';
import { formatRupees } from '~/utils/format';

export const meta: MetaFunction = () => [{ title: 'Wallet Dashboard' }];

/** Recent entries shown: one of the Transactions screen's page sizes, so one page of it. */
const RECENT = 10;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api, headers } = await requireAdminRoute(request, context);
  const url = new URL(request.url);
  const balances = await visibleBalances(api, user);
  if (!balances.ok) throw data(balances.message, { status: balances.status, headers });

  const everyBranch = seesEveryBranch(user);
  const requested = url.searchParams.get('branchId') ?? '';
  const branchId = user.branchId ?? (balances.data.some((b) => b.branchId === requested) ? requested : undefined);
  const view = url.searchParams.get('view') === 'year' ? 'year' : 'month';
  const links = walletLinks(user);

  const [statistics, recent] = await Promise.all([
    walletStatistics(api, { branchId, period: view === 'year' ? 'month' : 'day' }),
    links.transactions
      ? listTransactions(api, transactionFilters(new URLSearchParams({ ...(branchId && { branchId }), limit: String(RECENT) })))
      : null,
  ]);

  return data(
    {
      branches: balances.data,
      branchId: branchId ?? null,
      everyBranch,
      view,
      links,
      statistics: statistics.ok ? statistics.data : null,
      statisticsError: statistics.ok ? null : statistics.message,
      recent: recent?.ok ? recent.data.transactions : null,
    },
    { headers },
  );
}

export default function WalletDashboard() {
  const { branches, branchId, everyBranch, view, links, statistics, statisticsError, recent } = useLoaderData<typeof loader>();
  const busy = useSamePageLoading();
  const branch = branches.find((b) => b.branchId === branchId);
  const scopeName = branch?.branchName ?? (everyBranch ? 'All branches' : (branches[0]?.branchName ?? ''));
  const query = (extra: Record<string, string>) => {
    const params = new URLSearchParams({ ...(branchId && everyBranch ? { branchId } : {}), ...extra });
    return params.toString() ? `?${params}` : '';
  };
  const walletOff = branch ? !branch.walletEnabled : false;

  return (
    <div className="grid gap-6">
      <PageHeader
        busy={busy}
        title="Wallet Dashboard"
        description={
          <>
            {scopeName}
            {walletOff ? (
              <Badge variant="warning" className="ml-2 align-middle">
                Wallet off
              </Badge>
            ) : null}
          </>
        }
        actions={
          <>
            {links.transactions ? (
              <Button asChild variant="outline">
                <Link to={`/admin/wallet/transactions${query({})}`}>
                  <ArrowLeftRightIcon aria-hidden="true" /> Transactions
                </Link>
              </Button>
            ) : null}
            {links.addBalance ? (
              <Button asChild>
                <Link to={`/admin/wallet/add-balance${query({})}`}>
                  <PlusCircleIcon aria-hidden="true" /> Add Balance
                </Link>
              </Button>
            ) : null}
          </>
        }
      />

      <div className="flex flex-wrap items-end justify-between gap-3">
        {everyBranch ? (
          <BranchFilter branches={branches} value={branchId ?? undefined} hidden={{ view: view === 'year' ? 'year' : undefined }} />
        ) : (
          <span />
        )}
        <nav aria-label="Chart period" className="inline-flex rounded-md border p-0.5">
          {(
            [
              ['month', 'Last 30 days'],
              ['year', 'Last 12 months'],
            ] as const
          ).map(([value, label]) => (
            <Link
              key={value}
              to={query(value === 'year' ? { view: 'year' } : {}) || '?'}
              preventScrollReset
              replace
              aria-current={view === value ? 'true' : undefined}
              className={cn(
                'rounded-sm px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground',
                view === value && 'bg-primary text-primary-foreground hover:text-primary-foreground',
              )}
            >
              {label}
            </Link>
          ))}
        </nav>
      </div>

      <div aria-busy={busy} className={cn('grid gap-6 transition-opacity', busy && 'opacity-60')}>
        {statistics ? (
          <>
            <section aria-label="Summary" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
              <Stat
                icon={WalletIcon}
                label={branch ? 'Balance' : 'Balance, all branches'}
                value={<Amount paise={branch ? branch.balance : statistics.balance} />}
                note={
                  branch
                    ? walletOff
                      ? 'The wallet is switched off for this branch'
                      : 'Available to spend'
                    : `${branches.length} ${branches.length === 1 ? 'branch' : 'branches'}`
                }
                emphasis
              />
              <Stat
                icon={ArrowUpRightIcon}
                label="Spent this month"
                value={<Amount paise={statistics.thisMonth.spend} />}
                note={
                  statistics.thisMonth.refunds ? `After ${formatRupees(statistics.thisMonth.refunds)} refunded` : 'Charges less refunds'
                }
              />
              <Stat
                icon={ArrowDownLeftIcon}
                label="Top-ups this month"
                value={<Amount paise={statistics.thisMonth.topUps} />}
                note="Added to the wallet"
              />
              <Stat
                icon={ReceiptIndianRupeeIcon}
                label="Charged operations"
                value={statistics.byOperation.reduce((sum, op) => sum + op.count, 0).toLocaleString('en-IN')}
                note={view === 'year' ? 'Last 12 months' : 'Last 30 days'}
              />
            </section>

            <Card>
              <CardHeader>
                <CardTitle>Activity</CardTitle>
                <CardDescription>Top-ups and spend by {view === 'year' ? 'month, last 12 months' : 'day, last 30 days'}</CardDescription>
              </CardHeader>
              <CardContent>
                <ActivityChart statistics={statistics} />
              </CardContent>
            </Card>

            <div className="grid gap-6 lg:grid-cols-2">
              <Card>
                <CardHeader>
                  <CardTitle>Spend by operation</CardTitle>
                  <CardDescription>{view === 'year' ? 'Last 12 months' : 'Last 30 days'}</CardDescription>
                </CardHeader>
                <CardContent>
                  <OperationBreakdown operations={statistics.byOperation} />
                </CardContent>
              </Card>
              {everyBranch && !branch ? (
                <Card>
                  <CardHeader>
                    <CardTitle>Balances by branch</CardTitle>
                    <CardDescription>Money in each branch’s wallet now</CardDescription>
                  </CardHeader>
                  <CardContent>
                    <ul className="grid divide-y">
                      {branches.map((b) => (
                        <li key={b.branchId} className="flex items-center justify-between gap-3 py-2.5">
                          <Link
                            to={`?${new URLSearchParams({ branchId: b.branchId, ...(view === 'year' && { view }) })}`}
                            className="min-w-0 truncate font-medium hover:underline"
                          >
                            {b.branchName}
                          </Link>
                          <span className="flex items-center gap-2">
                            {b.walletEnabled ? null : <Badge variant="outline">Wallet off</Badge>}
                            <Amount paise={b.balance} className="font-medium" />
                          </span>
                        </li>
                      ))}
                    </ul>
                  </CardContent>
                </Card>
              ) : (
                <PeriodTotals statistics={statistics} />
              )}
            </div>
          </>
        ) : (
          <ErrorPanel title="Wallet figures could not be loaded" message={statisticsError ?? 'Something went wrong.'} />
        )}

        {recent ? (
          <Card>
            <CardHeader>
              <CardTitle>Recent transactions</CardTitle>
              <CardDescription>The latest entries in the ledger</CardDescription>
              {recent.length ? (
                <CardAction>
                  <Button asChild variant="ghost" size="sm">
                    <Link to={`/admin/wallet/transactions${query({})}`}>View all</Link>
                  </Button>
                </CardAction>
              ) : null}
            </CardHeader>
            <CardContent>
              {recent.length ? (
                <TransactionList transactions={recent} showBranch={everyBranch && !branch} caption="Recent transactions" />
              ) : (
                <EmptyState
                  className="min-h-0 border-0 py-10"
                  icon={ArrowLeftRightIcon}
                  title="No transactions yet"
                  action={
                    links.addBalance ? (
                      <Button asChild size="sm">
                        <Link to={`/admin/wallet/add-balance${query({})}`}>Add Balance</Link>
                      </Button>
                    ) : null
                  }
                >
                  Top-ups and charges will appear here.
                </EmptyState>
              )}
            </CardContent>
          </Card>
        ) : null}
      </div>
    </div>
  );
}

function Stat({
  icon: Icon,
  label,
  value,
  note,
  emphasis = false,
}: {
  icon: LucideIcon;
  label: string;
  value: React.ReactNode;
  note?: string;
  emphasis?: boolean;
}) {
  return (
    <Card className={cn('min-w-0 gap-2 py-4 sm:py-5', emphasis && 'border-primary/30 bg-primary/5')}>
      <CardHeader className="px-4 sm:px-5">
        <CardDescription className="flex items-start gap-2">
          <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
          {label}
        </CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-5">
        <p className="text-lg font-semibold tracking-tight break-words tabular-nums sm:text-2xl">{value}</p>
        {note ? <p className="mt-1 text-xs text-muted-foreground">{note}</p> : null}
      </CardContent>
    </Card>
  );
}

function OperationBreakdown({
  operations,
}: {
  operations: { operationKey: string; operationName: string; count: number; spend: number; refunded: number }[];
}) {
  if (operations.length === 0) {
    return (
      <EmptyState className="min-h-0 border-0 py-10" icon={ReceiptIndianRupeeIcon} title="No charges in this period">
        Operations such as adding a student are listed here once they are charged.
      </EmptyState>
    );
  }
  const most = Math.max(...operations.map((op) => op.spend), 1);
  return (
    <ul className="grid gap-4">
      {operations.map((op) => (
        <li key={op.operationKey} className="grid gap-1.5">
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="min-w-0 truncate font-medium">{op.operationName}</span>
            <Amount paise={op.spend} className="font-medium" />
          </div>
          <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
            <div className="h-full rounded-full bg-rose-500" style={{ width: `${(op.spend / most) * 100}%` }} />
          </div>
          <p className="text-xs text-muted-foreground">
            {op.count.toLocaleString('en-IN')} {op.count === 1 ? 'charge' : 'charges'}
            {op.refunded ? ` · ${formatRupees(op.refunded)} refunded` : ''}
          </p>
        </li>
      ))}
    </ul>
  );
}

function PeriodTotals({ statistics }: { statistics: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>['statistics']> }) {
  const rows: [string, number, boolean?][] = [
    ['Top-ups', statistics.totals.credits],
    ['Charges', -statistics.totals.charges],
    ['Refunds', statistics.totals.refunds],
    ['Adjustments', statistics.totals.adjustments],
    ['Net change', statistics.totals.net, true],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Totals</CardTitle>
        <CardDescription>{statistics.period === 'month' ? 'Last 12 months' : 'Last 30 days'}</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid divide-y">
          {rows.map(([label, paise, strong]) => (
            <div key={label} className={cn('flex items-center justify-between py-2.5 text-sm', strong && 'font-semibold')}>
              <dt>{label}</dt>
              <dd>
                <Amount paise={paise} signed />
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title="Wallet Dashboard" heading={() => 'The wallet could not be loaded'} />;
}
