import { studentListRoute, studentScreenBase } from '~/components/record-list/student-list';
import { GraduationCapIcon } from '~/components/ui/icons';
import { recordDeleteAction, recordListLoader, type ListScreen } from '~/services/record-list.server';

/** Students who completed their course (completedCourse, the API's passout filter), newest first. */
const screen: ListScreen = {
  ...studentScreenBase,
  fixed: { passout: true },
  defaults: { sort: 'createdAt', order: 'desc' },
};

export const loader = recordListLoader(screen);
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
