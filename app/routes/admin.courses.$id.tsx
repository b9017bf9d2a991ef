import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type SerializeFrom } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import * as React from 'react';
import { coursePaperKindLabels } from '../../common/contracts/course-papers';
import { dynamicDataContract } from '../../common/contracts/dynamic-data';
import { formOptionContract } from '../../common/contracts/form-options';
import type { BreadcrumbHandle } from '~/components/app-sidebar/site-header';
import { BackLink } from '~/components/back-link';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { DeleteDialog } from '~/components/list/delete-dialog';
import { RecordButtons } from '~/components/list/record-buttons';
import { editHref } from '~/lib/record-links';
import { RecordFields, RecordHistory } from '~/components/record-list/record-details';
import { ActiveBadge } from '~/components/record-list/status-badges';
import type { ListRow } from '~/lib/list-query';
import { fieldValue, formatFees, formatMonths, subjectsOf } from '~/lib/record-values';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { FilesIcon, UsersIcon } from '~/components/ui/icons';
import { callEndpoint } from '~/services/api.server';
import { listCoursePapers } from '~/services/course-papers.server';
import { requireAdminRoute } from '~/services/auth.server';
import { deleteRecordAction, loadRecordDetail, recordAbilities } from '~/services/record-list.server';
import { adminRoutes, canOpen } from '~/lib/route-registry';

const studentsRoute = adminRoutes.find((route) => route.path === '/admin/students/registered')!;

export const handle: BreadcrumbHandle<SerializeFrom<typeof loader>> = {
  breadcrumb: (loaded) => loaded?.detail.record.title,
};

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `${loaded.detail.record.title} · Courses` : 'Course' },
];

/** The course, its papers (or the subjects of its description), how many students it has, and its history. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const auth = await requireAdminRoute(request, context);
  const { api, user, headers } = auth;
  const id = params.id ?? '';
  const [found, categories, papers] = await Promise.all([
    loadRecordDetail(api, id),
    callEndpoint(api, formOptionContract.courseCategories),
    listCoursePapers(api, { courseId: id, sortBy: 'position', limit: 100 }),
  ]);
  if (!found.ok || found.detail.record.formType !== 'course') {
    const status = found.ok ? 404 : found.status;
    throw data(
      { message: status === 404 ? 'This course does not exist or was deleted.' : found.ok ? '' : found.message },
      { status, headers },
    );
  }

  const seesStudents = canOpen(studentsRoute, user);
  const count = (registered?: boolean) =>
    callEndpoint(api, dynamicDataContract.list, { query: { formType: 'student', courseId: id, registered, limit: 1 } });
  const [all, registered] = seesStudents ? await Promise.all([count(), count(true)]) : [null, null];

  const names: Record<string, string> = {};
  if (categories.ok && Array.isArray(categories.data)) for (const category of categories.data) names[category._id] = category.name;

  return data(
    {
      detail: found.detail,
      names,
      // Without its papers the course still shows the subjects of its description.
      papers: papers.ok ? papers.data.papers : [],
      // All of them, though the card lists the first page only.
      paperCount: papers.ok ? papers.data.total : 0,
      papersHref: `/admin/course/papers?${new URLSearchParams({ course: id })}`,
      can: recordAbilities(user, 'course'),
      students: all?.ok && registered?.ok ? { total: all.data.total, registered: registered.data.total } : null,
      studentsHref: `${studentsRoute.path}?${new URLSearchParams({ courseId: id })}`,
    },
    { headers },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const auth = await requireAdminRoute(request, context);
  return deleteRecordAction(request, auth, { redirectTo: '/admin/courses' });
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0 rounded-lg border px-4 py-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-1 truncate text-lg font-semibold tabular-nums">{children}</dd>
    </div>
  );
}

export default function CourseView() {
  const { detail, names, can, students, studentsHref, papers, paperCount, papersHref } = useLoaderData<typeof loader>();
  const { record, fields, history } = detail;
  const [deleting, setDeleting] = React.useState<ListRow | null>(null);
  const closeDelete = React.useCallback(() => setDeleting(null), []);
  const subjects = subjectsOf(fieldValue(record, 'description'));
  const category = String(fieldValue(record, 'category') ?? '');
  const edit = can.edit ? editHref('course', record._id) : undefined;

  return (
    <article aria-labelledby="course-title" className="grid gap-6">
      <div>
        <BackLink to="/admin/courses">Courses</BackLink>
        <header className="mt-2 flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 id="course-title" className="text-2xl font-semibold tracking-tight break-words">
              {record.title}
            </h1>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              {record.code ? <Badge variant="outline">{record.code}</Badge> : null}
              <ActiveBadge active={record.isActive} />
              {category ? <Badge variant="secondary">{names[category] ?? category}</Badge> : null}
            </div>
          </div>
          {edit || can.delete ? (
            <div className="flex gap-2">
              <RecordButtons editHref={edit} onDelete={can.delete ? () => setDeleting(record) : undefined} />
            </div>
          ) : null}
        </header>
      </div>

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Fact label="Fees">{formatFees(fieldValue(record, 'fees')) || '—'}</Fact>
        <Fact label="Duration">{formatMonths(fieldValue(record, 'duration')) || '—'}</Fact>
        <Fact label="Subjects">{paperCount || subjects.length}</Fact>
        <Fact label="Students">{students ? students.total : '—'}</Fact>
      </dl>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="grid content-start gap-6">
          <Card>
            <CardHeader className="flex flex-wrap items-start justify-between gap-3">
              <div className="grid gap-1.5">
                <CardTitle>Subjects</CardTitle>
                <CardDescription>
                  {papers.length ? 'The course’s papers, in their order.' : 'From the course’s subject list, in its order.'}
                </CardDescription>
              </div>
              <Button asChild variant="outline" size="sm">
                <Link to={papersHref}>
                  <FilesIcon aria-hidden="true" />
                  Manage papers
                </Link>
              </Button>
            </CardHeader>
            <CardContent>
              {papers.length ? (
                <ol className="grid gap-2 sm:grid-cols-2">
                  {papers.map((paper) => (
                    <li key={paper._id} className="flex items-center gap-3 rounded-md border px-3 py-2 text-sm">
                      <Badge variant="outline" className="shrink-0 tabular-nums">
                        {paper.code}
                      </Badge>
                      <span className="min-w-0 flex-1 truncate">{paper.name}</span>
                      <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
                        {coursePaperKindLabels[paper.kind]} · pass {paper.passingMarks} of {paper.questionPaperMarks}
                      </span>
                    </li>
                  ))}
                </ol>
              ) : subjects.length ? (
                <ol className="grid gap-2 sm:grid-cols-2">
                  {subjects.map((subject, index) => (
                    <li key={`${subject}-${index}`} className="flex items-center gap-3 rounded-md border px-3 py-2 text-sm">
                      <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-muted text-xs font-medium tabular-nums">
                        {index + 1}
                      </span>
                      {subject}
                    </li>
                  ))}
                </ol>
              ) : (
                <p className="text-sm text-muted-foreground">No subjects listed.</p>
              )}
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Details</CardTitle>
            </CardHeader>
            <CardContent>
              <RecordFields record={record} fields={fields.filter((field) => field.name !== 'description')} names={names} />
            </CardContent>
          </Card>
        </div>

        <div className="grid content-start gap-6">
          {students ? (
            <Card>
              <CardHeader>
                <CardTitle>Students</CardTitle>
                <CardDescription>
                  {students.total} enrolled · {students.registered} registered
                </CardDescription>
              </CardHeader>
              <CardContent>
                <Button asChild variant="outline" className="w-full">
                  <Link to={studentsHref}>
                    <UsersIcon aria-hidden="true" />
                    View registered students
                  </Link>
                </Button>
              </CardContent>
            </Card>
          ) : null}

          <Card>
            <CardHeader>
              <CardTitle>History</CardTitle>
            </CardHeader>
            <CardContent>
              <RecordHistory history={history} fields={fields} names={names} record={record} />
            </CardContent>
          </Card>
        </div>
      </div>

      <DeleteDialog target={deleting} typeLabel="Course" onClose={closeDelete} />
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title="Course" back={{ href: '/admin/courses', label: 'Back to courses' }} />;
}
