import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { RecordListError } from '~/components/record-list/list-error';
import { StudentList, studentScreenBase } from '~/components/record-list/student-list';
import { GraduationCapIcon } from '~/components/ui/icons';
import { requireAdminRoute } from '~/services/auth.server';
import { deleteRecordAction, loadRecordList, type ListScreen } from '~/services/record-list.server';

const title = 'Pass-out Students';

/** Students who completed their course (completedCourse, the API's passout filter), newest first. */
const screen: ListScreen = {
  ...studentScreenBase,
  fixed: { passout: true },
  defaults: { sort: 'createdAt', order: 'desc' },
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
  return <RecordListError title={title} />;
}
