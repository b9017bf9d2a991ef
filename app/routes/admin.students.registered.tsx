import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { StudentList, studentScreenBase } from '~/components/record-list/student-list';
import { UsersIcon } from '~/components/ui/icons';
import { recordDeleteAction, recordListLoader, type ListScreen } from '~/services/record-list.server';

const title = 'Registered Students';

/** Students whose registration is done (isRegistered), pass-outs included, newest first. */
const screen: ListScreen = {
  ...studentScreenBase,
  fixed: { registered: true },
  defaults: { sort: 'createdAt', order: 'desc' },
};

export const meta: MetaFunction = () => [{ title }];

export const loader = recordListLoader(screen);
export const action = recordDeleteAction;

export default function RegisteredStudents() {
  const list = useLoaderData<typeof loader>();
  return (
    <StudentList
      data={list}
      title={title}
      empty={{
        icon: UsersIcon,
        title: 'No registered students yet',
        description: 'Students appear here once their registration is marked as done.',
      }}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title={title} />;
}
