import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useSearchParams } from '@remix-run/react';
import {
  ArrowDownIcon,
  ArrowLeftRightIcon,
  ArrowUpDownIcon,
  ArrowUpIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  DownloadIcon,
  PlusCircleIcon,
  SearchIcon,
} from 'lucide-react';
import { Button } from '~/components/ui/button';
import { Card, CardContent } from '~/components/ui/card';
import { cn } from '~/components/ui/cn';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { NativeSelect } from '~/components/ui/native-select';
import { EmptyState, PageHeader, useSamePageLoading, WalletErrorBoundary } from '~/components/wallet/page';
import { TransactionList } from '~/components/wallet/transaction-list';
import { ledgerKinds } from '../../common/wallet';
import { ledgerKindLabels, TRANSACTION_PAGE_SIZES } from '~/components/wallet/display';
import { requireAdminRoute } from '~/services/auth.server';
import {
  listOperationPrices,
  listTransactions,
  listWalletBalances,
  seesEveryBranch,
  transactionFilters,
  walletLinks,
} from '~/services/wallet.server';

export const meta: MetaFunction = () => [{ title: 'Transactions' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api, headers } = await requireAdminRoute(request, context);
  const url = new URL(request.url);
  const filters = transactionFilters(url.searchParams);
  // A branch's own staff see their branch: the API scopes them, the screen hides the choice.
  if (user.branchId) filters.branchId = undefined;
  const everyBranch = seesEveryBranch(user);
  const [page, balances, prices] = await Promise.all([
    listTransactions(api, filters),
    everyBranch ? listWalletBalances(api) : null,
    listOperationPrices(api),
  ]);
  if (!page.ok) throw data(page.message, { status: page.status, headers });
  const operations = new Map<string, string>();
  if (prices.ok) for (const price of prices.data) operations.set(price.operationKey, price.operationName);
  if (filters.operationKey && !operations.has(filters.operationKey)) operations.set(filters.operationKey, filters.operationKey);
  return data(
    {
      filters,
      page: page.data,
      branches: balances?.ok ? balances.data.map(({ branchId, branchName }) => ({ branchId, branchName })) : [],
      everyBranch,
      operations: [...operations].map(([key, name]) => ({ key, name })),
      links: walletLinks(user),
    },
    { headers },
  );
}

/** The current address with some parameters changed (undefined removes one). */
function withParams(searchParams: URLSearchParams, changes: Record<string, string | undefined>) {
  const next = new URLSearchParams(searchParams);
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined || value === '') next.delete(name);
    else next.set(name, value);
  }
  const text = next.toString();
  return text ? `?${text}` : '?';
}

export default function Transactions() {
  const { filters, page, branches, everyBranch, operations, links } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const busy = useSamePageLoading();
  const filtered = Boolean(
    filters.branchId || filters.kind || filters.operationKey || filters.from || filters.to || filters.search,
  );
  const exportParams = new URLSearchParams(searchParams);
  exportParams.delete('page');
  exportParams.delete('limit');
  const exportHref = `/resources/wallet-transactions-csv${exportParams.size ? `?${exportParams}` : ''}`;
  const first = page.total === 0 ? 0 : (page.page - 1) * page.limit + 1;
  const last = Math.min(page.page * page.limit, page.total);

  const sortHeader = (column: 'createdAt' | 'amount', label: string) => {
    const active = filters.sortBy === column;
    const nextOrder = active && filters.order === 'desc' ? 'asc' : 'desc';
    const Icon = !active ? ArrowUpDownIcon : filters.order === 'desc' ? ArrowDownIcon : ArrowUpIcon;
    return (
      <Link
        to={withParams(searchParams, { sortBy: column, order: nextOrder, page: undefined })}
        preventScrollReset
        className={cn('inline-flex items-center gap-1 hover:underline', column === 'amount' && 'flex-row-reverse')}
      >
        {label}
        <Icon aria-hidden="true" className={cn('size-3.5', !active && 'text-muted-foreground')} />
        <span className="sr-only">
          {active ? `, sorted ${filters.order === 'desc' ? 'descending' : 'ascending'}` : ''}, sort{' '}
          {nextOrder === 'desc' ? 'descending' : 'ascending'}
        </span>
      </Link>
    );
  };

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Transactions"
        description="Every top-up, charge and refund of the wallet, newest first."
        actions={
          <>
            <Button asChild variant="outline">
              <a href={exportHref} download>
                <DownloadIcon aria-hidden="true" /> Export CSV
              </a>
            </Button>
            {links.addBalance ? (
              <Button asChild>
                <Link to={`/admin/wallet/add-balance${filters.branchId ? `?branchId=${filters.branchId}` : ''}`}>
                  <PlusCircleIcon aria-hidden="true" /> Add Balance
                </Link>
              </Button>
            ) : null}
          </>
        }
      />

      <Card className="py-4">
        <CardContent className="px-4">
          <Form method="get" role="search" aria-label="Filter transactions" className="grid gap-3" key={searchParams.toString()}>
            <input type="hidden" name="sortBy" value={filters.sortBy === 'createdAt' ? '' : filters.sortBy} />
            <input type="hidden" name="order" value={filters.order === 'desc' ? '' : filters.order} />
            <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
              <div className="col-span-2 grid gap-1.5">
                <Label htmlFor="tx-search">Search</Label>
                <div className="relative">
                  <SearchIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
                  <Input
                    id="tx-search"
                    name="search"
                    type="search"
                    defaultValue={filters.search ?? ''}
                    placeholder="Note, reference or operation"
                    className="pl-8"
                    maxLength={100}
                  />
                </div>
              </div>
              {everyBranch ? (
                <div className="col-span-2 grid gap-1.5 sm:col-span-1">
                  <Label htmlFor="tx-branch">Branch</Label>
                  <NativeSelect id="tx-branch" name="branchId" defaultValue={filters.branchId ?? ''}>
                    <option value="">All branches</option>
                    {branches.map((b) => (
                      <option key={b.branchId} value={b.branchId}>
                        {b.branchName}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
              ) : null}
              <div className="grid gap-1.5">
                <Label htmlFor="tx-kind">Type</Label>
                <NativeSelect id="tx-kind" name="kind" defaultValue={filters.kind ?? ''}>
                  <option value="">All types</option>
                  {ledgerKinds.map((kind) => (
                    <option key={kind} value={kind}>
                      {ledgerKindLabels[kind]}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="tx-operation">Operation</Label>
                <NativeSelect id="tx-operation" name="operationKey" defaultValue={filters.operationKey ?? ''}>
                  <option value="">All operations</option>
                  {operations.map((op) => (
                    <option key={op.key} value={op.key}>
                      {op.name}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="tx-from">From</Label>
                <Input id="tx-from" name="from" type="date" defaultValue={filters.from ?? ''} max={filters.to} />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="tx-to">To</Label>
                <Input id="tx-to" name="to" type="date" defaultValue={filters.to ?? ''} min={filters.from} />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="tx-limit">Rows per page</Label>
                <NativeSelect id="tx-limit" name="limit" defaultValue={String(filters.limit)}>
                  {TRANSACTION_PAGE_SIZES.map((size) => (
                    <option key={size} value={size}>
                      {size}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            </div>
            <div className="flex flex-wrap items-center justify-end gap-2">
              {filtered ? (
                <Button asChild variant="ghost">
                  <Link to="/admin/wallet/transactions">Clear filters</Link>
                </Button>
              ) : null}
              <Button type="submit">Apply filters</Button>
            </div>
          </Form>
        </CardContent>
      </Card>

      <Card className="py-4" aria-busy={busy}>
        <CardContent className={cn('grid gap-4 px-4 transition-opacity', busy && 'opacity-60')}>
          {page.total > 0 ? (
            <p className="text-sm text-muted-foreground" role="status">
              {`Showing ${first.toLocaleString('en-IN')}–${last.toLocaleString('en-IN')} of ${page.total.toLocaleString('en-IN')} ${page.total === 1 ? 'transaction' : 'transactions'}`}
            </p>
          ) : null}
          {page.transactions.length ? (
            <TransactionList
              transactions={page.transactions}
              showBranch={everyBranch}
              caption="Transactions"
              headers={{ date: sortHeader('createdAt', 'Date'), amount: sortHeader('amount', 'Amount') }}
            />
          ) : (
            <EmptyState
              icon={ArrowLeftRightIcon}
              title={filtered ? 'No transactions match these filters' : page.page > 1 ? 'This page is empty' : 'No transactions yet'}
              action={
                filtered || page.page > 1 ? (
                  <Button asChild variant="outline" size="sm">
                    <Link to={filtered ? '/admin/wallet/transactions' : withParams(searchParams, { page: undefined })}>
                      {filtered ? 'Clear filters' : 'Go to the first page'}
                    </Link>
                  </Button>
                ) : null
              }
            >
              {filtered ? 'Try a wider date range or fewer filters.' : 'Top-ups and charges will appear here.'}
            </EmptyState>
          )}
          {page.totalPages > 1 ? (
            <nav aria-label="Pages" className="flex items-center justify-between gap-3 border-t pt-4">
              <PageLink to={withParams(searchParams, { page: String(page.page - 1) })} disabled={page.page <= 1} rel="prev">
                <ChevronLeftIcon aria-hidden="true" /> Previous
              </PageLink>
              <span className="text-sm text-muted-foreground">
                Page {page.page} of {page.totalPages}
              </span>
              <PageLink to={withParams(searchParams, { page: String(page.page + 1) })} disabled={page.page >= page.totalPages} rel="next">
                Next <ChevronRightIcon aria-hidden="true" />
              </PageLink>
            </nav>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}

function PageLink({ to, disabled, rel, children }: { to: string; disabled: boolean; rel: string; children: React.ReactNode }) {
  if (disabled) {
    return (
      <Button variant="outline" size="sm" disabled>
        {children}
      </Button>
    );
  }
  return (
    <Button asChild variant="outline" size="sm">
      <Link to={to} rel={rel} preventScrollReset>
        {children}
      </Link>
    </Button>
  );
}

export { WalletErrorBoundary as ErrorBoundary };
