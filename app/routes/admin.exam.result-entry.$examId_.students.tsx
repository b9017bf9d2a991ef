import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type SerializeFrom } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import * as React from 'react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { REASON_MAX, type SittingRoster } from '../../common/contracts/exam-results';
import type { BreadcrumbHandle } from '~/components/app-sidebar/site-header';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { BackToResults, BranchTabs } from '~/components/exams/sitting-nav';
import { PageHeader } from '~/components/list/page-header';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { FormError } from '~/components/ui/field-error';
import { Input } from '~/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { SearchInput } from '~/components/ui/search-input';
import { requireAdminRoute } from '~/services/auth.server';
import { validateCsrf } from '~/services/csrf.server';
import { addToSitting, excuseFromSitting, findSittingCandidates, loadSittingRoster } from '~/services/exam-results.server';
import { redirectWithToast } from '~/services/toast.server';
import { formatDate } from '~/utils/format';

export const handle: BreadcrumbHandle<SerializeFrom<typeof loader>> = {
  breadcrumb: (loaded) => (loaded ? `${loaded.roster.exam.examName}: students` : undefined),
};

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `Students · ${loaded.roster.exam.examName} · Result Entry` : 'Students · Result Entry' },
];

/** The sitting's students in the branch the address names; `?q=` finds students to add. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, headers } = await requireAdminRoute(request, context);
  const url = new URL(request.url);
  const branch = url.searchParams.get('branch') || undefined;
  const q = (url.searchParams.get('q') ?? '').trim();
  const examId = params.examId ?? '';
  const roster = await loadSittingRoster(api, examId, branch);
  if (!roster.ok) throw data({ message: roster.message }, { status: roster.status, headers });
  const found = q ? await findSittingCandidates(api, examId, roster.data.branch?._id, q) : null;
  if (found && !found.ok) throw data({ message: found.message }, { status: found.status, headers });
  return data({ roster: roster.data, q, candidates: found?.data.students ?? null }, { headers });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api, headers } = await requireAdminRoute(request, context);
  const formData = await request.formData();
  await validateCsrf(formData, request);
  const examId = params.examId ?? '';
  const studentId = String(formData.get('studentId') ?? '');
  const reason = String(formData.get('reason') ?? '');
  const branchId = String(formData.get('branchId') ?? '') || undefined;
  const changed =
    formData.get('intent') === 'excuse'
      ? await excuseFromSitting(api, examId, studentId, reason)
      : await addToSitting(api, examId, { studentId, reason, branchId });
  if (!changed.ok) {
    const message = changed.errors?.reason?.[0] ?? changed.message;
    return data({ message, studentId }, { status: changed.status, headers });
  }
  // The search is done once its student is added: the page comes back to the sitting.
  const url = new URL(request.url);
  url.searchParams.delete('q');
  return redirectWithToast(`${url.pathname}${url.search}`, { type: 'success', title: changed.message }, { headers });
}

type Loaded = SerializeFrom<typeof loader>;

export default function SittingStudents() {
  const { roster, q, candidates } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const published = roster.sitting.state === 'published';
  return (
    <div className="grid gap-4">
      <BackToResults examId={roster.exam._id} branchId={roster.branch?._id} />
      <PageHeader
        title={`Who sits ${roster.exam.examName}`}
        description={`The students registered in ${roster.exam.courseName ?? 'its course'}, less those excused, and those added.`}
      />
      <BranchTabs branches={roster.branches} current={roster.branch?._id} />
      {refusal?.message ? <FormError id="sitting-error" errors={[refusal.message]} /> : null}
      {published ? (
        <p className="rounded-lg border bg-muted/40 p-3 text-sm">
          These results are published: who sits them no longer changes. A mark is changed by revising the student’s result.
        </p>
      ) : null}
      {roster.branch ? (
        <>
          <Sitters roster={roster} published={published} refusedFor={refusal?.studentId} />
          {roster.excused.length > 0 ? <Excused roster={roster} published={published} /> : null}
          {published ? null : <AddStudent roster={roster} q={q} candidates={candidates} />}
        </>
      ) : (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          No branch has a student in {roster.exam.courseName ?? 'this exam’s course'} yet.
        </p>
      )}
    </div>
  );
}

function BranchField({ roster }: { roster: SittingRoster }) {
  return roster.branch ? <input type="hidden" name="branchId" value={roster.branch._id} /> : null;
}

/** A reason typed inline, then the button that sends it: a form of its own per student, so it works without JavaScript. */
function ReasonForm({
  intent,
  studentId,
  label,
  action,
  required,
  roster,
}: {
  intent: 'excuse' | 'add';
  studentId: string;
  label: string;
  action: string;
  required: boolean;
  roster: SittingRoster;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('studentId') === studentId;
  const id = React.useId();
  return (
    <Form method="post" className="flex flex-wrap items-center justify-end gap-2">
      <AuthenticityTokenInput />
      <BranchField roster={roster} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="studentId" value={studentId} />
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Input
        id={id}
        name="reason"
        required={required}
        maxLength={REASON_MAX}
        placeholder={required ? 'Reason (required)' : 'Reason (optional)'}
        className="h-8 w-48"
        autoComplete="off"
      />
      <Button type="submit" size="sm" variant={intent === 'excuse' ? 'outline' : 'default'} disabled={busy}>
        {action}
      </Button>
    </Form>
  );
}

function Sitters({ roster, published, refusedFor }: { roster: Loaded['roster']; published: boolean; refusedFor?: string }) {
  return (
    <section aria-labelledby="sitting-heading" className="grid gap-2">
      <h2 id="sitting-heading" className="text-base font-semibold">
        Sitting in {roster.branch?.name}: {roster.students.length} {roster.students.length === 1 ? 'student' : 'students'}
      </h2>
      <div className="overflow-x-auto rounded-lg border">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Roll No.</TableHead>
              <TableHead>Student</TableHead>
              <TableHead className="hidden sm:table-cell">Registration No.</TableHead>
              <TableHead className="text-right">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {roster.students.map((student) => (
              <TableRow key={student.studentId}>
                <TableCell className="tabular-nums">{student.rollNo ?? '—'}</TableCell>
                <TableCell>
                  <span className="font-medium">{student.name}</span>{' '}
                  {student.added ? (
                    <Badge variant="secondary" title={student.reason ?? undefined}>
                      Added{student.reason ? `: ${student.reason}` : ''}
                    </Badge>
                  ) : null}
                </TableCell>
                <TableCell className="hidden tabular-nums sm:table-cell">{student.registrationNo ?? '—'}</TableCell>
                <TableCell className="text-right">
                  {published ? null : (
                    <ExcuseOpener
                      name={student.name}
                      studentId={student.studentId}
                      open={refusedFor === student.studentId}
                      roster={roster}
                    />
                  )}
                </TableCell>
              </TableRow>
            ))}
            {roster.students.length === 0 ? (
              <TableRow>
                <TableCell colSpan={4} className="py-8 text-center text-muted-foreground">
                  Nobody sits this exam in {roster.branch?.name}: add a student below.
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}

/** "Excuse…" opens the reason in the row, with or without JavaScript; it stays open on a refusal, to be corrected. */
function ExcuseOpener({ name, studentId, open, roster }: { name: string; studentId: string; open: boolean; roster: SittingRoster }) {
  return (
    <details className="inline-block" open={open}>
      <summary className="inline-flex h-8 cursor-pointer list-none items-center rounded-md px-3 text-sm hover:bg-accent">
        Excuse…<span className="sr-only"> {name}</span>
      </summary>
      <div className="mt-2">
        <ReasonForm intent="excuse" studentId={studentId} label={`Why ${name} is excused`} action="Excuse" required roster={roster} />
      </div>
    </details>
  );
}

function Excused({ roster, published }: { roster: Loaded['roster']; published: boolean }) {
  return (
    <section aria-labelledby="excused-heading" className="grid gap-2">
      <h2 id="excused-heading" className="text-base font-semibold">
        Excused
      </h2>
      <ul className="divide-y rounded-lg border">
        {roster.excused.map((student) => (
          <li key={student.studentId} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
            <span>
              <span className="font-medium">{student.name}</span>
              <span className="block text-sm text-muted-foreground">
                {student.reason} · {formatDate(student.excusedAt)}
              </span>
            </span>
            {published ? null : (
              <Form method="post">
                <AuthenticityTokenInput />
                <BranchField roster={roster} />
                <input type="hidden" name="intent" value="add" />
                <input type="hidden" name="studentId" value={student.studentId} />
                <Button type="submit" size="sm" variant="outline">
                  Add back<span className="sr-only"> {student.name}</span>
                </Button>
              </Form>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Finds a student of the branch the course does not bring (a repeater, a transfer) and adds them. */
function AddStudent({ roster, q, candidates }: { roster: Loaded['roster']; q: string; candidates: Loaded['candidates'] }) {
  const searchId = React.useId();
  return (
    <section aria-labelledby="add-heading" className="grid gap-2">
      <h2 id="add-heading" className="text-base font-semibold">
        Add a student
      </h2>
      <Form method="get" role="search" className="flex max-w-md items-center gap-2">
        {roster.branch ? <input type="hidden" name="branch" value={roster.branch._id} /> : null}
        <label htmlFor={searchId} className="sr-only">
          Find a student to add
        </label>
        <SearchInput id={searchId} name="q" defaultValue={q} placeholder="Name, roll or registration number…" />
        <Button type="submit" variant="outline">
          Find
        </Button>
      </Form>
      {candidates === null ? (
        <p className="text-sm text-muted-foreground">Students of {roster.branch?.name} who do not sit this exam can be added.</p>
      ) : candidates.length === 0 ? (
        <p className="text-sm text-muted-foreground" role="status">
          No student of {roster.branch?.name} outside this sitting matches “{q}”.
        </p>
      ) : (
        <ul className="divide-y rounded-lg border" aria-label="Students found">
          {candidates.map((student) => (
            <li key={student.studentId} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              <span>
                <span className="font-medium">{student.name}</span>
                <span className="block text-sm text-muted-foreground">
                  {[student.registrationNo, student.courseName].filter(Boolean).join(' · ')}
                </span>
              </span>
              <ReasonForm
                intent="add"
                studentId={student.studentId}
                label={`Why ${student.name} is added`}
                action="Add"
                required={false}
                roster={roster}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
