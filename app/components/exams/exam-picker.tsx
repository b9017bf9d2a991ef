import { useLoaderData } from '@remix-run/react';
import type { ResultState } from '../../../common/contracts/results';
import { ResourceList } from '~/components/list/resource-list';
import type { Column } from '~/components/list/types';
import { Badge } from '~/components/ui/badge';
import type { LucideIcon } from '~/components/ui/icons';
import type { ExamRow, ExamSort, examPickerLoader } from '~/services/exam-picker.server';
import { formatDate } from '~/utils/format';

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

/** The exams to pick one of, with where each one's results stand; a row opens the exam at `base`/<its id>. */
export function ExamPicker({
  title,
  description,
  base,
  empty,
}: {
  title: string;
  description: string;
  base: string;
  empty: { icon: LucideIcon; description: string };
}) {
  const list = useLoaderData<typeof examPickerLoader>();
  return (
    <ResourceList
      title={title}
      description={description}
      noun={{ one: 'exam', other: 'exams' }}
      data={list}
      columns={columns}
      searchPlaceholder="Exam ID, name, course…"
      rowTarget={(row) => `${base}/${encodeURIComponent(row._id)}`}
      empty={{ icon: empty.icon, title: 'No exams yet', description: empty.description }}
    />
  );
}
