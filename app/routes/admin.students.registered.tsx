import { studentListRoute } from '~/components/record-list/student-list';
import { UsersIcon } from '~/components/ui/icons';
import { recordScreens } from '~/lib/record-screens';
import { recordDeleteAction, recordListLoader } from '~/services/record-list.server';

export const loader = recordListLoader(recordScreens['/admin/students/registered']);
export const action = recordDeleteAction;

const route = studentListRoute({
  title: 'Registered Students',
  empty: {
    icon: UsersIcon,
    title: 'No registered students yet',
    description: 'Students appear here once their registration is marked as done.',
  },
});
export const meta = route.meta;
export default route.Screen;
export const ErrorBoundary = route.ErrorBoundary;
