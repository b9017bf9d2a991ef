import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import type { ResultEntry, ResultState } from '../../common/contracts/results';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { ResourceList } from '~/components/list/resource-list';
import { Badge } from '~/components/ui/badge';
import type { Column } from '~/components/list/types';
import { PenLineIcon } from '~/components/ui/icons';
import { listQueryParser, type QueryDefaults } from '~/lib/list-query';
import { listExamResults } from '~/services/exam-results.server';
import { listLoader, loadListPage } from '~/services/list.server';
import { formatDate } from '~/utils/format';

const title = 'Result Entry';

const sorts = ['createdAt', 'title'] as const;
type ExamSort = (typeof sorts)[number];
const defaults: QueryDefaults<ExamSort> = { sort: 'createdAt', order: 'desc' };
const parseQuery = listQueryParser({ sorts, filters: {} });

/** An exam as the list shows it: the kit names every row's `title` and `version`. */
type ExamRow = ResultEntry & { title: string; version: number };

export const meta: MetaFunction = () => [{ title }];

export const loader = listLoader(async (request, auth) => {
  const query = parseQuery(new URL(request.url).searchParams, defaults);
  return loadListPage(request, auth, {
    query,
    defaults,
    fetch: async ({ search, sort, order, page, limit }) => {
      const answer = await listExamResults(auth.api, { search: search || undefined, sortBy: sort, order, page, limit });
      if (!answer.ok) return answer;
      const { results, total, totalPages } = answer.data;
      return { ...answer, data: { rows: results.map((row): ExamRow => ({ ...row, title: row.examName, version: 0 })), total, totalPages } };
    },
  });
});

const stateBadges: Record<ResultState, { label: string; variant: 'outline' | 'warning' | 'success' }> = {
  'awaiting entry': { label: 'Awaiting entry', variant: 'outline' },
  'in progress': { label: 'In progress', variant: 'warning' },
  published: { label: 'Published', variant: 'success' },
};

const columns: Column<ExamRow, ExamSort>[] = [
  { id: 'examId', header: 'Exam ID', cell: (row) => row.examId ?? '—', card: 'subtitle', className: 'tabular-nums' },
  { id: 'name', header: 'Exam', cell: (row) => row.examName, sort: 'title', viewLink: true, card: 'title' },
  { id: 'course', header: 'Course', cell: (row) => row.courseName ?? '—', className: 'max-w-64 truncate' },
  { id: 'branch', header: 'Branch', cell: (row) => row.branchName ?? 'All branches', priority: 'low' },
  { id: 'subjects', header: 'Subjects', cell: (row) => row.subjects.length || '—', align: 'end', priority: 'medium' },
  {
    id: 'state',
    header: 'Results',
    cell: (row) => (
      <Badge variant={stateBadges[row.state].variant} className="whitespace-nowrap">
        {stateBadges[row.state].label}
      </Badge>
    ),
  },
  { id: 'created', header: 'Created', cell: (row) => formatDate(row.createdAt), sort: 'createdAt', priority: 'low' },
];

export default function ResultEntryExams() {
  const list = useLoaderData<typeof loader>();
  return (
    <ResourceList
      title={title}
      description="Pick an exam to enter its marks"
      noun={{ one: 'exam', other: 'exams' }}
      data={list}
      columns={columns}
      searchPlaceholder="Exam ID, name, course…"
      rowTarget={(row) => `/admin/exam/result-entry/${encodeURIComponent(row._id)}`}
      empty={{ icon: PenLineIcon, title: 'No exams yet', description: 'Exams created for the courses appear here, ready for their marks.' }}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title={title} />;
}
