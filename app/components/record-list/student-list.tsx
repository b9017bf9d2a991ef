import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import type { LucideIcon } from '~/components/ui/icons';
import { formatDate } from '~/utils/format';
import { RecordList } from './record-list';
import { StudentBadges } from './status-badges';
import type { RecordListData, RecordRow } from '~/lib/record-list';
import type { ColumnDef, FilterDef } from './types';

function studentColumns(hideBranch: boolean): ColumnDef<RecordRow>[] {
  return [
    { id: 'name', header: 'Name', cell: (row) => row.title, sort: 'title', viewLink: true, card: 'title' },
    {
      id: 'registrationNo',
      header: 'Registration No',
      cell: (row) => row.registrationNo ?? '—',
      sort: 'registrationNo',
      card: 'subtitle',
      className: 'tabular-nums',
    },
    { id: 'rollNo', header: 'Roll No', cell: (row) => row.rollNo ?? '—', priority: 'low', className: 'tabular-nums' },
    { id: 'course', header: 'Course', cell: (row) => row.courseName ?? '—', className: 'max-w-64 truncate' },
    { id: 'branch', header: 'Branch', cell: (row) => row.branchName ?? '—', hidden: hideBranch, priority: 'medium' },
    {
      id: 'admissionDate',
      header: 'Admission Date',
      cell: (row) => formatDate(row.admissionDate) || '—',
      sort: 'admissionDate',
    },
    { id: 'status', header: 'Status', cell: (row) => <StudentBadges student={row} /> },
  ];
}

/** Registered, pass-out and new students: one list, told apart by title, filter and empty text. */
export function StudentList({
  data,
  title,
  empty,
}: {
  data: RecordListData;
  title: string;
  empty: { icon: LucideIcon; title: string; description: string };
}) {
  const branchUser = data.userBranch !== null;
  const filters: FilterDef[] = [
    ...(branchUser ? [] : [{ name: 'branchId' as const, label: 'Branch', options: data.options.branches }]),
    { name: 'courseId', label: 'Course', options: data.options.courses },
    { name: 'active', label: 'Status' },
    { name: 'admission', label: 'Admitted' },
  ];
  const count = `${data.total} ${data.total === 1 ? 'student' : 'students'}`;
  return (
    <RecordList
      title={title}
      description={branchUser && data.userBranch?.name ? `${data.userBranch.name} · ${count}` : count}
      formType="student"
      typeLabel="Student"
      noun={{ one: 'student', other: 'students' }}
      data={data}
      columns={studentColumns(branchUser)}
      filters={filters}
      searchPlaceholder="Name, registration no, phone…"
      empty={empty}
    />
  );
}

/** A student list route's meta, screen and error state: what the three student lists differ in is their title and empty text. */
export function studentListRoute({ title, empty }: { title: string; empty: { icon: LucideIcon; title: string; description: string } }) {
  const meta: MetaFunction = () => [{ title }];
  function Screen() {
    return <StudentList data={useLoaderData<RecordListData>()} title={title} empty={empty} />;
  }
  function ErrorBoundary() {
    return <GeneralErrorBoundary title={title} />;
  }
  return { meta, Screen, ErrorBoundary };
}
