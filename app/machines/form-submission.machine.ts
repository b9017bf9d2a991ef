import { assign, emit, fromPromise, setup } from 'xstate';

/**
 * Submitting a dynamic form (SPEC.md section 4: "Submission: idle, submitting, done; duplicate
 * submits are ignored; submit is blocked while an upload is in progress").
 *
 * - `idle`: a `submit` starts the injected `submitForm` actor, unless a file is still on its
 *   way to storage: then the form stays idle and `submission.blocked` is emitted with
 *   "Please wait for file upload to complete before submitting."
 * - `submitting`: the actor runs; further submits are ignored (a double click, Enter pressed
 *   twice). It answers an outcome: accepted (`done`) or refused (back to `idle`, with the
 *   refusal's message, so the user can correct the form and send it again). A thrown error is
 *   a refusal with the generic message.
 * - `done`: the record was saved. Submits are still ignored: the page is about to move on
 *   (an update, a student's admission) or resets the form, after which `form.reset` makes the
 *   form submittable again.
 *
 * Uploads report themselves with `upload.busy` (busy true when they start, false when they end
 * or are dropped); the machine keeps the ids of the busy ones in any state.
 */

export const UPLOAD_PENDING_MESSAGE = 'Please wait for file upload to complete before submitting.';
export const GENERIC_FAILURE_MESSAGE = 'Something went wrong.';

/** What the server made of a submission. */
export type SubmitOutcome = { ok: true } | { ok: false; message?: string };

export type FormSubmissionEvent =
  { type: 'submit'; payload: FormData } | { type: 'upload.busy'; id: string; busy: boolean } | { type: 'form.reset' };

export type FormSubmissionEmitted =
  | { type: 'submission.blocked'; message: string }
  | { type: 'submission.succeeded' }
  | { type: 'submission.failed'; message: string | null }
  /** A submit that arrived while sending or after saving, and was dropped. */
  | { type: 'submission.ignored' };

export interface FormSubmissionContext {
  /** Ids of the uploads in progress. */
  uploads: string[];
  /** The form data being sent while `submitting`. */
  payload: FormData | null;
  /** The message of the last refused submission. */
  error: string | null;
}

export const formSubmissionMachine = setup({
  types: {
    context: {} as FormSubmissionContext,
    events: {} as FormSubmissionEvent,
    emitted: {} as FormSubmissionEmitted,
  },
  actors: {
    submitForm: fromPromise<SubmitOutcome, { payload: FormData }>(async () => {
      throw new Error('submitForm is not provided');
    }),
  },
  guards: {
    uploadInProgress: ({ context }) => context.uploads.length > 0,
    accepted: (_, outcome: SubmitOutcome) => outcome.ok,
  },
  actions: {
    trackUpload: assign({
      uploads: ({ context, event }) => {
        if (event.type !== 'upload.busy') return context.uploads;
        const others = context.uploads.filter((id) => id !== event.id);
        return event.busy ? [...others, event.id] : others;
      },
    }),
    ignoreSubmit: emit({ type: 'submission.ignored' as const }),
    reportUploadPending: emit({ type: 'submission.blocked' as const, message: UPLOAD_PENDING_MESSAGE }),
    startSubmission: assign({
      payload: ({ event }) => (event.type === 'submit' ? event.payload : null),
      error: null,
    }),
    clear: assign({ payload: null, error: null }),
  },
}).createMachine({
  id: 'formSubmission',
  context: { uploads: [], payload: null, error: null },
  initial: 'idle',
  on: {
    'upload.busy': { actions: 'trackUpload' },
  },
  states: {
    idle: {
      on: {
        submit: [
          { guard: 'uploadInProgress', actions: 'reportUploadPending' },
          { target: 'submitting', actions: 'startSubmission' },
        ],
      },
    },
    submitting: {
      on: {
        // A duplicate (a double click, Enter pressed twice).
        submit: { actions: 'ignoreSubmit' },
      },
      invoke: {
        id: 'submitForm',
        src: 'submitForm',
        input: ({ context }) => ({ payload: context.payload! }),
        onDone: [
          {
            guard: { type: 'accepted', params: ({ event }) => event.output },
            target: 'done',
            actions: [assign({ payload: null, error: null }), emit({ type: 'submission.succeeded' as const })],
          },
          {
            target: 'idle',
            actions: [
              assign({
                payload: null,
                error: ({ event }) => (event.output.ok ? null : (event.output.message ?? null)),
              }),
              emit(({ event }) => ({
                type: 'submission.failed' as const,
                message: event.output.ok ? null : (event.output.message ?? null),
              })),
            ],
          },
        ],
        onError: {
          target: 'idle',
          actions: [
            assign({ payload: null, error: GENERIC_FAILURE_MESSAGE }),
            emit({ type: 'submission.failed' as const, message: GENERIC_FAILURE_MESSAGE }),
          ],
        },
      },
    },
    done: {
      on: {
        // Saved already: ignored until the form is reset.
        submit: { actions: 'ignoreSubmit' },
        'form.reset': { target: 'idle', actions: 'clear' },
      },
    },
  },
});
