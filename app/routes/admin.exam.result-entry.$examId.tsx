import { data, type ActionFunctionArgs, type MetaFunction, type SerializeFrom } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation, useSubmit } from '@remix-run/react';
import { useSelector } from '@xstate/react';
import * as React from 'react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { useHydrated } from 'remix-utils/use-hydrated';
import type { MarkCell } from '../../common/contracts/exam-results';
import { readMark } from '../../common/exam-results';
import type { BreadcrumbHandle } from '~/components/app-sidebar/site-header';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { AllExamsLink, BranchTabs, SittingNotReady, sittingReady } from '~/components/exams/sitting-nav';
import { PageHeader } from '~/components/list/page-header';
import { marksMissingNow, ResultGrid, useResultEntry } from '~/components/result-entry/result-grid';
import { hasUnsaved } from '~/machines/result-entry.machine';
import { AlertDialogAction, AlertDialogCancel, AlertDialogFooter, ConfirmDialog } from '~/components/ui/alert-dialog';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { PencilIcon, UploadIcon } from '~/components/ui/icons';
import { FormError } from '~/components/ui/field-error';
import { ExportLinks } from '~/components/list/export-links';
import { requireAdminRoute } from '~/services/auth.server';
import { validateCsrf } from '~/services/csrf.server';
import { loadExamSheet, publishExamResults, saveMarks, sittingSheetLoader } from '~/services/exam-results.server';
import { redirectWithToast } from '~/services/toast.server';
import { formatDate } from '~/utils/format';

export const handle: BreadcrumbHandle<SerializeFrom<typeof loader>> = {
  breadcrumb: (loaded) => loaded?.sheet.exam.examName,
};

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `${loaded.sheet.exam.examName} · Result Entry` : 'Result Entry' },
];

/** The exam's sitting in the branch the address names (`?branch=`), else the caller's first. */
export const loader = sittingSheetLoader;

/**
 * Without JavaScript the grid is a form: Save marks sends every cell with the version and the
 * text it was shown with, and only the changed ones go to the API. Publish sends the sitting's
 * version, so a sitting changed since is refused.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api, headers } = await requireAdminRoute(request, context);
  const formData = await request.formData();
  await validateCsrf(formData, request);
  const examId = params.examId ?? '';
  const url = new URL(request.url);
  const here = `${url.pathname}${url.search}`;
  const branchId = String(formData.get('branchId') ?? '');

  if (formData.get('intent') === 'publish') {
    const version = Number(formData.get('version'));
    const published = await publishExamResults(api, examId, branchId, Number.isInteger(version) ? version : undefined);
    if (!published.ok) return data({ message: published.message }, { status: published.status, headers });
    return redirectWithToast(here, { type: 'success', title: published.message }, { headers });
  }

  const sheet = await loadExamSheet(api, examId, branchId || undefined);
  if (!sheet.ok) return data({ message: sheet.message }, { status: sheet.status, headers });
  const cells: MarkCell[] = [];
  for (const student of sheet.data.students) {
    for (const subject of sheet.data.subjects) {
      const name = `${student.studentId}:${subject.key}`;
      const text = formData.get(`mark:${name}`);
      if (typeof text !== 'string' || text.trim() === String(formData.get(`was:${name}`) ?? '').trim()) continue;
      const read = readMark(text, subject);
      if ('error' in read) return data({ message: `${student.name}: ${read.error}` }, { status: 400, headers });
      cells.push({
        studentId: student.studentId,
        subject: subject.key,
        value: read.value,
        baseVersion: Number(formData.get(`base:${name}`)) || 0,
      });
    }
  }
  if (cells.length === 0) return redirectWithToast(here, { type: 'info', title: 'No marks were changed' }, { headers });
  const saved = await saveMarks(api, examId, cells);
  if (!saved.ok) return data({ message: saved.message }, { status: saved.status, headers });
  const met = saved.data.conflicts.length;
  return redirectWithToast(
    here,
    met === 0
      ? { type: 'success', title: saved.message }
      : {
          type: 'error',
          title: `${met} ${met === 1 ? 'mark was' : 'marks were'} changed by someone else meanwhile and kept as they are: check them`,
        },
    { headers },
  );
}

export default function ResultEntrySheet() {
  const { sheet } = useLoaderData<typeof loader>();
  // Another branch, or the sitting published: the grid starts again from the marks loaded.
  return <Sitting key={`${sheet.branch?._id}:${sheet.sitting.version}`} sheet={sheet} />;
}

function Sitting({ sheet }: { sheet: SerializeFrom<typeof loader>['sheet'] }) {
  const refusal = useActionData<typeof action>();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const actor = useResultEntry(sheet);
  const context = useSelector(actor, (snapshot) => snapshot.context);
  const published = sheet.sitting.state === 'published';
  const gridShown = Boolean(sheet.branch) && sheet.students.length > 0 && sheet.subjects.length > 0;
  const branchQuery = sheet.branch ? `?branch=${encodeURIComponent(sheet.branch._id)}` : '';

  return (
    <div className="grid gap-4">
      <AllExamsLink to="/admin/exam/result-entry" />
      <PageHeader
        title={sheet.exam.examName}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {[sheet.exam.examId, sheet.exam.courseName].filter(Boolean).join(' · ')}
            {published ? (
              <Badge variant="secondary">Published {sheet.sitting.publishedAt ? formatDate(sheet.sitting.publishedAt) : ''}</Badge>
            ) : (
              <Badge variant="outline">Draft</Badge>
            )}
          </span>
        }
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <Button asChild variant="outline" size="sm">
              <Link to={`students${branchQuery}`} relative="path">
                Students
              </Link>
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link to={`history${branchQuery}`} relative="path">
                History
              </Link>
            </Button>
            {gridShown ? (
              <Button asChild variant="outline" size="sm">
                <Link to={`import${branchQuery}`} relative="path">
                  <UploadIcon aria-hidden className="size-4" />
                  Import marks
                </Link>
              </Button>
            ) : null}
            {gridShown ? (
              <ExportLinks
                href={`/resources/exam-results-export?${new URLSearchParams({ exam: sheet.exam._id, branch: sheet.branch?._id ?? '' })}`}
                noun="results"
                size="sm"
              />
            ) : null}
            {gridShown && !published ? (
              <PublishButton
                sheet={sheet}
                missing={marksMissingNow(sheet, context)}
                unsaved={hasUnsaved(context)}
                busy={navigation.state !== 'idle'}
              />
            ) : null}
          </div>
        }
      />
      <BranchTabs branches={sheet.branches} current={sheet.branch?._id} />
      {refusal?.message ? <FormError id="result-entry-error" errors={[refusal.message]} /> : null}
      {!sittingReady(sheet) ? (
        <SittingNotReady sheet={sheet} />
      ) : (
        <Form method="post" className="grid gap-3">
          <AuthenticityTokenInput />
          <input type="hidden" name="branchId" value={sheet.branch._id} />
          {published ? (
            <p className="text-sm text-muted-foreground">
              These results are published: the marks are locked. Revise a student’s result to change them.
            </p>
          ) : null}
          <ResultGrid
            sheet={sheet}
            locked={published}
            actor={actor}
            rowAction={
              published
                ? (student) => (
                    <Button asChild size="icon" variant="ghost" className="size-8" title="Revise">
                      <Link to={`revise/${encodeURIComponent(student.studentId)}${branchQuery}`} relative="path">
                        <PencilIcon aria-hidden className="size-4" />
                        <span className="sr-only">Revise {student.name}’s result</span>
                      </Link>
                    </Button>
                  )
                : undefined
            }
          />
          {!hydrated && !published ? (
            <Button type="submit" name="intent" value="save" className="w-fit">
              Save marks
            </Button>
          ) : null}
        </Form>
      )}
    </div>
  );
}

/** Publishing locks the marks: asked once more, and only once every mark is in. */
function PublishButton({
  sheet,
  missing,
  unsaved,
  busy,
}: {
  sheet: SerializeFrom<typeof loader>['sheet'];
  missing: number;
  /** Marks typed and not yet saved: publishing waits for them. */
  unsaved: boolean;
  busy: boolean;
}) {
  const [open, setOpen] = React.useState(false);
  const submit = useSubmit();
  const hydrated = useHydrated();
  const form = React.useRef<HTMLFormElement>(null);
  return (
    <Form method="post" ref={form} className="flex items-center gap-3">
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="publish" />
      <input type="hidden" name="branchId" value={sheet.branch?._id ?? ''} />
      <input type="hidden" name="version" value={sheet.sitting.version} />
      {missing > 0 ? (
        <span className="text-sm text-muted-foreground">
          {missing} {missing === 1 ? 'mark' : 'marks'} missing
        </span>
      ) : null}
      <Button
        type={hydrated ? 'button' : 'submit'}
        disabled={busy || missing > 0 || unsaved}
        onClick={hydrated ? () => setOpen(true) : undefined}
      >
        Publish results
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Publish the results of ${sheet.branch?.name ?? 'this branch'}?`}
        description="Once published, the marks are locked and the results can be printed. Save any marks still being typed first."
      >
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={() => form.current && submit(form.current)}>Publish</AlertDialogAction>
        </AlertDialogFooter>
      </ConfirmDialog>
    </Form>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title="Result Entry" />;
}
