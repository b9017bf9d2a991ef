import { studentListRoute } from '~/components/record-list/student-list';
import { GraduationCapIcon } from '~/components/ui/icons';
import { recordScreens } from '~/lib/record-screens';
import { recordDeleteAction, recordListLoader } from '~/services/record-list.server';

export const loader = recordListLoader(recordScreens['/admin/students/passout']);
export const action = recordDeleteAction;

const route = studentListRoute({
  title: 'Pass-out Students',
  empty: {
    icon: GraduationCapIcon,
    title: 'No pass-out students yet',
    description: 'Students appear here once they are marked as having completed their course.',
  },
});
export const meta = route.meta;
export default route.Screen;
export const ErrorBoundary = route.ErrorBoundary;
