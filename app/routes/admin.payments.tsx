import type { MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useLocation } from '@remix-run/react';
import { paymentModeLabels, paymentModes, type PaymentMode } from '../../common/contracts/invoices';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { paymentReference } from '~/components/invoices/invoice-details';
import { ResourceList } from '~/components/list/resource-list';
import type { Column, Filter } from '~/components/list/types';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { CreditCardIcon, DownloadIcon } from '~/components/ui/icons';
import { Amount } from '~/components/wallet/money';
import { ExportLinks } from '~/components/list/export-links';
import { invoicePaths, parsePaymentQuery, paymentApiQuery, paymentDefaults, type PaymentListRow, type PaymentSort } from '~/lib/invoices';
import { withParams } from '~/lib/list-query';
import { recordChoices } from '~/services/choices.server';
import { listPayments } from '~/services/invoices.server';
import { listLoader, loadListPage } from '~/services/list.server';
import { formatDate } from '~/utils/format';

const title = 'Payment Records';

export const meta: MetaFunction = () => [{ title }];

export const loader = listLoader(async (request, auth) => {
  const { user, api } = auth;
  const query = parsePaymentQuery(new URL(request.url).searchParams, paymentDefaults);
  const everyBranch = !user.branchId;
  let byMode: { mode: PaymentMode; amount: number; count: number }[] = [];
  const [page, branches] = await Promise.all([
    loadListPage(request, auth, {
      query,
      defaults: paymentDefaults,
      fetch: async ({ page, limit, ...rest }) => {
        const answer = await listPayments(api, {
          ...paymentApiQuery({ ...rest, branchId: everyBranch ? rest.branchId : '' }),
          page,
          limit,
        });
        if (!answer.ok) return answer;
        const { payments, total, totalPages } = answer.data;
        byMode = answer.data.byMode;
        const rows = payments.map((row): PaymentListRow => ({ ...row, title: row.receiptNumber, version: 0 }));
        return { ...answer, data: { rows, total, totalPages } };
      },
    }),
    everyBranch ? recordChoices(api, 'branch') : null,
  ]);
  return { ...page, byMode, branches: branches ?? [], everyBranch };
});

const columns = (everyBranch: boolean): Column<PaymentListRow, PaymentSort>[] => [
  {
    id: 'receipt',
    header: 'Receipt',
    cell: (row) => (
      <span className="inline-flex flex-wrap items-center gap-1.5">
        <span className={row.reversed ? 'line-through' : undefined}>{row.receiptNumber}</span>
        {row.reversed ? <Badge variant="destructive">Reversed</Badge> : null}
      </span>
    ),
    sort: 'receiptNumber',
    card: 'title',
    className: 'tabular-nums whitespace-nowrap',
  },
  { id: 'date', header: 'Date', cell: (row) => formatDate(row.date), sort: 'date', className: 'tabular-nums whitespace-nowrap' },
  { id: 'party', header: 'Paid by', cell: (row) => row.partyName, card: 'subtitle' },
  {
    id: 'invoice',
    header: 'Invoice',
    cell: (row) => (
      <Link to={invoicePaths.view(row.invoiceId)} className="tabular-nums hover:underline focus-visible:underline">
        {row.invoiceNumber}
      </Link>
    ),
  },
  { id: 'branch', header: 'Branch', cell: (row) => row.branchName ?? '—', hidden: !everyBranch, priority: 'medium' },
  { id: 'mode', header: 'Mode', cell: (row) => paymentModeLabels[row.mode] },
  { id: 'reference', header: 'Reference', cell: (row) => paymentReference(row) || '—', priority: 'low' },
  {
    id: 'amount',
    header: 'Amount',
    cell: (row) => <Amount paise={row.amount} className={row.reversed ? 'text-muted-foreground line-through' : undefined} />,
    sort: 'amount',
    align: 'end',
  },
];

export default function Payments() {
  const list = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const filters: Filter[] = [
    {
      kind: 'select',
      name: 'mode',
      label: 'Mode',
      anyLabel: 'Every mode',
      options: paymentModes.map((mode) => ({ value: mode, label: paymentModeLabels[mode] })),
    },
    ...(list.branches.length
      ? [{ kind: 'select' as const, name: 'branchId', label: 'Branch', anyLabel: 'All branches', options: list.branches }]
      : []),
    { kind: 'days', from: 'from', to: 'to', label: 'Date' },
  ];
  const received = list.byMode.reduce((sum, mode) => sum + mode.amount, 0);

  return (
    <ResourceList
      title={title}
      description={
        <span data-testid="payment-totals" className="flex flex-wrap gap-x-4 gap-y-1">
          <span>
            Received <Amount paise={received} className="font-medium text-foreground" />
          </span>
          {list.byMode
            .filter((mode) => mode.count > 0)
            .map((mode) => (
              <span key={mode.mode}>
                {paymentModeLabels[mode.mode]} <Amount paise={mode.amount} className="font-medium text-foreground" /> ({mode.count})
              </span>
            ))}
        </span>
      }
      noun={{ one: 'payment', other: 'payments' }}
      data={list}
      columns={columns(list.everyBranch)}
      filters={filters}
      searchPlaceholder="Receipt, invoice or name"
      actions={(row) => (
        <Button asChild variant="ghost" size="sm">
          <a
            href={`${invoicePaths.receipt(row.invoiceId, row._id)}?download`}
            download
            aria-label={`Download receipt ${row.receiptNumber}`}
          >
            <DownloadIcon aria-hidden="true" /> Receipt
          </a>
        </Button>
      )}
      empty={{ icon: CreditCardIcon, title: 'No payments yet', description: 'Payments recorded against invoices appear here.' }}
      headerActions={
        <ExportLinks href={`/resources/payments-export${withParams(search, { page: null, limit: null, view: null })}`} noun="payments" />
      }
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title={title} />;
}
