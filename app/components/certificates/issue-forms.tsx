import { Form, Link } from '@remix-run/react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { issuedKindLabels, type BulkJobView, type EligibleStudent, type IssuedKind } from '../../../common/contracts/certificates';
import { isFinished } from '../../../common/contracts/jobs';
import { Field, useErrors } from '~/components/action-forms';
import { useSubmittingIntent } from '~/components/list/use-list-navigation';
import { Button } from '~/components/ui/button';
import { TriangleAlertIcon } from '~/components/ui/icons';
import { NativeSelect } from '~/components/ui/native-select';
import { Progress } from '~/components/ui/progress';
import { SearchField, useTypedSearch } from '~/components/typed-search';
import { UrlDialogActions } from '~/components/wallet/url-dialog';
import { certificatePaths, issuedNoun } from '~/lib/certificates';
import type { Option } from '~/lib/list-query';
import { CheckAgainLink, JobRefresh } from '~/components/jobs/job-watch';

/** Certificate or ID card: links, so the choice works without JavaScript and keeps the address. */
export function KindTabs({ current, href }: { current: IssuedKind; href: (kind: IssuedKind) => string }) {
  return (
    <nav aria-label="Kind" className="flex gap-1 rounded-lg bg-muted p-1 text-sm">
      {(['certificate', 'idcard'] as const).map((kind) => (
        <Link
          key={kind}
          to={href(kind)}
          replace
          preventScrollReset
          aria-current={kind === current ? 'page' : undefined}
          className="flex-1 rounded-md px-3 py-1.5 text-center font-medium text-muted-foreground aria-[current=page]:bg-background aria-[current=page]:text-foreground aria-[current=page]:shadow-sm"
        >
          {issuedKindLabels[kind]}
        </Link>
      ))}
    </nav>
  );
}

/** Why a student found cannot be given a document of the kind now. */
function notEligible(student: EligibleStudent, kind: IssuedKind) {
  if (student.held) return `Holds ${student.held.number}`;
  if (!student.courseId) return 'In no course';
  if (kind === 'certificate' && !student.completedCourse) return 'Has not completed the course';
  return 'Cannot be issued one now';
}

/**
 * The student a document is issued to. Without JavaScript it is a GET form whose matches come
 * with the page; with it, the matches come as one types. Each eligible match is a link that picks it.
 */
export function StudentSearch({ kind, search, matches }: { kind: IssuedKind; search: string; matches: EligibleStudent[] | null }) {
  const typing = useTypedSearch<{ students: EligibleStudent[]; message: string | null }>(
    search,
    (text) => `/resources/certificate-students?${new URLSearchParams({ kind, search: text })}`,
  );
  const { hydrated, text, typed, answer, searching } = typing;
  const shown = typed ? (answer?.students ?? []) : (matches ?? []);
  const asked = hydrated ? text.trim() !== '' && (text.trim() === search || answer !== undefined) : search !== '';
  return (
    <div className="grid gap-2">
      <SearchField
        search={typing}
        preventScrollReset
        replace
        className="grid gap-1.5"
        label="Student"
        required
        id="issue-student-search"
        name="q"
        placeholder="Name or registration number"
      >
        <input type="hidden" name="issue" value={kind} />
      </SearchField>
      {asked ? (
        shown.length === 0 ? (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {searching ? 'Searching…' : 'No student matches.'}
          </p>
        ) : (
          <ul aria-label="Students found" className="max-h-56 divide-y overflow-y-auto rounded-md border">
            {shown.map((student) => {
              const detail = [student.registrationNo, student.courseName, student.branchName].filter(Boolean).join(' · ');
              return (
                <li key={student._id}>
                  {student.eligible ? (
                    <Link
                      to={certificatePaths.issue(kind, { _id: student._id, search: text.trim() || search })}
                      replace
                      preventScrollReset
                      className="grid px-3 py-2 text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
                    >
                      <span className="font-medium">{student.name}</span>
                      <span className="text-muted-foreground">{detail}</span>
                    </Link>
                  ) : (
                    <p className="grid px-3 py-2 text-sm text-muted-foreground">
                      <span>{student.name}</span>
                      <span>
                        {detail} · {notEligible(student, kind)}
                      </span>
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        )
      ) : null}
    </div>
  );
}

/** Issues one document to the student picked: the format of the kind, for the student's course. */
export function IssueForm({
  kind,
  student,
  formats,
  idempotencyKey,
  closeTo,
}: {
  kind: IssuedKind;
  student: EligibleStudent & { courseId: string };
  formats: Option[];
  idempotencyKey: string;
  closeTo: string;
}) {
  const errors = useErrors('issue');
  const submitting = useSubmittingIntent('issue');
  return (
    <Form method="post" preventScrollReset className="grid gap-4">
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="issue" />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="studentId" value={student._id} />
      <input type="hidden" name="courseId" value={student.courseId} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <div className="rounded-lg border bg-muted/30 px-4 py-3 text-sm" data-testid="issue-student">
        <p className="font-medium">{student.name}</p>
        <p className="text-muted-foreground">
          {[student.registrationNo, student.courseName, student.branchName].filter(Boolean).join(' · ')}
        </p>
      </div>
      <FieldErrorsAbove errors={[...(errors('') ?? []), ...(errors('studentId') ?? []), ...(errors('courseId') ?? [])]} />
      <FormatField kind={kind} formats={formats} errors={errors('formatId')} id="issue-format" />
      <UrlDialogActions closeTo={closeTo} submitting={submitting} busyLabel="Issuing…" label={`Issue ${issuedNoun(kind)}`} />
    </Form>
  );
}

function FieldErrorsAbove({ errors }: { errors: string[] }) {
  return errors.length ? (
    <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
      {errors.join(' ')}
    </p>
  ) : null;
}

function FormatField({ kind, formats, errors, id }: { kind: IssuedKind; formats: Option[]; errors?: string[]; id: string }) {
  return (
    <Field id={id} label="Format" required errors={errors}>
      <NativeSelect name="formatId" required defaultValue={formats.length === 1 ? formats[0]!.value : ''}>
        <option value="">{formats.length ? 'Choose a format' : `No ${issuedKindLabels[kind]} format yet`}</option>
        {formats.map((format) => (
          <option key={format.value} value={format.value}>
            {format.label}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
}

/** Issues to every eligible student of a course as one job: those completed (certificates), or all its students (ID cards). */
export function BulkForm({
  kind,
  formats,
  courses,
  branches,
  courseId,
  idempotencyKey,
  closeTo,
}: {
  kind: IssuedKind;
  formats: Option[];
  courses: Option[];
  branches: Option[];
  courseId: string;
  idempotencyKey: string;
  closeTo: string;
}) {
  const errors = useErrors('bulk');
  const submitting = useSubmittingIntent('bulk');
  return (
    <Form method="post" preventScrollReset className="grid gap-4">
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="bulk" />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <FieldErrorsAbove errors={errors('') ?? []} />
      <Field id="bulk-course" label="Course" required errors={errors('courseId')}>
        <NativeSelect name="courseId" required defaultValue={courseId}>
          <option value="">Choose a course</option>
          {courses.map((course) => (
            <option key={course.value} value={course.value}>
              {course.label}
            </option>
          ))}
        </NativeSelect>
      </Field>
      {branches.length ? (
        <Field id="bulk-branch" label="Branch" errors={errors('branchId')}>
          <NativeSelect name="branchId" defaultValue="">
            <option value="">All branches</option>
            {branches.map((branch) => (
              <option key={branch.value} value={branch.value}>
                {branch.label}
              </option>
            ))}
          </NativeSelect>
        </Field>
      ) : null}
      <FormatField kind={kind} formats={formats} errors={errors('formatId')} id="bulk-format" />
      <p className="text-sm text-muted-foreground">
        {kind === 'certificate'
          ? 'Every student who completed the course and holds no certificate for it gets one.'
          : 'Every student of the course who holds no ID card for it gets one.'}
      </p>
      <UrlDialogActions closeTo={closeTo} submitting={submitting} busyLabel="Starting…" label="Start issuing" />
    </Form>
  );
}

/**
 * A bulk issue as it goes: a bar of the students done, then how many were issued, or why it
 * failed or that it was cancelled. The page shows it until it is dismissed, so one may leave
 * while it runs and find it again.
 */
export function BulkJobStatus({ job, watchHref }: { job: BulkJobView; watchHref: string }) {
  const running = !isFinished(job.state);
  const { done, total } = job.progress;
  return (
    <section aria-labelledby="bulk-job-title" className="grid gap-3 rounded-lg border p-4" data-testid="bulk-job">
      <JobRefresh running={running} />
      <h2 id="bulk-job-title" className="font-medium">
        Issuing for a course
      </h2>
      {job.state === 'failed' ? (
        <p className="flex items-center gap-2 text-sm text-destructive" role="alert">
          <TriangleAlertIcon aria-hidden className="size-4" />
          {job.error}
        </p>
      ) : job.state === 'cancelled' ? (
        <p className="text-sm text-muted-foreground">
          Cancelled after {done} of {total} students: the {job.issued} issued before it stopped stay issued.
        </p>
      ) : (
        <>
          <Progress value={done} max={total || 1} aria-label="Students done" />
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {job.state === 'queued'
              ? 'Waiting to start…'
              : job.state === 'running'
                ? `${done} of ${total} students done, ${job.issued} issued…`
                : `Done: ${job.issued} issued${total > job.issued ? `, ${total - job.issued} already held one` : ''}.`}
          </p>
        </>
      )}
      {running ? (
        <CheckAgainLink to={watchHref} />
      ) : (
        <Form method="post" preventScrollReset>
          <AuthenticityTokenInput />
          <Button type="submit" name="intent" value="dismiss" variant="outline" size="sm">
            Dismiss
          </Button>
        </Form>
      )}
    </section>
  );
}
