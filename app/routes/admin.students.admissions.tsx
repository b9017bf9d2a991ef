import { studentListRoute } from '~/components/record-list/student-list';
import { ClipboardListIcon } from '~/components/ui/icons';
import { recordScreens } from '~/lib/record-screens';
import { recordDeleteAction, recordListLoader } from '~/services/record-list.server';

export const loader = recordListLoader(recordScreens['/admin/students/admissions']);
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
