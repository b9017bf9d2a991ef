import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type SerializeFrom } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import * as React from 'react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { REASON_MAX } from '../../common/contracts/exam-results';
import { markText, outcomeOf, readMark, standingLabels, type MarkValue } from '../../common/exam-results';
import type { BreadcrumbHandle } from '~/components/app-sidebar/site-header';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { BackToResults, resultsPath } from '~/components/exams/sitting-nav';
import { PageHeader } from '~/components/list/page-header';
import { Button } from '~/components/ui/button';
import { FieldError, FormError } from '~/components/ui/field-error';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Textarea } from '~/components/ui/textarea';
import { requireAdminRoute } from '~/services/auth.server';
import { validateCsrf } from '~/services/csrf.server';
import { loadExamSheet, reviseExamResult } from '~/services/exam-results.server';
import { redirectWithToast } from '~/services/toast.server';

export const handle: BreadcrumbHandle<SerializeFrom<typeof loader>> = {
  breadcrumb: (loaded) => (loaded ? `Revise ${loaded.student.name}` : undefined),
};

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `Revise ${loaded.student.name} · ${loaded.sheet.exam.examName}` : 'Revise a result' },
];

const studentMissing = 'This student is not sitting this exam';

async function loadStudent(request: Request, context: LoaderFunctionArgs['context'], examId: string, studentId: string) {
  const { api, headers } = await requireAdminRoute(request, context);
  const branch = new URL(request.url).searchParams.get('branch') || undefined;
  const sheet = await loadExamSheet(api, examId, branch);
  if (!sheet.ok) throw data({ message: sheet.message }, { status: sheet.status, headers });
  const student = sheet.data.students.find((one) => one.studentId === studentId);
  if (!student) throw data({ message: studentMissing }, { status: 404, headers });
  return { api, headers, sheet: sheet.data, student };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { headers, sheet, student } = await loadStudent(request, context, params.examId ?? '', params.studentId ?? '');
  return data({ sheet, student }, { headers });
}

/** Every subject's mark as typed, read as the grid reads it; the API holds each to its range. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const examId = params.examId ?? '';
  const { api, headers, sheet, student } = await loadStudent(request, context, examId, params.studentId ?? '');
  const formData = await request.formData();
  await validateCsrf(formData, request);
  const errors: Record<string, string[]> = {};
  const marks: Array<{ subject: string; value: MarkValue }> = [];
  for (const subject of sheet.subjects) {
    const read = readMark(String(formData.get(`mark:${subject.key}`) ?? ''), subject);
    if ('error' in read) errors[subject.key] = [read.error];
    else marks.push({ subject: subject.key, value: read.value });
  }
  if (Object.keys(errors).length > 0) return data({ message: 'Check the marks', errors }, { status: 400, headers });
  const version = Number(formData.get('version'));
  const revised = await reviseExamResult(
    api,
    examId,
    { studentId: student.studentId, marks, reason: String(formData.get('reason') ?? '') },
    Number.isInteger(version) ? version : undefined,
  );
  if (!revised.ok) {
    // The API names a mark's errors by student and subject; the form's fields are by subject.
    const prefix = `${student.studentId}.`;
    const byField = Object.fromEntries(Object.entries(revised.errors ?? {}).map(([key, list]) => [key.replace(prefix, ''), list]));
    return data({ message: revised.message, errors: byField }, { status: revised.status, headers });
  }
  return redirectWithToast(
    resultsPath(examId, sheet.branch?._id),
    { type: 'success', title: `${revised.message}: ${student.name}`, description: `New marksheet code ${revised.data.marksheetCode}` },
    { headers },
  );
}

export default function ReviseResult() {
  const { sheet, student } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const navigation = useNavigation();
  const published = sheet.sitting.state === 'published';
  const [typed, setTyped] = React.useState<Record<string, string>>(() =>
    Object.fromEntries(sheet.subjects.map((subject) => [subject.key, markText(student.marks[subject.key]?.value ?? null)])),
  );
  const read = Object.fromEntries(sheet.subjects.map((subject) => [subject.key, readMark(typed[subject.key] ?? '', subject)]));
  const values = Object.fromEntries(Object.entries(read).map(([key, mark]) => [key, 'value' in mark ? mark.value : null]));
  const outcome = outcomeOf(sheet.subjects, values, sheet.gradingScale);
  const grid = resultsPath(sheet.exam._id, sheet.branch?._id);
  const errorOf = (key: string) => refusal?.errors?.[key] ?? ('error' in read[key]! ? [read[key].error] : undefined);

  return (
    <div className="grid max-w-2xl gap-4">
      <BackToResults examId={sheet.exam._id} branchId={sheet.branch?._id} />
      <PageHeader
        title={`Revise ${student.name}’s result`}
        description={`${sheet.exam.examName}${student.rollNo ? ` · Roll No. ${student.rollNo}` : ''}${sheet.branch ? ` · ${sheet.branch.name}` : ''}`}
      />
      {!published ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">
          These results are not published yet: change the marks in the grid.
        </p>
      ) : (
        <Form method="post" className="grid gap-4" aria-describedby={refusal?.message ? 'revise-error' : undefined}>
          <AuthenticityTokenInput />
          <input type="hidden" name="version" value={sheet.sitting.version} />
          <p className="text-sm text-muted-foreground">
            The results are published. A revision keeps the marks as they were and the reason in the exam’s history; the student’s marksheet
            gets a new code and the old one verifies as superseded.
          </p>
          {refusal?.message ? <FormError id="revise-error" errors={[refusal.message]} /> : null}
          <fieldset className="grid gap-3 sm:grid-cols-2">
            <legend className="mb-2 text-sm font-medium">Marks</legend>
            {sheet.subjects.map((subject) => {
              const id = `mark-${subject.key}`;
              const errors = errorOf(subject.key);
              return (
                <div key={subject.key} className="grid gap-1">
                  <Label htmlFor={id}>
                    {subject.name}{' '}
                    <span className="font-normal text-muted-foreground">
                      of {subject.questionPaperMarks} · was {markText(student.marks[subject.key]?.value ?? null) || '—'}
                    </span>
                  </Label>
                  <Input
                    id={id}
                    name={`mark:${subject.key}`}
                    value={typed[subject.key] ?? ''}
                    onChange={(event) => setTyped((now) => ({ ...now, [subject.key]: event.target.value }))}
                    inputMode="decimal"
                    autoComplete="off"
                    className="w-32 text-right tabular-nums"
                    aria-invalid={errors ? true : undefined}
                    aria-describedby={errors ? `${id}-error` : undefined}
                  />
                  <FieldError id={`${id}-error`} errors={errors} />
                </div>
              );
            })}
          </fieldset>
          <p className="text-sm" aria-live="polite">
            Now: total {outcome.total} of {outcome.maximum}
            {outcome.percentage === null ? '' : ` · ${outcome.percentage.toFixed(2)}%`} · {standingLabels[outcome.standing]}
            {outcome.grade ? ` · grade ${outcome.grade}` : ''}
          </p>
          <div className="grid gap-1">
            <Label htmlFor="reason">Reason</Label>
            <Textarea
              id="reason"
              name="reason"
              required
              maxLength={REASON_MAX}
              rows={3}
              placeholder="For example: re-totalling found 10 marks not counted in question 4"
              aria-invalid={refusal?.errors?.reason ? true : undefined}
              aria-describedby={refusal?.errors?.reason ? 'reason-error' : undefined}
            />
            <FieldError id="reason-error" errors={refusal?.errors?.reason} />
          </div>
          <div className="flex gap-2">
            <Button type="submit" disabled={navigation.state !== 'idle'}>
              Revise result
            </Button>
            <Button asChild variant="ghost">
              <Link to={grid}>Cancel</Link>
            </Button>
          </div>
        </Form>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
