import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { RecordListError } from '~/components/record-list/list-error';
import { StudentList, studentScreenBase } from '~/components/record-list/student-list';
import { UsersIcon } from '~/components/ui/icons';
import { requireAdminRoute } from '~/services/auth.server';
import { deleteRecordAction, loadRecordList, type ListScreen } from '~/services/record-list.server';

const title = 'Registered Students';

/** Students whose registration is done (isRegistered), pass-outs included, newest first. */
const screen: ListScreen = {
  ...studentScreenBase,
  fixed: { registered: true },
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
  return <RecordListError title={title} />;
}
