import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { RecordList } from '~/components/record-list/record-list';
import { ActiveBadge } from '~/components/record-list/status-badges';
import type { RecordRow } from '~/lib/record-list';
import type { ColumnDef } from '~/components/record-list/types';
import { fieldText, fieldValue, formatFees, formatMonths } from '~/lib/record-values';
import { BookOpenIcon } from '~/components/ui/icons';
import { recordScreens } from '~/lib/record-screens';
import { recordDeleteAction, recordListLoader } from '~/services/record-list.server';

const title = 'Courses';

export const meta: MetaFunction = () => [{ title }];

export const loader = recordListLoader(recordScreens['/admin/courses']);
export const action = recordDeleteAction;

export default function Courses() {
  const list = useLoaderData<typeof loader>();
  const columns: ColumnDef<RecordRow>[] = [
    { id: 'name', header: 'Name', cell: (row) => row.title, sort: 'title', viewLink: true, card: 'title' },
    { id: 'code', header: 'Code', cell: (row) => row.code ?? '—', card: 'subtitle' },
    {
      id: 'category',
      header: 'Category',
      cell: (row) => {
        const category = fieldText(row, 'category');
        return list.names[category] ?? (category || '—');
      },
    },
    { id: 'duration', header: 'Duration', cell: (row) => formatMonths(fieldValue(row, 'duration')) || '—' },
    { id: 'fees', header: 'Fees', cell: (row) => formatFees(fieldValue(row, 'fees')) || '—', align: 'end' },
    { id: 'status', header: 'Status', cell: (row) => <ActiveBadge active={row.isActive} /> },
  ];
  return (
    <RecordList
      title={title}
      description={`${list.total} ${list.total === 1 ? 'course' : 'courses'}`}
      formType="course"
      typeLabel="Course"
      noun={{ one: 'course', other: 'courses' }}
      data={list}
      columns={columns}
      filters={[{ name: 'active', label: 'Status' }]}
      searchPlaceholder="Name, code, subject…"
      viewHref={(row) => `/admin/courses/${row._id}`}
      empty={{ icon: BookOpenIcon, title: 'No courses yet', description: 'Courses the institute teaches appear here.' }}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title={title} />;
}
