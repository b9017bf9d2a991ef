import { randomUUID } from 'node:crypto';
import { createCookie, data, redirect, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useLocation } from '@remix-run/react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import {
  certificateMessages,
  issuedKindLabels,
  issuedKinds,
  issuedStatusLabels,
  issuedStatuses,
  type IssuedDocumentView,
  type IssuedKind,
} from '../../common/contracts/certificates';
import { BulkForm, BulkJobStatus, IssueForm, KindTabs, StudentSearch } from '~/components/certificates/issue-forms';
import { IssuedStatusBadge } from '~/components/certificates/status-badge';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { ConfirmForm, ReasonForm } from '~/components/action-forms';
import { ExportLinks } from '~/components/list/export-links';
import { ResourceList } from '~/components/list/resource-list';
import type { Column, Filter } from '~/components/list/types';
import { Button } from '~/components/ui/button';
import { BadgeCheckIcon, DownloadIcon, FilesIcon, IdCardIcon, PlusIcon, RotateCwIcon, UsersIcon, XIcon } from '~/components/ui/icons';
import { UrlDialog } from '~/components/wallet/url-dialog';
import {
  certificatePaths,
  generatedActionSchema,
  issuedApiQuery,
  issuedDefaults,
  issuedNoun,
  issuesDocuments,
  parseIssuedKind,
  parseIssuedQuery,
  withoutDialogs,
} from '~/lib/certificates';
import { withParams } from '~/lib/list-query';
import { failureMessage } from '~/services/api.server';
import { requireAdminRoute } from '~/services/auth.server';
import {
  bulkIssueJob,
  eligibleStudents,
  formatChoices,
  getIssued,
  issueDocument,
  listIssued,
  reissueDocument,
  revokeDocument,
  startBulkIssue,
} from '~/services/certificates.server';
import { recordChoices } from '~/services/choices.server';
import { readForm, replyWithRefusal } from '~/services/forms.server';
import { listLoader, loadListPage } from '~/services/list.server';
import { redirectWithToast } from '~/services/toast.server';
import { formatDate } from '~/utils/format';

const title = 'Generated Certificates';

export const meta: MetaFunction = () => [{ title }];

/** The bulk issue last started here, so the page shows it again when one comes back while it runs. */
const bulkJobCookie = createCookie('certificate-bulk-job', {
  path: certificatePaths.overview,
  httpOnly: true,
  sameSite: 'lax',
  maxAge: 60 * 60 * 24,
});

type Row = IssuedDocumentView & { title: string };

export const loader = listLoader(async (request, auth) => {
  const { user, api } = auth;
  const params = new URL(request.url).searchParams;
  // The dialogs' own parameters are not the list's: the tidy-address redirect must not drop them.
  const listParams = new URLSearchParams(withoutDialogs(params.toString()));
  const query = parseIssuedQuery(listParams, issuedDefaults);
  const everyBranch = !user.branchId;
  const issues = issuesDocuments(user);
  const issuing = issues ? parseIssuedKind(params.get('issue')) : null;
  const bulk = issues ? parseIssuedKind(params.get('bulk')) : null;
  const studentSearch = (params.get('q') ?? '').trim().slice(0, 100);
  const studentId = (params.get('student') ?? '').slice(0, 100);
  const jobId = params.get('job') || (await bulkJobCookie.parse(request.headers.get('Cookie'))) || '';
  const change = (['revoke', 'reissue'] as const).find((name) => params.get(name));

  // The picked student is read by id; the search's matches are only wanted while none is picked.
  const issueStudents = async (kind: IssuedKind) => {
    const one = studentId ? await eligibleStudents(api, { kind, studentId, page: 1, limit: 1 }) : null;
    const picked = one?.ok ? one.data.students.find((student) => student.eligible && student.courseId) : undefined;
    if (picked?.courseId) return { picked: { ...picked, courseId: picked.courseId }, students: null };
    const matches = studentSearch ? await eligibleStudents(api, { kind, search: studentSearch, page: 1, limit: 10 }) : null;
    return { picked: null, students: matches?.ok ? matches.data.students : null };
  };

  const [page, branches, courses, certificateFormats, idcardFormats, students, job, changed] = await Promise.all([
    loadListPage(request, auth, {
      query,
      defaults: issuedDefaults,
      fetch: async ({ page, limit, ...rest }) => {
        const answer = await listIssued(api, { ...issuedApiQuery({ ...rest, branchId: everyBranch ? rest.branchId : '' }), page, limit });
        if (!answer.ok) return answer;
        const { documents, total, totalPages } = answer.data;
        return { ...answer, data: { rows: documents.map((row): Row => ({ ...row, title: row.number })), total, totalPages } };
      },
    }),
    everyBranch ? recordChoices(api, 'branch') : null,
    recordChoices(api, 'course'),
    formatChoices(api, 'certificate'),
    formatChoices(api, 'idcard'),
    issuing ? issueStudents(issuing) : null,
    issues && jobId ? bulkIssueJob(api, jobId) : null,
    issues && change ? getIssued(api, params.get(change)!) : null,
  ]);
  // Only a document still standing is revoked or reissued.
  const changing = changed?.ok && changed.data.status === 'issued' ? changed.data : null;

  return {
    ...page,
    branches: branches ?? [],
    courses: courses ?? [],
    formats: { certificate: certificateFormats, idcard: idcardFormats },
    issues,
    issuing,
    bulk,
    studentSearch,
    students: students?.students ?? null,
    picked: students?.picked ?? null,
    job: job?.ok ? job.data : null,
    revoking: change === 'revoke' ? changing : null,
    reissuing: change === 'reissue' ? changing : null,
    /** One per form shown: sending it twice issues once. */
    formKey: randomUUID(),
  };
});

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, headers } = await requireAdminRoute(request, context);
  const { submission } = await readForm(request, generatedActionSchema);
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400, headers });
  const value = submission.value;
  const url = new URL(request.url);
  const list = `${url.pathname}${withoutDialogs(url.search)}`;
  const failed = 'The document could not be changed. Try again.';

  // The finished job is put away: the page stops showing it.
  if (value.intent === 'dismiss') {
    headers.append('Set-Cookie', await bulkJobCookie.serialize('', { maxAge: 0 }));
    return redirect(list, { headers });
  }

  if (value.intent === 'bulk') {
    const started = await startBulkIssue(
      api,
      { kind: value.kind, formatId: value.formatId, courseId: value.courseId, branchId: value.branchId || undefined },
      value.idempotencyKey,
    );
    if (!started.ok)
      return replyWithRefusal(submission, started, { fields: ['courseId', 'formatId', 'branchId'], fallback: failed, headers });
    headers.append('Set-Cookie', await bulkJobCookie.serialize(started.data._id));
    return redirectWithToast(
      `${url.pathname}${withParams(url.search, { bulk: null, job: started.data._id })}`,
      { type: 'success', title: started.message || certificateMessages.bulkStarted },
      { headers },
    );
  }

  const result =
    value.intent === 'issue'
      ? await issueDocument(
          api,
          { kind: value.kind, formatId: value.formatId, studentId: value.studentId, courseId: value.courseId },
          value.idempotencyKey,
        )
      : value.intent === 'revoke'
        ? await revokeDocument(api, value.id, value.reason, value.version)
        : await reissueDocument(api, value.id, value.version);
  if (!result.ok) {
    if (value.intent === 'reissue') return redirectWithToast(list, { type: 'error', title: failureMessage(result, failed) }, { headers });
    return replyWithRefusal(submission, result, {
      fields: value.intent === 'revoke' ? ['reason'] : ['formatId'],
      fallback: failed,
      headers,
    });
  }
  // A student who already holds one is answered with it (200): said as a warning, and the list shows it.
  const held = value.intent === 'issue' && result.status === 200;
  const number = value.intent === 'issue' && !held ? ` ${result.data.number}` : '';
  const to = value.intent === 'revoke' ? list : `${url.pathname}?${new URLSearchParams({ search: result.data.number })}`;
  return redirectWithToast(to, { type: held ? 'error' : 'success', title: `${result.message}${number}` }, { headers });
}

export default function GeneratedCertificates() {
  const list = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const { issues, formats, revoking, reissuing } = list;
  const closeTo = withoutDialogs(search, 'job') || '?';
  const allFormats = [...formats.certificate, ...formats.idcard];
  const selecting = list.rows.length > 0;
  const idcardsOnly = list.query.kind === 'idcard';

  const columns: Column<Row, (typeof issuedDefaults)['sort']>[] = [
    {
      id: 'select',
      header: 'Select',
      cell: (row) => (
        <input
          type="checkbox"
          name="ids"
          value={row._id}
          form="certificate-selection"
          aria-label={`Select ${row.number}`}
          className="size-4 align-middle accent-primary"
          onClick={(event) => event.stopPropagation()}
        />
      ),
    },
    {
      id: 'number',
      header: 'Number',
      cell: (row) => row.number,
      sort: 'number',
      card: 'title',
      className: 'tabular-nums whitespace-nowrap',
    },
    { id: 'student', header: 'Student', cell: (row) => row.studentName, sort: 'studentName', card: 'subtitle' },
    { id: 'kind', header: 'Kind', cell: (row) => issuedKindLabels[row.kind], priority: 'low' },
    { id: 'course', header: 'Course', cell: (row) => row.courseName, sort: 'courseName', priority: 'medium' },
    { id: 'branch', header: 'Branch', cell: (row) => row.branchName ?? '—', priority: 'low', hidden: !list.branches.length },
    {
      id: 'status',
      header: 'Status',
      cell: (row) => (
        <span className="inline-flex flex-wrap items-center gap-1">
          <IssuedStatusBadge status={row.status} />
          {row.status === 'superseded' && row.supersededBy ? (
            <span className="text-xs text-muted-foreground">by {row.supersededBy.number}</span>
          ) : null}
        </span>
      ),
    },
    {
      id: 'issuedAt',
      header: 'Issued',
      cell: (row) => formatDate(row.issuedAt),
      sort: 'issuedAt',
      className: 'tabular-nums whitespace-nowrap',
    },
  ];

  const filters: Filter[] = [
    {
      kind: 'select',
      name: 'kind',
      label: 'Kind',
      anyLabel: 'All kinds',
      options: issuedKinds.map((kind) => ({ value: kind, label: issuedKindLabels[kind] })),
    },
    {
      kind: 'select',
      name: 'status',
      label: 'Status',
      anyLabel: 'Any status',
      options: issuedStatuses.map((status) => ({ value: status, label: issuedStatusLabels[status] })),
    },
    { kind: 'select', name: 'formatId', label: 'Format', anyLabel: 'All formats', options: allFormats },
    { kind: 'select', name: 'courseId', label: 'Course', anyLabel: 'All courses', options: list.courses },
    ...(list.branches.length
      ? [{ kind: 'select' as const, name: 'branchId', label: 'Branch', anyLabel: 'All branches', options: list.branches }]
      : []),
  ];

  return (
    <ResourceList
      title={title}
      description="Certificates and ID cards issued to students: download, print, revoke or reissue them."
      noun={{ one: 'document', other: 'documents' }}
      data={list}
      columns={columns}
      filters={filters}
      searchPlaceholder="Student, registration or document number"
      empty={{
        icon: BadgeCheckIcon,
        title: 'Nothing issued yet',
        description: issues
          ? 'Issue a certificate or an ID card to a student, or to a whole course.'
          : 'Issued certificates and ID cards appear here.',
      }}
      actions={(row) => (
        <span className="flex justify-end gap-1">
          <Button asChild variant="ghost" size="sm">
            <a href={`${certificatePaths.pdf(row._id)}?download=1`} download aria-label={`PDF of ${row.number}`}>
              <DownloadIcon aria-hidden="true" />
              <span className="max-sm:sr-only">PDF</span>
            </a>
          </Button>
          {issues && row.status === 'issued' ? (
            <>
              <Button asChild variant="ghost" size="sm">
                <Link to={withParams(search, { reissue: row._id })} preventScrollReset aria-label={`Reissue ${row.number}`}>
                  <RotateCwIcon aria-hidden="true" />
                  <span className="max-sm:sr-only">Reissue</span>
                </Link>
              </Button>
              <Button asChild variant="ghost" size="sm" className="text-destructive">
                <Link to={withParams(search, { revoke: row._id })} preventScrollReset aria-label={`Revoke ${row.number}`}>
                  <XIcon aria-hidden="true" />
                  <span className="max-sm:sr-only">Revoke</span>
                </Link>
              </Button>
            </>
          ) : null}
        </span>
      )}
      notice={list.job ? <BulkJobStatus job={list.job} watchHref={withParams(search, { job: list.job._id })} /> : null}
      headerActions={
        <>
          <ExportLinks href={`/resources/certificates-export${withoutDialogs(search)}`} noun="certificates and ID cards" />
          {issues ? (
            <>
              <Button asChild variant="outline">
                <Link to={withParams(search, { bulk: list.query.kind || 'certificate', job: null })} preventScrollReset>
                  <UsersIcon aria-hidden="true" /> Issue for a course
                </Link>
              </Button>
              <Button asChild>
                <Link to={withParams(search, { issue: list.query.kind || 'certificate' })} preventScrollReset>
                  <PlusIcon aria-hidden="true" /> Issue
                </Link>
              </Button>
            </>
          ) : null}
        </>
      }
    >
      {selecting ? (
        <Form
          method="post"
          action={certificatePaths.print}
          reloadDocument
          id="certificate-selection"
          className="flex flex-wrap items-center gap-2 text-sm"
        >
          <AuthenticityTokenInput />
          <input type="hidden" name="back" value={`${certificatePaths.generated}${search}`} />
          <span className="text-muted-foreground">With the documents ticked:</span>
          <Button type="submit" name="as" value="pdf" variant="outline" size="sm">
            <FilesIcon aria-hidden="true" /> Download as one PDF
          </Button>
          {idcardsOnly ? (
            <>
              <Button type="submit" name="as" value="sheets" variant="outline" size="sm">
                <IdCardIcon aria-hidden="true" /> Print ID card sheets
              </Button>
              <Button type="submit" form="certificate-page" variant="outline" size="sm">
                <IdCardIcon aria-hidden="true" /> Print sheets of all {list.rows.length} on this page
              </Button>
            </>
          ) : (
            <Link to={withParams(search, { kind: 'idcard' })} className="text-muted-foreground underline underline-offset-4">
              Show ID cards to print sheets
            </Link>
          )}
        </Form>
      ) : null}

      {selecting && idcardsOnly ? (
        <Form method="post" action={certificatePaths.print} reloadDocument id="certificate-page" hidden>
          <AuthenticityTokenInput />
          <input type="hidden" name="back" value={`${certificatePaths.generated}${search}`} />
          <input type="hidden" name="as" value="sheets" />
          {list.rows.map((row) => (
            <input key={row._id} type="hidden" name="ids" value={row._id} />
          ))}
        </Form>
      ) : null}

      <UrlDialog
        open={Boolean(list.issuing)}
        closeTo={closeTo}
        title="Issue to a student"
        description="A number and a verification code are given as it is issued."
      >
        {list.issuing ? (
          <div className="grid gap-4">
            <KindTabs current={list.issuing} href={(kind) => withParams(search, { issue: kind, student: null })} />
            {list.picked ? (
              <>
                <IssueForm
                  kind={list.issuing}
                  student={list.picked}
                  formats={formats[list.issuing]}
                  idempotencyKey={list.formKey}
                  closeTo={closeTo}
                />
                <Link
                  to={withParams(search, { student: null })}
                  replace
                  preventScrollReset
                  className="w-fit text-sm underline underline-offset-4"
                >
                  Choose another student
                </Link>
              </>
            ) : (
              <StudentSearch key={list.issuing} kind={list.issuing} search={list.studentSearch} matches={list.students} />
            )}
          </div>
        ) : null}
      </UrlDialog>

      <UrlDialog
        open={Boolean(list.bulk)}
        closeTo={closeTo}
        title="Issue for a course"
        description="Runs as a job: you can leave this page and come back to it."
      >
        {list.bulk ? (
          <div className="grid gap-4">
            <KindTabs current={list.bulk} href={(kind) => withParams(search, { bulk: kind })} />
            <BulkForm
              key={list.bulk}
              kind={list.bulk}
              formats={formats[list.bulk]}
              courses={list.courses}
              branches={list.branches}
              courseId={new URLSearchParams(search).get('courseId') ?? ''}
              idempotencyKey={list.formKey}
              closeTo={closeTo}
            />
          </div>
        ) : null}
      </UrlDialog>

      <UrlDialog
        open={Boolean(revoking)}
        closeTo={closeTo}
        alert
        title={revoking ? `Revoke ${revoking.number}?` : 'Revoke'}
        description="Its verification then says revoked, with the reason. This cannot be undone."
      >
        {revoking ? (
          <ReasonForm
            intent="revoke"
            hidden={{ id: revoking._id, version: revoking.version }}
            label={`Revoke ${issuedNoun(revoking.kind)}`}
            busyLabel="Revoking…"
            placeholder="Issued with a misspelt name"
            closeTo={closeTo}
          />
        ) : null}
      </UrlDialog>

      <UrlDialog
        open={Boolean(reissuing)}
        closeTo={closeTo}
        alert
        title={reissuing ? `Reissue ${reissuing.number}?` : 'Reissue'}
        description="A new document with a new number is issued in its place; this one then verifies as superseded."
      >
        {reissuing ? (
          <ConfirmForm
            intent="reissue"
            hidden={{ id: reissuing._id, version: reissuing.version }}
            label="Reissue"
            busyLabel="Reissuing…"
            closeTo={closeTo}
          />
        ) : null}
      </UrlDialog>
    </ResourceList>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title={title} />;
}
