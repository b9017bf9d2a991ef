import { data, type LoaderFunctionArgs, type MetaFunction, type SerializeFrom } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import type { ResultsHistoryEntry } from '../../common/contracts/exam-results';
import { markText } from '../../common/exam-results';
import type { BreadcrumbHandle } from '~/components/app-sidebar/site-header';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { BackToResults, BranchTabs } from '~/components/exams/sitting-nav';
import { PageHeader } from '~/components/list/page-header';
import { requireAdminRoute } from '~/services/auth.server';
import { loadExamSheet, loadResultsHistory } from '~/services/exam-results.server';
import { formatDateTime } from '~/utils/format';

export const handle: BreadcrumbHandle<SerializeFrom<typeof loader>> = {
  breadcrumb: (loaded) => (loaded ? `${loaded.sheet.exam.examName}: history` : undefined),
};

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `History · ${loaded.sheet.exam.examName} · Result Entry` : 'History · Result Entry' },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, headers } = await requireAdminRoute(request, context);
  const branch = new URL(request.url).searchParams.get('branch') || undefined;
  const examId = params.examId ?? '';
  const [sheet, history] = await Promise.all([loadExamSheet(api, examId, branch), loadResultsHistory(api, examId, branch)]);
  if (!sheet.ok) throw data({ message: sheet.message }, { status: sheet.status, headers });
  if (!history.ok) throw data({ message: history.message }, { status: history.status, headers });
  return data({ sheet: sheet.data, entries: history.data.entries }, { headers });
}

const what: Record<ResultsHistoryEntry['kind'], (student: string) => string> = {
  published: () => 'Results published',
  revised: (student) => `${student}’s result revised`,
  added: (student) => `${student} added to the exam`,
  excused: (student) => `${student} excused from the exam`,
};

export default function ResultsHistoryPage() {
  const { sheet, entries } = useLoaderData<typeof loader>();
  return (
    <div className="grid max-w-3xl gap-4">
      <BackToResults examId={sheet.exam._id} branchId={sheet.branch?._id} />
      <PageHeader
        title={`History of ${sheet.exam.examName}`}
        description={sheet.branch ? `The sitting in ${sheet.branch.name}: newest first` : undefined}
      />
      <BranchTabs branches={sheet.branches} current={sheet.branch?._id} />
      {entries.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          Nothing has happened to this sitting yet. Publishing, revisions and changes to who sits it will show here.
        </p>
      ) : (
        <ol className="grid gap-3">
          {[...entries].reverse().map((entry, index) => (
            <li key={`${entry.at}-${index}`} className="rounded-lg border p-3">
              <p className="font-medium">{what[entry.kind](entry.student?.name ?? 'A student')}</p>
              <p className="text-sm text-muted-foreground">
                {formatDateTime(entry.at)}
                {entry.by ? ` · by ${entry.by}` : ''}
              </p>
              {entry.changes.length > 0 ? (
                <ul className="mt-2 grid gap-0.5 text-sm">
                  {entry.changes.map((change) => (
                    <li key={change.subject}>
                      {change.subject}:{' '}
                      <span className="tabular-nums line-through decoration-muted-foreground">{markText(change.from) || '—'}</span> →{' '}
                      <span className="font-medium tabular-nums">{markText(change.to) || '—'}</span>
                    </li>
                  ))}
                </ul>
              ) : null}
              {entry.reason ? <p className="mt-2 text-sm">Reason: {entry.reason}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
