import { assign, emit, fromCallback, fromPromise, setup } from 'xstate';
import { uploadMessages } from '../../common/uploads/rules';

/**
 * One file field's upload straight to storage (SPEC.md sections 4 and 7, DESIGN.md section 7):
 * ask for a short-lived address, PUT the bytes there with progress, confirm.
 *
 *   idle ──upload.start──▶ requestingAddress ──▶ uploading ──upload.sent──▶ confirming ──▶ done
 *                               │                   │  upload.progress            │
 *                               └──────────────▶ failed ◀─────────────────────────┘
 *
 * - Every side effect is an injected actor: `requestAddress` (the presign call), `uploadFile`
 *   (the PUT; a callback actor that reports `upload.progress` {loaded, total}, then
 *   `upload.sent` or `upload.error`, and aborts the request when it is stopped) and
 *   `confirmUpload`. The browser's XMLHttpRequest lives in the component layer.
 * - `upload.cancel` stops whatever runs and returns to idle; from failed it dismisses the error.
 * - `upload.retry` sends the same file again; `upload.start` with another file replaces it,
 *   from idle, done or failed. A start without a file (or an empty one) fails with
 *   "Upload failed: No file provided"; a failure without a reason reads "Upload failed. Please
 *   try again.".
 * - `key` is the field's value: the stored file's key. It starts as the record's (editing) and
 *   changes only when an upload is confirmed, so a cancelled or failed replacement keeps the
 *   file the record had. `upload.clear` removes it.
 * - `upload.completed` and `upload.failed` are emitted for the page's toasts.
 */

/** The part of a File the machine reads (a File is one). */
export interface UploadableFile extends Blob {
  readonly name: string;
}

/** What the presign call answers: where to PUT the bytes, with exactly these headers. */
export interface UploadTarget {
  presignedUrl: string;
  key: string;
  headers: Record<string, string>;
}

export interface UploadRequest {
  file: UploadableFile;
  fieldName: string;
  formType: string;
}

export type UploadFileEvent =
  { type: 'upload.progress'; loaded: number; total: number } | { type: 'upload.sent' } | { type: 'upload.error'; message: string };

export type UploadEvent =
  | { type: 'upload.start'; file: UploadableFile | null }
  | { type: 'upload.retry' }
  | { type: 'upload.cancel' }
  | { type: 'upload.clear' }
  | UploadFileEvent;

export type UploadEmitted = { type: 'upload.completed'; key: string; fileName: string } | { type: 'upload.failed'; message: string };

export interface UploadContext {
  fieldName: string;
  formType: string;
  /** The stored file's key: the value the form submits. */
  key: string | null;
  /** The stored file's name, for display. */
  fileName: string | null;
  /** The file being uploaded (or that failed, for a retry). */
  file: UploadableFile | null;
  target: UploadTarget | null;
  loaded: number;
  total: number;
  percentage: number;
  error: string | null;
}

export interface UploadInput {
  fieldName: string;
  formType: string;
  key?: string | null;
  fileName?: string | null;
}

export const NO_FILE_MESSAGE = 'No file provided';
/** SPEC.md section 8's alert, for a failure that came without a reason. */
export const UPLOAD_FAILED_ALERT = 'Upload failed. Please try again.';
export const uploadFailedMessage = (message: string) => (message ? `Upload failed: ${message}` : UPLOAD_FAILED_ALERT);

export function percentageOf(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(100, Math.max(0, Math.round((loaded / total) * 100)));
}

function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return '';
}

export const uploadMachine = setup({
  types: {
    context: {} as UploadContext,
    events: {} as UploadEvent,
    emitted: {} as UploadEmitted,
    input: {} as UploadInput,
  },
  actors: {
    requestAddress: fromPromise<UploadTarget, UploadRequest>(async () => {
      throw new Error('requestAddress is not provided');
    }),
    uploadFile: fromCallback<UploadEvent, { file: UploadableFile; target: UploadTarget }>(({ sendBack }) => {
      sendBack({ type: 'upload.error', message: 'uploadFile is not provided' });
    }),
    confirmUpload: fromPromise<unknown, UploadRequest & { key: string }>(async () => {
      throw new Error('confirmUpload is not provided');
    }),
  },
  guards: {
    hasNoFile: ({ event }) => event.type === 'upload.start' && (!event.file || event.file.size === 0),
    hasFile: ({ context }) => context.file !== null,
  },
  actions: {
    takeFile: assign(({ event }) => ({
      file: event.type === 'upload.start' ? event.file : null,
      target: null,
      loaded: 0,
      total: event.type === 'upload.start' ? (event.file?.size ?? 0) : 0,
      percentage: 0,
      error: null,
    })),
    restart: assign(({ context }) => ({
      target: null,
      loaded: 0,
      total: context.file?.size ?? 0,
      percentage: 0,
      error: null,
    })),
    failWithoutFile: assign({
      file: null,
      target: null,
      loaded: 0,
      total: 0,
      percentage: 0,
      error: uploadFailedMessage(uploadMessages.noFile),
    }),
    reportFailure: emit(({ context }) => ({ type: 'upload.failed' as const, message: context.error ?? '' })),
    reset: assign({ file: null, target: null, loaded: 0, total: 0, percentage: 0, error: null }),
    removeStoredFile: assign({ key: null, fileName: null }),
  },
}).createMachine({
  id: 'upload',
  context: ({ input }) => ({
    fieldName: input.fieldName,
    formType: input.formType,
    key: input.key ?? null,
    fileName: input.fileName ?? null,
    file: null,
    target: null,
    loaded: 0,
    total: 0,
    percentage: 0,
    error: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'upload.start': [
          { guard: 'hasNoFile', target: 'failed', actions: ['failWithoutFile', 'reportFailure'] },
          { target: 'requestingAddress', actions: 'takeFile' },
        ],
        'upload.clear': { actions: 'removeStoredFile' },
      },
    },
    requestingAddress: {
      invoke: {
        id: 'requestAddress',
        src: 'requestAddress',
        input: ({ context }) => ({ file: context.file!, fieldName: context.fieldName, formType: context.formType }),
        onDone: { target: 'uploading', actions: assign({ target: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: [assign({ error: ({ event }) => uploadFailedMessage(messageOf(event.error)) }), 'reportFailure'],
        },
      },
      on: {
        'upload.cancel': { target: 'idle', actions: 'reset' },
      },
    },
    uploading: {
      invoke: {
        id: 'uploadFile',
        src: 'uploadFile',
        input: ({ context }) => ({ file: context.file!, target: context.target! }),
      },
      on: {
        'upload.progress': {
          actions: assign(({ event }) => ({
            loaded: event.loaded,
            total: event.total,
            percentage: percentageOf(event.loaded, event.total),
          })),
        },
        'upload.sent': {
          target: 'confirming',
          actions: assign(({ context }) => ({ loaded: context.total, percentage: 100 })),
        },
        'upload.error': {
          target: 'failed',
          actions: [assign({ error: ({ event }) => uploadFailedMessage(event.message) }), 'reportFailure'],
        },
        'upload.cancel': { target: 'idle', actions: 'reset' },
      },
    },
    confirming: {
      invoke: {
        id: 'confirmUpload',
        src: 'confirmUpload',
        input: ({ context }) => ({
          file: context.file!,
          fieldName: context.fieldName,
          formType: context.formType,
          key: context.target!.key,
        }),
        onDone: {
          target: 'done',
          actions: [
            assign(({ context }) => ({ key: context.target!.key, fileName: context.file!.name, error: null })),
            emit(({ context }) => ({ type: 'upload.completed' as const, key: context.key!, fileName: context.fileName! })),
          ],
        },
        onError: {
          target: 'failed',
          actions: [assign({ error: ({ event }) => uploadFailedMessage(messageOf(event.error)) }), 'reportFailure'],
        },
      },
      on: {
        'upload.cancel': { target: 'idle', actions: 'reset' },
      },
    },
    done: {
      on: {
        'upload.start': [
          { guard: 'hasNoFile', target: 'failed', actions: ['failWithoutFile', 'reportFailure'] },
          { target: 'requestingAddress', actions: 'takeFile' },
        ],
        'upload.clear': { target: 'idle', actions: ['reset', 'removeStoredFile'] },
      },
    },
    failed: {
      on: {
        'upload.retry': { guard: 'hasFile', target: 'requestingAddress', actions: 'restart' },
        'upload.start': [
          { guard: 'hasNoFile', target: 'failed', actions: ['failWithoutFile', 'reportFailure'] },
          { target: 'requestingAddress', actions: 'takeFile' },
        ],
        'upload.cancel': { target: 'idle', actions: 'reset' },
        'upload.clear': { target: 'idle', actions: ['reset', 'removeStoredFile'] },
      },
    },
  },
});
