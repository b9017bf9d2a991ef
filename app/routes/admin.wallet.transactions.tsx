import type { SubmissionResult } from '@conform-to/react';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams, type ShouldRevalidateFunction } from '@remix-run/react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { z } from 'zod';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { Button } from '~/components/ui/button';
import { Card, CardContent } from '~/components/ui/card';
import { FieldError } from '~/components/ui/field-error';
import { cn } from '~/components/ui/cn';
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
  SlidersHorizontalIcon,
  Undo2Icon,
} from '~/components/ui/icons';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { NativeSelect } from '~/components/ui/native-select';
import { Textarea } from '~/components/ui/textarea';
import { rupeeAmount } from '~/components/wallet/amount-schema';
import { EmptyState, PageHeader, useSamePageLoading } from '~/components/wallet/page';
import { RupeeInput } from '~/components/wallet/rupee-input';
import { TransactionList } from '~/components/wallet/transaction-list';
import { UrlDialog, UrlDialogActions } from '~/components/wallet/url-dialog';
import { ledgerKinds, type WalletTransaction } from '../../common/wallet';
import { ledgerKindLabels, TRANSACTION_PAGE_SIZES } from '~/lib/wallet-display';
import { requireAdminRoute } from '~/services/auth.server';
import { formatRupees } from '~/utils/format';
import { readForm } from '~/services/forms.server';
import { redirectWithToast } from '~/services/toast.server';
import {
  adjustWallet,
  listOperationPrices,
  listTransactions,
  listWalletBalances,
  managesWallets,
  refundCharge,
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
      manager: managesWallets(user),
      ownBranch: user.branchName,
    },
    { headers },
  );
}

/** Opening and closing a dialog changes only the address: the page stays as loaded. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  const without = (url: URL) => {
    const search = new URLSearchParams(url.search);
    search.delete('refund');
    search.delete('adjust');
    return search.toString();
  };
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && without(currentUrl) === without(nextUrl)) return false;
  return defaultShouldRevalidate;
};

const reason = z
  .string({ required_error: 'Give a reason' })
  .trim()
  .min(1, 'Give a reason')
  .max(500, 'Reason must be at most 500 characters');

const actionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('refund'), chargeId: z.string().min(1).max(100), reason }),
  z.object({
    intent: z.literal('adjust'),
    branchId: z.string().trim().max(100).optional(),
    direction: z.enum(['add', 'take'], { required_error: 'Choose whether to add or take out money' }),
    amount: rupeeAmount({ label: 'Amount', min: 1 }),
    reason,
  }),
]);

/** Refunds a charge, or corrects a balance by hand: both need WALLET_MANAGE_ALL, which the API checks. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { api, headers } = await requireAdminRoute(request, context);
  const { submission } = await readForm(request, actionSchema);
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400, headers });
  const value = submission.value;
  const result =
    value.intent === 'refund'
      ? await refundCharge(api, { chargeId: value.chargeId, reason: value.reason })
      : await adjustWallet(api, {
          branchId: value.branchId || undefined,
          amount: value.direction === 'take' ? -value.amount : value.amount,
          reason: value.reason,
        });
  if (!result.ok) {
    const fieldErrors = Object.fromEntries(Object.entries(result.errors ?? {}).filter(([name]) => ['branchId', 'amount', 'reason'].includes(name)));
    return data(
      { result: submission.reply({ formErrors: Object.keys(fieldErrors).length ? [] : [result.message], fieldErrors }) },
      { status: result.status >= 500 ? 500 : 400, headers },
    );
  }
  const back = new URL(request.url);
  back.searchParams.delete('refund');
  back.searchParams.delete('adjust');
  return redirectWithToast(`${back.pathname}${back.search}`, { type: 'success', title: result.message }, { headers });
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
  const { filters, page, branches, everyBranch, operations, links, manager, ownBranch } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const refunding = manager ? page.transactions.find((entry) => entry.id === searchParams.get('refund') && refundable(entry)) : undefined;
  const adjusting = manager && searchParams.has('adjust');
  const closeTo = withParams(searchParams, { refund: undefined, adjust: undefined });
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
        description="Every top-up, charge, refund and correction of the wallet, newest first."
        actions={
          <>
            {manager ? (
              <Button asChild variant="outline">
                <Link to={withParams(searchParams, { adjust: '1' })} preventScrollReset>
                  <SlidersHorizontalIcon aria-hidden="true" /> Correct a balance
                </Link>
              </Button>
            ) : null}
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

      <UrlDialog
        open={Boolean(refunding)}
        closeTo={closeTo}
        alert
        title={refunding ? `Refund ${formatRupees(-refunding.amount)} to ${refunding.branchName ?? refunding.branchId}?` : 'Refund'}
        description={refunding ? `The charge for ${refunding.operationName ?? refunding.operationKey}${refunding.referenceId ? ` (Ref: ${refunding.referenceId})` : ''} goes back to the wallet. A charge is refunded once.` : undefined}
      >
        {refunding ? <RefundForm charge={refunding} closeTo={closeTo} /> : null}
      </UrlDialog>
      <UrlDialog
        open={adjusting}
        closeTo={closeTo}
        title="Correct a balance"
        description="For what neither a top-up nor a refund describes. The balance never goes below zero."
      >
        <AdjustForm branches={everyBranch ? branches : []} ownBranch={ownBranch} selected={filters.branchId} closeTo={closeTo} />
      </UrlDialog>

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
              actions={
                manager
                  ? (entry) =>
                      refundable(entry) ? (
                        <Button asChild variant="ghost" size="sm">
                          <Link to={withParams(searchParams, { refund: entry.id })} preventScrollReset aria-label={`Refund ${formatRupees(-entry.amount)} for ${entry.operationName ?? entry.operationKey}${entry.referenceId ? ` (Ref: ${entry.referenceId})` : ''}`}>
                            <Undo2Icon aria-hidden="true" /> Refund
                          </Link>
                        </Button>
                      ) : null
                  : undefined
              }
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

const refundable = (entry: WalletTransaction) => entry.kind === 'charge' && !entry.refundedBy;

type ActionResult = { result: SubmissionResult<string[]> };

/** The action's messages for one field ('' for the form's own). */
const errorsOf = (actionData: ActionResult | undefined, name: string) => actionData?.result.error?.[name] ?? undefined;

function RefundForm({ charge, closeTo }: { charge: WalletTransaction; closeTo: string }) {
  const actionData = useActionData<ActionResult>();
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'refund';
  return (
    <Form method="post" preventScrollReset className="grid gap-4">
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="refund" />
      <input type="hidden" name="chargeId" value={charge.id} />
      <FieldError errors={errorsOf(actionData, '')} />
      <div className="grid gap-1.5">
        <Label htmlFor="refund-reason">Reason</Label>
        <Textarea id="refund-reason" name="reason" required maxLength={500} placeholder="Admission cancelled" aria-describedby="refund-reason-error" />
        <FieldError id="refund-reason-error" errors={errorsOf(actionData, 'reason')} />
      </div>
      <UrlDialogActions closeTo={closeTo} submitting={submitting} busyLabel="Refunding…" label={`Refund ${formatRupees(-charge.amount)}`} />
    </Form>
  );
}

function AdjustForm({
  branches,
  ownBranch,
  selected,
  closeTo,
}: {
  branches: { branchId: string; branchName: string }[];
  ownBranch: string | null;
  selected: string | undefined;
  closeTo: string;
}) {
  const actionData = useActionData<ActionResult>();
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'adjust';
  const errors = (name: string) => errorsOf(actionData, name);
  return (
    <Form method="post" preventScrollReset className="grid gap-4">
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="adjust" />
      <FieldError errors={errors('')} />
      {branches.length ? (
        <div className="grid gap-1.5">
          <Label htmlFor="adjust-branch">Branch</Label>
          <NativeSelect id="adjust-branch" name="branchId" defaultValue={selected ?? ''} required aria-describedby="adjust-branch-error">
            <option value="">Choose a branch</option>
            {branches.map((b) => (
              <option key={b.branchId} value={b.branchId}>
                {b.branchName}
              </option>
            ))}
          </NativeSelect>
          <FieldError id="adjust-branch-error" errors={errors('branchId')} />
        </div>
      ) : ownBranch ? (
        <p className="text-sm text-muted-foreground">Branch: {ownBranch}</p>
      ) : null}
      <fieldset className="grid gap-1.5">
        <legend className="mb-1.5 text-sm font-medium">Correction</legend>
        <div className="flex gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input type="radio" name="direction" value="add" defaultChecked /> Add money
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="direction" value="take" /> Take money out
          </label>
        </div>
        <FieldError errors={errors('direction')} />
      </fieldset>
      <div className="grid gap-1.5">
        <Label htmlFor="adjust-amount">Amount</Label>
        <RupeeInput id="adjust-amount" name="amount" required aria-describedby="adjust-amount-error" />
        <FieldError id="adjust-amount-error" errors={errors('amount')} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="adjust-reason">Reason</Label>
        <Textarea id="adjust-reason" name="reason" required maxLength={500} aria-describedby="adjust-reason-error" />
        <FieldError id="adjust-reason-error" errors={errors('reason')} />
      </div>
      <UrlDialogActions closeTo={closeTo} submitting={submitting} busyLabel="Saving…" label="Correct the balance" />
    </Form>
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

export function ErrorBoundary() {
  return <GeneralErrorBoundary title="Transactions" heading={() => 'The wallet could not be loaded'} />;
}
