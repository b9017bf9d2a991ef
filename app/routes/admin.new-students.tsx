import { studentListRoute } from '~/components/record-list/student-list';
import { UserCheckIcon } from '~/components/ui/icons';
import { recordScreens } from '~/lib/record-screens';
import { recordDeleteAction, recordListLoader } from '~/services/record-list.server';

export const loader = recordListLoader(recordScreens['/admin/new-students']);
export const action = recordDeleteAction;

const route = studentListRoute({
  title: 'New Students',
  empty: { icon: UserCheckIcon, title: 'No new students', description: 'Admitted students waiting for registration appear here.' },
});
export const meta = route.meta;
export default route.Screen;
export const ErrorBoundary = route.ErrorBoundary;
