import type { SubmissionResult } from '@conform-to/react';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigation,
  useSearchParams,
  type ShouldRevalidateFunction,
} from '@remix-run/react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { z } from 'zod';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { EmptyState } from '~/components/list/empty-state';
import { clearedSearch, isFiltered, ListToolbar } from '~/components/list/list-toolbar';
import { PageHeader } from '~/components/list/page-header';
import { Pagination } from '~/components/list/pagination';
import type { Filter } from '~/components/list/types';
import { Button } from '~/components/ui/button';
import { FieldError } from '~/components/ui/field-error';
import { cn } from '~/components/ui/cn';
import {
  ArrowDownIcon,
  ArrowLeftRightIcon,
  ArrowUpDownIcon,
  ArrowUpIcon,
  PlusCircleIcon,
  SlidersHorizontalIcon,
  Undo2Icon,
} from '~/components/ui/icons';
import { Label } from '~/components/ui/label';
import { NativeSelect } from '~/components/ui/native-select';
import { Textarea } from '~/components/ui/textarea';
import { rupeeAmount } from '~/components/wallet/amount-schema';
import { useSamePageLoading } from '~/components/wallet/page';
import { RupeeInput } from '~/components/wallet/rupee-input';
import { TransactionList } from '~/components/wallet/transaction-list';
import { UrlDialog, UrlDialogActions } from '~/components/wallet/url-dialog';
import { ExportLinks } from '~/components/list/export-links';
import { ledgerKinds, type WalletTransaction } from '../../common/wallet';
import { ledgerKindLabels } from '../../common/wallet';
import { TRANSACTION_PAGE_SIZES } from '~/lib/wallet-display';
import { withParams, type QueryChanges } from '~/lib/list-query';
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
    const fieldErrors = Object.fromEntries(
      Object.entries(result.errors ?? {}).filter(([name]) => ['branchId', 'amount', 'reason'].includes(name)),
    );
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

/** The current address with some parameters changed (null removes one), as a link target. */
function useAddress() {
  const { search } = useLocation();
  return (changes: QueryChanges) => withParams(search, changes) || '?';
}

export default function Transactions() {
  const { filters, page, branches, everyBranch, operations, links, manager, ownBranch } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const address = useAddress();
  const refunding = manager ? page.transactions.find((entry) => entry.id === searchParams.get('refund') && refundable(entry)) : undefined;
  const adjusting = manager && searchParams.has('adjust');
  const closeTo = address({ refund: null, adjust: null });
  const busy = useSamePageLoading();
  const toolbarFilters: Filter[] = [
    ...(everyBranch
      ? [
          {
            kind: 'select' as const,
            name: 'branchId',
            label: 'Branch',
            anyLabel: 'All branches',
            options: branches.map((b) => ({ value: b.branchId, label: b.branchName })),
          },
        ]
      : []),
    {
      kind: 'select',
      name: 'kind',
      label: 'Type',
      anyLabel: 'All types',
      options: ledgerKinds.map((kind) => ({ value: kind, label: ledgerKindLabels[kind] })),
    },
    {
      kind: 'select',
      name: 'operationKey',
      label: 'Operation',
      anyLabel: 'All operations',
      options: operations.map((op) => ({ value: op.key, label: op.name })),
    },
    { kind: 'days', from: 'from', to: 'to', label: 'Date' },
  ];
  const filtered = isFiltered(searchParams.toString(), toolbarFilters);
  const cleared = clearedSearch(searchParams.toString(), toolbarFilters) || '?';
  const exportParams = new URLSearchParams(searchParams);
  exportParams.delete('page');
  exportParams.delete('limit');
  const exportHref = `/resources/wallet-transactions-export${exportParams.size ? `?${exportParams}` : ''}`;

  const sortHeader = (column: 'createdAt' | 'amount', label: string) => {
    const active = filters.sortBy === column;
    const nextOrder = active && filters.order === 'desc' ? 'asc' : 'desc';
    const Icon = !active ? ArrowUpDownIcon : filters.order === 'desc' ? ArrowDownIcon : ArrowUpIcon;
    return (
      <Link
        to={address({ sortBy: column, order: nextOrder, page: null })}
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
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-5">
      <PageHeader
        title="Transactions"
        description="Every top-up, charge, refund and correction of the wallet, newest first."
        busy={busy}
        actions={
          <>
            {manager ? (
              <Button asChild variant="outline">
                <Link to={address({ adjust: '1' })} preventScrollReset>
                  <SlidersHorizontalIcon aria-hidden="true" /> Correct a balance
                </Link>
              </Button>
            ) : null}
            <ExportLinks href={exportHref} noun="transactions" />
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
        description={
          refunding
            ? `The charge for ${refunding.operationName ?? refunding.operationKey}${refunding.referenceId ? ` (Ref: ${refunding.referenceId})` : ''} goes back to the wallet. A charge is refunded once.`
            : undefined
        }
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

      <ListToolbar filters={toolbarFilters} searchLabel="Search transactions" searchPlaceholder="Note, reference or operation" />

      {page.transactions.length ? (
        <>
          <div aria-busy={busy || undefined} className={cn('transition-opacity md:rounded-lg md:border', busy && 'opacity-60')}>
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
                          <Link
                            to={address({ refund: entry.id })}
                            preventScrollReset
                            aria-label={`Refund ${formatRupees(-entry.amount)} for ${entry.operationName ?? entry.operationKey}${entry.referenceId ? ` (Ref: ${entry.referenceId})` : ''}`}
                          >
                            <Undo2Icon aria-hidden="true" /> Refund
                          </Link>
                        </Button>
                      ) : null
                  : undefined
              }
            />
          </div>
          <Pagination
            page={page.page}
            totalPages={page.totalPages}
            total={page.total}
            limit={page.limit}
            noun={{ one: 'transaction', other: 'transactions' }}
            pageSizes={TRANSACTION_PAGE_SIZES}
          />
        </>
      ) : (
        <EmptyState
          icon={ArrowLeftRightIcon}
          title={filtered ? 'No transactions match these filters' : page.page > 1 ? 'This page is empty' : 'No transactions yet'}
          action={
            filtered || page.page > 1 ? (
              <Button asChild variant="outline">
                <Link to={filtered ? cleared : address({ page: null })} preventScrollReset>
                  {filtered ? 'Clear filters' : 'Go to the first page'}
                </Link>
              </Button>
            ) : null
          }
        >
          {filtered ? 'Try a wider date range or fewer filters.' : 'Top-ups and charges will appear here.'}
        </EmptyState>
      )}
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
        <Textarea
          id="refund-reason"
          name="reason"
          required
          maxLength={500}
          placeholder="Admission cancelled"
          aria-describedby="refund-reason-error"
        />
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

export function ErrorBoundary() {
  return <GeneralErrorBoundary title="Transactions" heading={() => 'The wallet could not be loaded'} />;
}
