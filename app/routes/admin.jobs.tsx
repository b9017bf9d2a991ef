import { data, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useLocation, useNavigation } from '@remix-run/react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { z } from 'zod';
import { isFinished, type JobListItem } from '../../common/contracts/jobs';
import { formatCount } from '../../common/numbers';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { JobStateBadge } from '~/components/jobs/job-state-badge';
import { EmptyState } from '~/components/list/empty-state';
import { ListTable } from '~/components/list/list-table';
import { PageHeader } from '~/components/list/page-header';
import { Pagination } from '~/components/list/pagination';
import type { Column } from '~/components/list/types';
import { Button } from '~/components/ui/button';
import { ClockIcon, RefreshCwIcon, XIcon } from '~/components/ui/icons';
import { Progress } from '~/components/ui/progress';
import { useWatching } from '~/hooks/use-watching';
import { jobDefaults, jobWatchPath, parseJobQuery } from '~/lib/jobs';
import { failureMessage } from '~/services/api.server';
import { requireAdminRoute } from '~/services/auth.server';
import { readForm } from '~/services/forms.server';
import { cancelJob, listJobs } from '~/services/jobs.server';
import { listLoader, loadListPage } from '~/services/list.server';
import { redirectWithToast } from '~/services/toast.server';
import { formatDateTime } from '~/utils/format';

const title = 'Jobs';

export const meta: MetaFunction = () => [{ title }];

/** How often the panel looks again while a job on it has not finished: it watches many, each screen of a job one. */
const REFRESH_MS = 2_000;

type Row = JobListItem & { title: string; version: number };

export const loader = listLoader(async (request, auth) => {
  const query = parseJobQuery(new URL(request.url).searchParams, jobDefaults);
  const page = await loadListPage(request, auth, {
    query,
    defaults: jobDefaults,
    fetch: async ({ page, limit }) => {
      const answer = await listJobs(auth.api, { page, limit });
      if (!answer.ok) return answer;
      const { jobs, total, totalPages } = answer.data;
      return { ...answer, data: { rows: jobs.map((job): Row => ({ ...job, title: job.kindLabel, version: 0 })), total, totalPages } };
    },
  });
  // A branch's staff see their branch's jobs alone: the column would say the same on every row.
  return { ...page, everyBranch: !auth.user.branchId };
});

const cancelSchema = z.object({ intent: z.literal('cancel'), jobId: z.string().min(1).max(100) });

/** Cancels a job and comes back to the same page of the panel, saying what happened. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { api, headers } = await requireAdminRoute(request, context);
  const { submission } = await readForm(request, cancelSchema);
  if (submission.status !== 'success') return data(submission.reply(), { status: 400, headers });
  const url = new URL(request.url);
  const cancelled = await cancelJob(api, submission.value.jobId);
  return redirectWithToast(
    `${url.pathname}${url.search}`,
    cancelled.ok
      ? { type: 'success', title: cancelled.message }
      : { type: 'error', title: failureMessage(cancelled, 'The job could not be cancelled. Try again.') },
    { headers },
  );
}

function JobProgress({ job }: { job: Row }) {
  const { done, total } = job.progress;
  return (
    <span className="grid min-w-32 gap-1">
      {isFinished(job.state) ? null : <Progress value={done} max={total || 1} aria-label={`${job.kindLabel}: items done`} />}
      <span className="text-xs text-muted-foreground tabular-nums">
        {formatCount(done)} of {formatCount(total)}
      </span>
    </span>
  );
}

function CancelButton({ job }: { job: Row }) {
  const navigation = useNavigation();
  const cancelling = navigation.state !== 'idle' && navigation.formData?.get('jobId') === job._id;
  return (
    <Form method="post" preventScrollReset>
      <AuthenticityTokenInput />
      <input type="hidden" name="jobId" value={job._id} />
      <Button
        type="submit"
        name="intent"
        value="cancel"
        variant="outline"
        size="sm"
        disabled={cancelling}
        aria-label={`${cancelling ? 'Cancelling' : 'Cancel'} ${job.kindLabel}, started ${formatDateTime(job.createdAt)}`}
      >
        <XIcon aria-hidden="true" />
        {cancelling ? 'Cancelling…' : 'Cancel'}
      </Button>
    </Form>
  );
}

export default function Jobs() {
  const list = useLoaderData<typeof loader>();
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  const unfinished = list.rows.some((job) => !isFinished(job.state));
  useWatching(unfinished, REFRESH_MS);
  // A page, or the Refresh link, on its way; not the refreshes made while jobs run, which change nothing but the figures.
  const busy = navigation.state === 'loading' && !navigation.formData && navigation.location.pathname === pathname;

  const columns: Column<Row, 'createdAt'>[] = [
    {
      id: 'kind',
      header: 'Job',
      card: 'title',
      cell: (job) => {
        const watch = jobWatchPath(job);
        return watch ? (
          <Link to={watch} className="font-medium hover:underline focus-visible:underline">
            {job.kindLabel}
          </Link>
        ) : (
          <span className="font-medium">{job.kindLabel}</span>
        );
      },
    },
    {
      id: 'state',
      header: 'State',
      cell: (job) => (
        <span className="grid gap-1">
          <JobStateBadge state={job.state} />
          {job.error ? <span className="text-xs text-destructive">{job.error}</span> : null}
        </span>
      ),
    },
    { id: 'progress', header: 'Progress', cell: (job) => <JobProgress job={job} /> },
    { id: 'requestedBy', header: 'Started by', cell: (job) => job.requestedBy?.name ?? 'System', card: 'subtitle' },
    { id: 'branch', header: 'Branch', cell: (job) => job.branchName ?? 'All branches', priority: 'medium', hidden: !list.everyBranch },
    {
      id: 'createdAt',
      header: 'Started',
      cell: (job) => formatDateTime(job.createdAt),
      className: 'tabular-nums whitespace-nowrap',
    },
    {
      id: 'finishedAt',
      header: 'Finished',
      cell: (job) => formatDateTime(job.finishedAt) || '—',
      priority: 'low',
      className: 'tabular-nums whitespace-nowrap',
    },
  ];

  return (
    <section aria-labelledby="list-title" className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-5">
      <PageHeader
        id="list-title"
        title={title}
        description={
          list.everyBranch ? 'Long work done in the background, as it goes.' : 'Long work you started, done in the background, as it goes.'
        }
        busy={busy}
        actions={
          <Button asChild variant="outline">
            <Link to={`${pathname}${search}`} preventScrollReset>
              <RefreshCwIcon aria-hidden="true" />
              Refresh
            </Link>
          </Button>
        }
      />
      {list.rows.length === 0 && !busy ? (
        <EmptyState icon={ClockIcon} title="No jobs yet">
          Long work runs here in the background: all of a sitting’s marksheets in one PDF, certificates for a whole course, a file of
          students imported. Start one from its own screen and follow it here.
        </EmptyState>
      ) : (
        <>
          <ListTable
            rows={list.rows}
            columns={columns}
            view={list}
            busy={busy}
            caption={title}
            actions={(job) => (isFinished(job.state) ? null : <CancelButton job={job} />)}
          />
          <Pagination
            page={list.page}
            totalPages={list.totalPages}
            total={list.total}
            limit={list.limit}
            noun={{ one: 'job', other: 'jobs' }}
          />
        </>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title={title} />;
}
