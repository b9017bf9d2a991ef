import { randomUUID } from 'node:crypto';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type SerializeFrom } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import type { BreadcrumbHandle } from '~/components/app-sidebar/site-header';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { AllExamsLink, BranchTabs, NobodySitting } from '~/components/exams/sitting-nav';
import { SittingDocumentsTable } from '~/components/exams/sitting-documents';
import { MarksheetsJobStatus, StartMarksheetsJob } from '~/components/exams/marksheets-job';
import { FormError } from '~/components/ui/field-error';
import { PageHeader } from '~/components/list/page-header';
import { Badge } from '~/components/ui/badge';
import { requireAdminRoute } from '~/services/auth.server';
import { validateCsrf } from '~/services/csrf.server';
import { originOf } from '~/services/document-files.server';
import { listMarksheets, sittingMarksheetsJob, startSittingMarksheets } from '~/services/documents.server';

export const handle: BreadcrumbHandle<SerializeFrom<typeof loader>> = {
  breadcrumb: (loaded) => loaded?.list.exam.examName,
};

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `${loaded.list.exam.examName} · Marksheets` : 'Student Marksheet' },
];

/**
 * The exam's sitting in the branch the address names (`?branch=`), else the caller's first; `?q=`
 * narrows the students; `?job=` is the job making all its marksheets, watched as it goes.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, headers } = await requireAdminRoute(request, context);
  const search = new URL(request.url).searchParams;
  const examId = params.examId ?? '';
  const jobId = search.get('job');
  const [list, job] = await Promise.all([
    listMarksheets(api, examId, search.get('branch') || undefined),
    jobId ? sittingMarksheetsJob(api, examId, jobId) : null,
  ]);
  if (!list.ok) throw data({ message: list.message }, { status: list.status, headers });
  // A key per page shown: posting the form twice (a double click, a resend) starts one job.
  return data({ list: list.data, search: search.get('q') ?? '', job: job?.ok ? job.data : null, startKey: randomUUID() }, { headers });
}

/** Starts making every marksheet of the sitting as one PDF, then watches the job on this page. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api, headers } = await requireAdminRoute(request, context);
  const formData = await request.formData();
  await validateCsrf(formData, request);
  const branchId = String(formData.get('branchId') ?? '') || undefined;
  const key = String(formData.get('idempotencyKey') ?? '') || randomUUID();
  const started = await startSittingMarksheets(api, params.examId ?? '', branchId, originOf(request), key);
  if (!started.ok) return data({ message: started.message }, { status: started.status, headers });
  const url = new URL(request.url);
  url.searchParams.set('job', started.data._id);
  if (branchId) url.searchParams.set('branch', branchId);
  return redirect(`${url.pathname}${url.search}`, { headers });
}

export default function ExamMarksheets() {
  const { list, search, job, startKey } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const page = `/admin/exam/student-marksheet/${encodeURIComponent(list.exam._id)}`;
  const branch = `?branch=${encodeURIComponent(list.branch?._id ?? '')}`;
  const pdf = `${page}/pdf${branch}`;
  const ready = list.branch && list.published && list.students.length > 0;
  return (
    <div className="grid gap-4">
      <AllExamsLink to="/admin/exam/student-marksheet" />
      <PageHeader
        title={list.exam.examName}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {[list.exam.examId, list.exam.courseName, list.branch?.name].filter(Boolean).join(' · ')}
            {list.branch ? (
              list.published ? (
                <Badge variant="success">Results published</Badge>
              ) : (
                <Badge variant="outline">Results not published</Badge>
              )
            ) : null}
          </span>
        }
        actions={
          ready && list.branch ? (
            <StartMarksheetsJob branchId={list.branch._id} idempotencyKey={startKey} count={list.students.length} />
          ) : null
        }
      />
      <BranchTabs branches={list.branches} current={list.branch?._id} />
      {refusal?.message ? <FormError id="marksheets-job-error" errors={[refusal.message]} /> : null}
      {job ? (
        <MarksheetsJobStatus
          job={job}
          fileHref={`${pdf}&job=${encodeURIComponent(job._id)}`}
          watchHref={`${page}${branch}&job=${job._id}`}
        />
      ) : null}
      {!list.branch || list.students.length === 0 ? (
        <NobodySitting branch={list.branch?.name} course={list.exam.courseName} />
      ) : list.published ? (
        <SittingDocumentsTable
          list={list}
          search={search}
          document="Marksheet"
          fileHref={(studentId) => `${pdf}&student=${encodeURIComponent(studentId)}`}
        />
      ) : (
        <div className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          <p>Marksheets are made from published results: these results are not published yet.</p>
          <p className="mt-2">
            <Link to={`/admin/exam/result-entry/${encodeURIComponent(list.exam._id)}`} className="underline underline-offset-4">
              Open the exam in Result Entry
            </Link>{' '}
            to finish and publish them.
          </p>
        </div>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title="Student Marksheet" />;
}
