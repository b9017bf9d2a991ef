import type { MetaFunction } from '@remix-run/node';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { ExamPicker } from '~/components/exams/exam-picker';
import { IdCardIcon } from '~/components/ui/icons';
import { examPickerLoader } from '~/services/exam-picker.server';

const title = 'Admit Cards';

export const meta: MetaFunction = () => [{ title }];

export const loader = examPickerLoader;

export default function AdmitCardExams() {
  return (
    <ExamPicker
      title={title}
      description="Pick an exam to issue and print its admit cards"
      base="/admin/exam/admit-card"
      empty={{ icon: IdCardIcon, description: 'Exams created for the courses appear here, ready for their admit cards.' }}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title={title} />;
}
