import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { StudentList, studentScreenBase } from '~/components/record-list/student-list';
import { GraduationCapIcon } from '~/components/ui/icons';
import { recordDeleteAction, recordListLoader, type ListScreen } from '~/services/record-list.server';

const title = 'Pass-out Students';

/** Students who completed their course (completedCourse, the API's passout filter), newest first. */
const screen: ListScreen = {
  ...studentScreenBase,
  fixed: { passout: true },
  defaults: { sort: 'createdAt', order: 'desc' },
};

export const meta: MetaFunction = () => [{ title }];

export const loader = recordListLoader(screen);
export const action = recordDeleteAction;

export default function PassoutStudents() {
  const list = useLoaderData<typeof loader>();
  return (
    <StudentList
      data={list}
      title={title}
      empty={{
        icon: GraduationCapIcon,
        title: 'No pass-out students yet',
        description: 'Students appear here once they are marked as having completed their course.',
      }}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title={title} />;
}
