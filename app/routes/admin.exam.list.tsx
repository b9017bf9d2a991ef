import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { RecordList } from '~/components/record-list/record-list';
import type { RecordRow } from '~/lib/record-list';
import type { ColumnDef } from '~/components/record-list/types';
import { fieldText, fieldValue } from '~/lib/record-values';
import { ClipboardListIcon } from '~/components/ui/icons';
import { recordScreens } from '~/lib/record-screens';
import { recordDeleteAction, recordListLoader } from '~/services/record-list.server';
import { formatDate } from '~/utils/format';

const title = 'Exam List';

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

export const loader = recordListLoader(recordScreens['/admin/exam/list']);
export const action = recordDeleteAction;

export default function ExamList() {
  const list = useLoaderData<typeof loader>();
  return (
    <RecordList
      title={title}
      description={`${list.total} ${list.total === 1 ? 'exam' : 'exams'}`}
      formType="examResult"
      typeLabel="Exam"
      noun={{ one: 'exam', other: 'exams' }}
      data={list}
      columns={columns}
      filters={[
        { name: 'courseId', label: 'Course', options: list.options.courses },
        { name: 'upcoming', label: 'Exam dates' },
      ]}
      searchPlaceholder="Exam ID, name, type…"
      addLabel="Create exam"
      empty={{ icon: ClipboardListIcon, title: 'No exams yet', description: 'Exams created for the courses appear here.' }}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title={title} />;
}
