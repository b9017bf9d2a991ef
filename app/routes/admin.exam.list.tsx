import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { RecordListError } from '~/components/record-list/list-error';
import { RecordList } from '~/components/record-list/record-list';
import type { ColumnDef, RecordRow } from '~/components/record-list/types';
import { fieldText, fieldValue } from '~/components/record-list/values';
import { ClipboardListIcon } from '~/components/ui/icons';
import { requireAdminRoute } from '~/services/auth.server';
import { deleteRecordAction, loadRecordList, type ListScreen } from '~/services/record-list.server';
import { formatDate } from '~/utils/format';

const title = 'Exam List';

const screen: ListScreen = {
  formType: 'examResult',
  filters: ['courseId'],
  sorts: ['title', 'createdAt'],
  defaults: { sort: 'createdAt', order: 'desc' },
  lookups: ['courses'],
};

function subjectCount(row: RecordRow) {
  const subjects = fieldValue(row, 'examSubjectsTable');
  return Array.isArray(subjects) ? subjects.length : 0;
}

const columns: ColumnDef<RecordRow>[] = [
  { id: 'examId', header: 'Exam ID', cell: (row) => row.code ?? '—', card: 'subtitle', className: 'tabular-nums' },
  { id: 'name', header: 'Name', cell: (row) => row.title, sort: 'title', viewLink: true, card: 'title' },
  { id: 'type', header: 'Type', cell: (row) => fieldText(row, 'examType') || '—' },
  { id: 'course', header: 'Course', cell: (row) => row.courseName ?? '—', className: 'max-w-64 truncate' },
  { id: 'subjects', header: 'Subjects', cell: (row) => subjectCount(row) || '—', align: 'end' },
  { id: 'created', header: 'Created', cell: (row) => formatDate(row.createdAt), sort: 'createdAt' },
];

export const meta: MetaFunction = () => [{ title }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAdminRoute(request, context);
  return data(await loadRecordList(request, auth, screen), { headers: auth.headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const auth = await requireAdminRoute(request, context);
  return deleteRecordAction(request, auth);
}

export default function ExamList() {
  const list = useLoaderData<typeof loader>();
  return (
    <RecordList
      title={title}
      description={`${list.total} ${list.total === 1 ? 'exam' : 'exams'}`}
      formType="examResult"
      typeLabel="Exam"
      noun="exams"
      data={list}
      columns={columns}
      filters={[{ name: 'courseId', label: 'Course', options: list.options.courses }]}
      searchPlaceholder="Exam ID, name, type…"
      addLabel="Create exam"
      empty={{ icon: ClipboardListIcon, title: 'No exams yet', description: 'Exams created for the courses appear here.' }}
    />
  );
}

export function ErrorBoundary() {
  return <RecordListError title={title} />;
}
