import type { MetaFunction } from '@remix-run/node';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { ExamPicker } from '~/components/exams/exam-picker';
import { PenLineIcon } from '~/components/ui/icons';
import { examPickerLoader } from '~/services/exam-picker.server';

const title = 'Result Entry';

export const meta: MetaFunction = () => [{ title }];

export const loader = examPickerLoader;

export default function ResultEntryExams() {
  return (
    <ExamPicker
      title={title}
      description="Pick an exam to enter its marks"
      base="/admin/exam/result-entry"
      empty={{ icon: PenLineIcon, description: 'Exams created for the courses appear here, ready for their marks.' }}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title={title} />;
}
