import type { MetaFunction } from '@remix-run/node';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { ExamPicker } from '~/components/exams/exam-picker';
import { FileTextIcon } from '~/components/ui/icons';
import { examPickerLoader } from '~/services/exam-picker.server';

const title = 'Student Marksheet';

export const meta: MetaFunction = () => [{ title }];

export const loader = examPickerLoader;

export default function MarksheetExams() {
  return (
    <ExamPicker
      title={title}
      description="Pick an exam whose results are published to preview and download its marksheets"
      base="/admin/exam/student-marksheet"
      empty={{ icon: FileTextIcon, description: 'Exams appear here; their marksheets once their results are published.' }}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title={title} />;
}
