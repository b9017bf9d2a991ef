import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { RecordList } from '~/components/record-list/record-list';
import { ActiveBadge, FlagBadge } from '~/components/record-list/status-badges';
import type { RecordRow } from '~/lib/record-list';
import type { ColumnDef } from '~/components/record-list/types';
import { fieldText } from '~/lib/record-values';
import { Building2Icon } from '~/components/ui/icons';
import { recordScreens } from '~/lib/record-screens';
import { recordDeleteAction, recordListLoader } from '~/services/record-list.server';

const title = 'Branches';

const columns: ColumnDef<RecordRow>[] = [
  { id: 'name', header: 'Name', cell: (row) => row.title, sort: 'title', viewLink: true, card: 'title' },
  { id: 'code', header: 'Code', cell: (row) => row.code ?? '—', card: 'subtitle' },
  { id: 'director', header: 'Director', cell: (row) => fieldText(row, 'directorName') || '—' },
  { id: 'state', header: 'State', cell: (row) => fieldText(row, 'state') || '—' },
  { id: 'phone', header: 'Phone', cell: (row) => fieldText(row, 'phoneNumber') || '—', className: 'tabular-nums' },
  { id: 'wallet', header: 'Wallet', cell: (row) => <FlagBadge on={row.walletEnabled} yes="Enabled" no="Disabled" /> },
  { id: 'status', header: 'Status', cell: (row) => <ActiveBadge active={row.isActive} /> },
];

export const meta: MetaFunction = () => [{ title }];

export const loader = recordListLoader(recordScreens['/admin/branches']);
export const action = recordDeleteAction;

export default function Branches() {
  const list = useLoaderData<typeof loader>();
  return (
    <RecordList
      title={title}
      description={`${list.total} ${list.total === 1 ? 'branch' : 'branches'}`}
      formType="branch"
      typeLabel="Branch"
      noun={{ one: 'branch', other: 'branches' }}
      data={list}
      columns={columns}
      filters={[{ name: 'active', label: 'Status' }]}
      searchPlaceholder="Name, code, director, district…"
      empty={{ icon: Building2Icon, title: 'No branches yet', description: 'The institute’s branches appear here.' }}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title={title} />;
}
