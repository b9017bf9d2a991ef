import { studentListRoute, studentScreenBase } from '~/components/record-list/student-list';
import { UsersIcon } from '~/components/ui/icons';
import { recordDeleteAction, recordListLoader, type ListScreen } from '~/services/record-list.server';

/** Students whose registration is done (isRegistered), pass-outs included, newest first. */
const screen: ListScreen = {
  ...studentScreenBase,
  fixed: { registered: true },
  defaults: { sort: 'createdAt', order: 'desc' },
};

export const loader = recordListLoader(screen);
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
