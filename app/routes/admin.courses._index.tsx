import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { RecordListError } from '~/components/record-list/list-error';
import { RecordList } from '~/components/record-list/record-list';
import { ActiveBadge } from '~/components/record-list/status-badges';
import type { ColumnDef, RecordRow } from '~/components/record-list/types';
import { fieldText, fieldValue, formatFees, formatMonths } from '~/components/record-list/values';
import { BookOpenIcon } from '~/components/ui/icons';
import { requireAdminRoute } from '~/services/auth.server';
import { deleteRecordAction, loadRecordList, type ListScreen } from '~/services/record-list.server';

const title = 'Courses';

const screen: ListScreen = {
  formType: 'course',
  filters: ['active'],
  sorts: ['title', 'createdAt'],
  defaults: { sort: 'title', order: 'asc' },
  lookups: ['categories'],
};

export const meta: MetaFunction = () => [{ title }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAdminRoute(request, context);
  return data(await loadRecordList(request, auth, screen), { headers: auth.headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const auth = await requireAdminRoute(request, context);
  return deleteRecordAction(request, auth);
}

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
      noun="courses"
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
  return <RecordListError title={title} />;
}
