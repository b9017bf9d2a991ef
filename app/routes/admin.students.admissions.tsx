import { studentListRoute, studentScreenBase } from '~/components/record-list/student-list';
import { ClipboardListIcon } from '~/components/ui/icons';
import { recordDeleteAction, recordListLoader, type ListScreen } from '~/services/record-list.server';

/**
 * The admission register: every student whatever their status, latest admission first, so a
 * period's admissions (the dashboard's admissions figure among them) read as one list.
 * docs/decisions/025-the-admission-register.md
 */
const screen: ListScreen = {
  ...studentScreenBase,
  defaults: { sort: 'admissionDate', order: 'desc' },
};

export const loader = recordListLoader(screen);
export const action = recordDeleteAction;

const route = studentListRoute({
  title: 'Admission Register',
  empty: {
    icon: ClipboardListIcon,
    title: 'No students admitted yet',
    description: 'Every admitted student appears here, by admission date.',
  },
});
export const meta = route.meta;
export default route.Screen;
export const ErrorBoundary = route.ErrorBoundary;
