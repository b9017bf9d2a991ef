import type { StudentExam } from '../../../common/contracts/exam-results';
import { Badge } from '~/components/ui/badge';
import { DownloadIcon } from '~/components/ui/icons';

const states: Record<StudentExam['state'], { label: string; variant: 'outline' | 'warning' | 'success' }> = {
  'awaiting entry': { label: 'Awaiting entry', variant: 'outline' },
  'in progress': { label: 'In progress', variant: 'warning' },
  published: { label: 'Published', variant: 'success' },
};

const standings: Record<StudentExam['outcome']['standing'], string> = { pass: 'Pass', fail: 'Fail', absent: 'Absent', incomplete: '' };

const marks = (value: number) => value.toLocaleString('en-IN', { maximumFractionDigits: 2 });

/** A student's exams on their details: where each stands, their marks subject by subject, the outcome, and the marksheet once published. */
export function StudentResults({ studentId, exams, marksheets }: { studentId: string; exams: StudentExam[]; marksheets: boolean }) {
  if (exams.length === 0) return <p className="text-sm text-muted-foreground">No exam of this student’s course yet.</p>;
  return (
    <ul className="grid gap-3">
      {exams.map(({ exam, state, subjects, marks: entered, outcome, marksheetCode }) => (
        <li key={exam._id} className="rounded-lg border p-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-medium">{exam.examName}</p>
            <Badge variant={states[state].variant}>{states[state].label}</Badge>
          </div>
          {state !== 'awaiting entry' ? (
            <>
              <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
                {subjects.map((subject) => {
                  const mark = entered[subject.key];
                  return (
                    <div key={subject.key} className="contents">
                      <dt className="text-muted-foreground">{subject.name}</dt>
                      <dd className="text-right tabular-nums">
                        {mark === undefined || mark === null ? '—' : mark === 'AB' ? 'AB' : marks(mark)} /{' '}
                        {marks(subject.questionPaperMarks)}
                      </dd>
                    </div>
                  );
                })}
              </dl>
              <p className="mt-2 text-sm">
                Total <span className="font-medium tabular-nums">{marks(outcome.total)}</span> of {marks(outcome.maximum)}
                {outcome.percentage !== null ? (
                  <>
                    {' '}
                    · <span className="tabular-nums">{outcome.percentage.toFixed(2)}%</span> · {standings[outcome.standing]} · Grade{' '}
                    <span className="font-medium">{outcome.grade}</span>
                  </>
                ) : null}
              </p>
            </>
          ) : null}
          {marksheetCode && marksheets ? (
            <a
              href={`/admin/exam/student-marksheet/${encodeURIComponent(exam._id)}/pdf?student=${encodeURIComponent(studentId)}&download=1`}
              download
              className="mt-2 inline-flex items-center gap-1 text-sm underline underline-offset-4"
            >
              <DownloadIcon aria-hidden className="size-4" />
              Download marksheet<span className="sr-only"> of {exam.examName}</span>
            </a>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
