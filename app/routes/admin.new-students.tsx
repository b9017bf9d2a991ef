import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { StudentList, studentScreenBase } from '~/components/record-list/student-list';
import { UserCheckIcon } from '~/components/ui/icons';
import { recordDeleteAction, recordListLoader, type ListScreen } from '~/services/record-list.server';

const title = 'New Students';

/**
 * "New" means admitted but not yet registered (isRegistered false) nor passed out, newest first,
 * rather than "the most recent N": a list that empties as the office registers its students is a
 * to-do list, and a student never sits in New and in Registered or Pass-out at once. The most
 * recently added registered students are Registered Students in its default order.
 */
const screen: ListScreen = {
  ...studentScreenBase,
  fixed: { registered: false, passout: false },
  defaults: { sort: 'createdAt', order: 'desc' },
};

export const meta: MetaFunction = () => [{ title }];

export const loader = recordListLoader(screen);
export const action = recordDeleteAction;

export default function NewStudents() {
  const list = useLoaderData<typeof loader>();
  return (
    <StudentList
      data={list}
      title={title}
      empty={{
        icon: UserCheckIcon,
        title: 'No new students',
        description: 'Admitted students waiting for registration appear here.',
      }}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title={title} />;
}
