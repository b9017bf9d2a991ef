import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { Form, useActionData, useLoaderData, useLocation, useNavigate, useNavigation, useSubmit } from '@remix-run/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { Button } from '~/components/ui/button';
import { Card, CardContent } from '~/components/ui/card';
import { RotateCcwIcon } from '~/components/ui/icons';
import { Spinner } from '~/components/ui/spinner';
import { toast } from '~/components/ui/toaster';
import { useAdmissionCharge } from '~/components/wallet/admission-charge';
import { chargedMessage } from '~/machines/charge.machine';
import { formSubmissionMachine, type SubmitOutcome } from '~/machines/form-submission.machine';
import { CheckboxControl, FieldControl } from './field-control';
import { FileField } from './file-field';
import { FormNotAvailable, NoFormFields } from './form-states';
import { ExamSubjectsTable, TextListField } from './list-fields';
import {
  dynamicFormMessages as messages,
  dynamicFormSchema,
  subjectRow,
  sectionsOf,
  SUBJECT_PAPER_SWITCH,
  type DynamicFormActionData,
  type DynamicFormLoaderData,
  type DynamicFormValues,
  type ToastSpec,
} from '~/lib/dynamic-form';

type SubmissionActor = ActorRefFrom<typeof formSubmissionMachine>;

function showToast({ type, title, description, duration, link }: ToastSpec, navigate: (to: string) => void) {
  const action = link ? { label: link.label, onClick: () => navigate(link.href) } : undefined;
  toast[type](title, { description, duration, action });
}

/**
 * The dynamic form screen (SPEC.md section 2.4) for any form type: its loader and action are
 * app/services/dynamic-form.server.ts. Form Not Available, No Form Fields, or the form; Loading
 * Form is the admin layout's while the loader runs (app/routes/admin.tsx).
 */
export function DynamicFormScreen() {
  const data = useLoaderData() as unknown as DynamicFormLoaderData;
  const actionData = useActionData() as DynamicFormActionData | undefined;

  let body: ReactNode;
  if (data.state === 'error') body = <FormNotAvailable message={data.message ?? messages.notFound} />;
  else if (data.state === 'empty') body = <NoFormFields message={data.message ?? messages.noFields} />;
  else body = <DynamicForm key={`${data.formType}:${data.recordId ?? 'new'}`} data={data} actionData={actionData} />;

  return (
    <div className="mx-auto grid w-full min-w-0 max-w-5xl grid-cols-[minmax(0,1fr)] gap-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{data.title}</h1>
        {data.state === 'ready' ? (
          <p className="text-sm text-muted-foreground">
            Fields marked <span className="text-destructive">*</span> are required.
          </p>
        ) : null}
      </header>
      {body}
    </div>
  );
}

/**
 * Sends the form through the submission machine. Its `submitForm` actor posts with Remix and
 * settles when the navigation it started is over, with what the action answered; an update
 * redirects away and the page goes with it.
 */
function useSubmissionActor(actionData: DynamicFormActionData | undefined) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const location = useLocation();
  const target = location.pathname + location.search;
  const latest = useRef({ submit, target, actionData });
  latest.current = { submit, target, actionData };
  const pending = useRef<{ resolve: (outcome: SubmitOutcome) => void; before: unknown; started: boolean } | null>(null);

  const actorRef = useActorRef(
    formSubmissionMachine.provide({
      actors: {
        submitForm: fromPromise<SubmitOutcome, { payload: FormData }>(
          ({ input }) =>
            new Promise<SubmitOutcome>((resolve) => {
              pending.current = { resolve, before: latest.current.actionData, started: false };
              latest.current.submit(input.payload, {
                method: 'post',
                encType: 'multipart/form-data',
                action: latest.current.target,
                preventScrollReset: true,
              });
            }),
        ),
      },
    }),
  );

  useEffect(() => {
    const current = pending.current;
    if (!current) return;
    if (navigation.state !== 'idle') {
      current.started = true;
      return;
    }
    if (!current.started) return;
    pending.current = null;
    if (!actionData || actionData === current.before) current.resolve({ ok: false });
    else if (actionData.status === 'success') current.resolve({ ok: true });
    else current.resolve({ ok: false, message: 'message' in actionData ? actionData.message : undefined });
  }, [navigation.state, actionData]);

  return actorRef;
}

function DynamicForm({ data, actionData }: { data: DynamicFormLoaderData; actionData: DynamicFormActionData | undefined }) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const submission = useSubmissionActor(actionData);
  // Adding a student to a wallet-enabled branch asks to confirm the charge first.
  const charge = useAdmissionCharge({ applies: data.formType === 'student' && !data.editing });
  const { settle: settleCharge, abort: abortCharge } = charge;
  const [generation, setGeneration] = useState(0);
  const [consumed, setConsumed] = useState<DynamicFormActionData | undefined>(undefined);

  const reset = useCallback(() => {
    setConsumed(actionData);
    setGeneration((value) => value + 1);
  }, [actionData]);

  useEffect(() => {
    const blocked = submission.on('submission.blocked', (event) => {
      abortCharge();
      toast.error(event.message, { id: event.type });
    });
    // A submission that never reached the action leaves the charge flow nothing to settle.
    const failed = submission.on('submission.failed', () => abortCharge());
    return () => {
      blocked.unsubscribe();
      failed.unsubscribe();
    };
  }, [submission, abortCharge]);

  // Lists that could not be loaded: the form works without them.
  const noticeKey = data.notices.join('|');
  useEffect(() => {
    for (const notice of noticeKey ? noticeKey.split('|') : []) toast.error(notice, { id: notice });
  }, [noticeKey]);

  // What the action answered: toasts, then a reset (a new record), a timed move (a student).
  const handled = useRef<DynamicFormActionData | undefined>(undefined);
  useEffect(() => {
    if (!actionData || handled.current === actionData) return;
    handled.current = actionData;
    if (actionData.status === 'intent') return;
    if (actionData.status !== 'success') {
      // The wallet's refusal is announced by the charge flow, in the API's words.
      if (actionData.walletRefusal !== undefined) return settleCharge({ ok: false, status: 402, message: actionData.walletRefusal });
      settleCharge({ ok: false });
      toast.error(actionData.message);
      return;
    }
    for (const spec of actionData.toasts) showToast(spec, navigate);
    settleCharge({ ok: true, charge: actionData.charge });
    setConsumed(actionData);
    setGeneration((value) => value + 1);
    if (actionData.redirectTo) {
      const timer = setTimeout(() => navigate(actionData.redirectTo!), actionData.redirectDelayMs ?? 0);
      return () => clearTimeout(timer);
    }
    submission.send({ type: 'form.reset' });
  }, [actionData, navigate, submission, settleCharge]);

  const lastResult = actionData && actionData !== consumed && actionData.status !== 'success' ? actionData.result : undefined;

  return (
    <Card className="min-w-0 py-0">
      <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-8 px-4 py-6 sm:px-6">
        {!hydrated && actionData?.status === 'success' ? <SavedNotice result={actionData} /> : null}
        {data.notices.length ? (
          <ul className="grid gap-1 rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-900 dark:text-amber-200">
            {data.notices.map((notice) => (
              <li key={notice}>{notice}</li>
            ))}
          </ul>
        ) : null}
        <DynamicFormBody
          key={generation}
          data={data}
          lastResult={lastResult}
          submission={submission}
          onReset={reset}
          runCharged={charge.run}
        />
        {charge.dialog}
      </CardContent>
    </Card>
  );
}

/** Without JavaScript there are no toasts: the saved record is announced on the page. */
function SavedNotice({ result }: { result: Extract<DynamicFormActionData, { status: 'success' }> }) {
  return (
    <div role="status" className="grid gap-1 rounded-md border border-emerald-600/40 bg-emerald-600/10 px-3 py-2 text-sm">
      {result.toasts.map((spec) => (
        <p key={spec.title}>
          <strong className="font-medium">{spec.title}</strong>
          {spec.description ? ` ${spec.description}` : null}
          {spec.link ? (
            <>
              {' '}
              <a className="underline" href={spec.link.href}>
                {spec.link.label}
              </a>
            </>
          ) : null}
        </p>
      ))}
      {result.charge?.charged ? <p>{chargedMessage(result.charge)}</p> : null}
      {result.redirectTo ? (
        <>
          <meta httpEquiv="refresh" content={`${Math.round((result.redirectDelayMs ?? 0) / 1000)};url=${result.redirectTo}`} />
          <a className="underline" href={result.redirectTo}>
            Continue
          </a>
        </>
      ) : null}
    </div>
  );
}

function DynamicFormBody({
  data,
  lastResult,
  submission,
  onReset,
  runCharged,
}: {
  data: DynamicFormLoaderData;
  lastResult: SubmissionResult<string[]> | undefined;
  submission: SubmissionActor;
  onReset: () => void;
  /** Runs the submission, after the charge to the given branch (the student's center) is confirmed when one applies. */
  runCharged: (proceed: () => void, branchId?: string) => void;
}) {
  const hydrated = useHydrated();
  const location = useLocation();
  const schema = useMemo(() => dynamicFormSchema(data.fields), [data.fields]);
  const sections = useMemo(() => sectionsOf(data.fields, data.formType), [data.fields, data.formType]);

  const [form, fields] = useForm<DynamicFormValues, Record<string, unknown>>({
    id: `dynamic-form-${data.formType}`,
    lastResult,
    defaultValue: data.defaultValue,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate({ formData, submitter }) {
      const result = parseWithZod(formData, { schema });
      if (submitter && result.status === 'error') toast.error(messages.invalid, { id: 'dynamic-form-invalid' });
      return result;
    },
    onSubmit(event, { formData }) {
      event.preventDefault();
      const center = formData.get('centerName');
      runCharged(() => submission.send({ type: 'submit', payload: formData }), typeof center === 'string' && center ? center : undefined);
    },
  });

  const state = useSelector(submission, (snapshot) => snapshot.value);
  const uploading = useSelector(submission, (snapshot) => snapshot.context.uploads.length > 0);
  const submitting = state === 'submitting';

  const onBusyChange = useCallback((id: string, busy: boolean) => submission.send({ type: 'upload.busy', id, busy }), [submission]);
  const onKeyChange = useCallback((name: string) => form.validate({ name }), [form]);

  const onCourseChange = (value: string) => {
    if (!sections.table) return;
    const subjects = data.courseSubjects[value];
    if (value && !subjects) toast.error(messages.subjectsFailed, { id: messages.subjectsFailed });
    form.update({
      name: sections.table.name,
      value: subjects?.length ? subjects.map((subject) => subjectRow(subject)) : [subjectRow()],
    });
  };

  const showSubjectPaper = fields[SUBJECT_PAPER_SWITCH]?.value === 'on';
  const formProps = getFormProps(form);
  const formErrors = form.errors ?? [];

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      action={location.pathname + location.search}
      {...formProps}
      noValidate
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-8"
      onSubmit={(event) => {
        // Checked before the fields: the file being uploaded is usually a required one.
        if (submission.getSnapshot().context.uploads.length > 0) {
          event.preventDefault();
          submission.send({ type: 'submit', payload: new FormData(event.currentTarget) });
          return;
        }
        formProps.onSubmit(event);
      }}
    >
      {/* Enter in a field submits the form, never a list's add or remove button. */}
      {hydrated ? null : <button type="submit" hidden tabIndex={-1} aria-hidden="true" />}
      <AuthenticityTokenInput />
      <input type="hidden" name="idempotencyKey" value={data.idempotencyKey} />
      {data.version !== null ? <input type="hidden" name="version" value={data.version} /> : null}

      {formErrors.length ? (
        <div
          role="alert"
          id={form.errorId}
          className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
        >
          {formErrors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}

      {sections.grid.length ? (
        <div className="grid gap-x-6 gap-y-5 md:grid-cols-2">
          {sections.grid.map((field) => {
            const meta = fields[field.name]!;
            if (field.type === 'subCourseList') {
              return (
                <div key={field.name} className="md:col-span-2">
                  <TextListField form={form} field={field} meta={meta} />
                </div>
              );
            }
            return (
              <FieldControl
                key={field.name}
                field={field}
                meta={meta}
                options={data.options[field.name]}
                hint={field.name === 'centerName' && data.fixedCenter ? 'Students are added to your own branch.' : undefined}
                onValueChange={data.formType === 'examResult' && field.name === 'selectedCourse' ? onCourseChange : undefined}
                className={field.type === 'textarea' ? 'md:col-span-2' : undefined}
              />
            );
          })}
        </div>
      ) : null}

      {sections.table ? (
        <ExamSubjectsTable
          form={form}
          field={sections.table}
          meta={fields[sections.table.name]!}
          formType={data.formType}
          showSubjectPaper={showSubjectPaper}
          files={data.files}
          onBusyChange={onBusyChange}
          onKeyChange={onKeyChange}
        />
      ) : null}

      {sections.checkboxes.length ? (
        <div className="flex flex-wrap gap-x-8 gap-y-4 rounded-lg border bg-muted/30 px-4 py-3">
          {sections.checkboxes.map((field) => (
            <CheckboxControl key={field.name} field={field} meta={fields[field.name]!} />
          ))}
        </div>
      ) : null}

      {sections.files.length ? (
        <section aria-labelledby="file-uploads-heading" className="grid gap-4">
          <h2 id="file-uploads-heading" className="text-base font-semibold">
            File Uploads
          </h2>
          <div className="grid gap-x-6 gap-y-5 md:grid-cols-2 lg:grid-cols-3">
            {sections.files.map((field) => {
              const meta = fields[field.name]!;
              return (
                <FileField
                  key={field.name}
                  name={field.name}
                  id={meta.id}
                  label={field.label || field.name}
                  formType={data.formType}
                  required={field.required === true}
                  initialKey={typeof meta.initialValue === 'string' ? meta.initialValue : undefined}
                  info={data.files[field.name]}
                  errors={meta.errors}
                  errorId={meta.errorId}
                  onBusyChange={onBusyChange}
                  onKeyChange={onKeyChange}
                />
              );
            })}
          </div>
        </section>
      ) : null}

      <div className="flex flex-col-reverse gap-3 border-t pt-6 sm:flex-row sm:justify-end">
        <Button
          type="reset"
          variant="outline"
          disabled={submitting}
          onClick={(event) => {
            // With JavaScript the whole form starts over (lists, uploads); without it the browser resets the inputs.
            event.preventDefault();
            onReset();
          }}
        >
          <RotateCcwIcon aria-hidden /> Refresh
        </Button>
        <Button type="submit" disabled={submitting} data-waiting={uploading || undefined} className="sm:min-w-32 data-waiting:opacity-70">
          {submitting ? (
            <>
              <Spinner aria-hidden /> Processing...
            </>
          ) : uploading ? (
            <>
              <Spinner aria-hidden /> Wait for Upload...
            </>
          ) : data.editing ? (
            'Update'
          ) : (
            'Add'
          )}
        </Button>
      </div>
    </Form>
  );
}
