import { studentListRoute, studentScreenBase } from '~/components/record-list/student-list';
import { UserCheckIcon } from '~/components/ui/icons';
import { recordDeleteAction, recordListLoader, type ListScreen } from '~/services/record-list.server';

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

export const loader = recordListLoader(screen);
export const action = recordDeleteAction;

const route = studentListRoute({
  title: 'New Students',
  empty: { icon: UserCheckIcon, title: 'No new students', description: 'Admitted students waiting for registration appear here.' },
});
export const meta = route.meta;
export default route.Screen;
export const ErrorBoundary = route.ErrorBoundary;
