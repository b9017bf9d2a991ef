import { data, type LoaderFunctionArgs, type MetaFunction, type SerializeFrom } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import type { BreadcrumbHandle } from '~/components/app-sidebar/site-header';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { AllExamsLink, BranchTabs, NobodySitting } from '~/components/exams/sitting-nav';
import { SittingDocumentsTable } from '~/components/exams/sitting-documents';
import { PageHeader } from '~/components/list/page-header';
import { Badge } from '~/components/ui/badge';
import { requireAdminRoute } from '~/services/auth.server';
import { listMarksheets } from '~/services/documents.server';

export const handle: BreadcrumbHandle<SerializeFrom<typeof loader>> = {
  breadcrumb: (loaded) => loaded?.list.exam.examName,
};

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `${loaded.list.exam.examName} · Marksheets` : 'Student Marksheet' },
];

/** The exam's sitting in the branch the address names (`?branch=`), else the caller's first; `?q=` narrows the students. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, headers } = await requireAdminRoute(request, context);
  const search = new URL(request.url).searchParams;
  const list = await listMarksheets(api, params.examId ?? '', search.get('branch') || undefined);
  if (!list.ok) throw data({ message: list.message }, { status: list.status, headers });
  return data({ list: list.data, search: search.get('q') ?? '' }, { headers });
}

export default function ExamMarksheets() {
  const { list, search } = useLoaderData<typeof loader>();
  const pdf = `/admin/exam/student-marksheet/${encodeURIComponent(list.exam._id)}/pdf?branch=${encodeURIComponent(list.branch?._id ?? '')}`;
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
      />
      <BranchTabs branches={list.branches} current={list.branch?._id} />
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
