import type { MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useLocation } from '@remix-run/react';
import { invoiceKinds, invoiceStatuses } from '../../common/contracts/invoices';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { InvoiceStatusBadge } from '~/components/invoices/status-badge';
import { ResourceList } from '~/components/list/resource-list';
import type { Column, Filter } from '~/components/list/types';
import { Button } from '~/components/ui/button';
import { PlusIcon, ReceiptTextIcon, SettingsIcon } from '~/components/ui/icons';
import { Amount } from '~/components/wallet/money';
import { ExportLinks } from '~/components/list/export-links';
import {
  invoiceApiQuery,
  invoiceDefaults,
  invoiceKindLabels,
  invoicePaths,
  invoiceRights,
  invoiceStatusLabels,
  parseInvoiceQuery,
  type InvoiceListRow,
} from '~/lib/invoices';
import { withParams } from '~/lib/list-query';
import { recordChoices } from '~/services/choices.server';
import { listInvoices } from '~/services/invoices.server';
import { listLoader, loadListPage } from '~/services/list.server';
import { formatDate } from '~/utils/format';

const title = 'Invoices';

export const meta: MetaFunction = () => [{ title }];

export const loader = listLoader(async (request, auth) => {
  const { user, api } = auth;
  const query = parseInvoiceQuery(new URL(request.url).searchParams, invoiceDefaults);
  // A branch's own staff see their branch: the API scopes them, the screen hides the choice.
  const everyBranch = !user.branchId;
  let sums = { billed: 0, received: 0, due: 0 };
  const [page, branches] = await Promise.all([
    loadListPage(request, auth, {
      query,
      defaults: invoiceDefaults,
      fetch: async ({ page, limit, ...rest }) => {
        const answer = await listInvoices(api, {
          ...invoiceApiQuery({ ...rest, branchId: everyBranch ? rest.branchId : '' }),
          page,
          limit,
        });
        if (!answer.ok) return answer;
        const { invoices, total, totalPages } = answer.data;
        sums = answer.data.sums;
        return {
          ...answer,
          data: { rows: invoices.map((row): InvoiceListRow => ({ ...row, title: row.number ?? 'Draft' })), total, totalPages },
        };
      },
    }),
    everyBranch ? recordChoices(api, 'branch') : null,
  ]);
  return {
    ...page,
    sums,
    branches: branches ?? [],
    rights: invoiceRights(user),
  };
});

const columns: Column<InvoiceListRow, (typeof invoiceDefaults)['sort']>[] = [
  {
    id: 'number',
    header: 'Number',
    cell: (row) => row.number ?? <span className="text-muted-foreground italic">Draft</span>,
    sort: 'number',
    viewLink: true,
    card: 'title',
    className: 'tabular-nums whitespace-nowrap',
  },
  { id: 'party', header: 'Billed to', cell: (row) => row.partyName, sort: 'partyName', card: 'subtitle' },
  { id: 'kind', header: 'Type', cell: (row) => invoiceKindLabels[row.kind], priority: 'low' },
  { id: 'branch', header: 'Branch', cell: (row) => row.branchName ?? '—', priority: 'medium' },
  { id: 'status', header: 'Status', cell: (row) => <InvoiceStatusBadge status={row.status} /> },
  { id: 'date', header: 'Date', cell: (row) => formatDate(row.date), sort: 'date', className: 'tabular-nums whitespace-nowrap' },
  {
    id: 'dueDate',
    header: 'Due by',
    cell: (row) => formatDate(row.dueDate),
    sort: 'dueDate',
    priority: 'low',
    className: 'tabular-nums whitespace-nowrap',
  },
  { id: 'total', header: 'Total', cell: (row) => <Amount paise={row.total} />, sort: 'total', align: 'end' },
  { id: 'due', header: 'Due', cell: (row) => <Amount paise={row.due} />, sort: 'due', align: 'end' },
];

export default function Invoices() {
  const list = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const { rights, sums } = list;
  const filters: Filter[] = [
    {
      kind: 'select',
      name: 'kind',
      label: 'Billed to',
      anyLabel: 'All invoices',
      options: invoiceKinds.map((kind) => ({ value: kind, label: `${invoiceKindLabels[kind]} invoices` })),
    },
    {
      kind: 'select',
      name: 'status',
      label: 'Status',
      anyLabel: 'Any status',
      options: invoiceStatuses.map((status) => ({ value: status, label: invoiceStatusLabels[status] })),
    },
    ...(list.branches.length
      ? [{ kind: 'select' as const, name: 'branchId', label: 'Branch', anyLabel: 'All branches', options: list.branches }]
      : []),
    { kind: 'days', from: 'from', to: 'to', label: 'Date' },
  ];
  const exportSearch = withParams(search, { page: null, limit: null, view: null });

  return (
    <ResourceList
      title={title}
      description={
        <span data-testid="invoice-sums" className="flex flex-wrap gap-x-4 gap-y-1">
          <span>
            {list.total} {list.total === 1 ? 'invoice' : 'invoices'}
          </span>
          <span>
            Billed <Amount paise={sums.billed} className="font-medium text-foreground" />
          </span>
          <span>
            Received <Amount paise={sums.received} className="font-medium text-foreground" />
          </span>
          <span>
            Due <Amount paise={sums.due} className="font-medium text-foreground" />
          </span>
        </span>
      }
      noun={{ one: 'invoice', other: 'invoices' }}
      data={list}
      columns={columns}
      filters={filters}
      searchPlaceholder="Invoice number or name"
      rowTarget={(row) => invoicePaths.view(row._id)}
      empty={{
        icon: ReceiptTextIcon,
        title: 'No invoices yet',
        description: rights.manage ? 'Bill a student or a branch to start.' : 'Invoices appear here once they are made.',
      }}
      headerActions={
        <>
          {rights.settings ? (
            <Button asChild variant="outline">
              <Link to={invoicePaths.settings}>
                <SettingsIcon aria-hidden="true" /> Billing settings
              </Link>
            </Button>
          ) : null}
          <ExportLinks href={`/resources/invoices-export${exportSearch}`} noun="invoices" />
          {rights.create.branch ? (
            <Button asChild variant={rights.create.student ? 'outline' : 'default'}>
              <Link to={invoicePaths.create('branch')}>
                <PlusIcon aria-hidden="true" /> Branch invoice
              </Link>
            </Button>
          ) : null}
          {rights.create.student ? (
            <Button asChild>
              <Link to={invoicePaths.create('student')}>
                <PlusIcon aria-hidden="true" /> Student invoice
              </Link>
            </Button>
          ) : null}
        </>
      }
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title={title} />;
}
