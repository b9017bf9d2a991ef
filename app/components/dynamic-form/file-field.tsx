import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useAuthenticityToken } from 'remix-utils/csrf/react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { Button } from '~/components/ui/button';
import { cn } from '~/components/ui/cn';
import { FieldError } from '~/components/ui/field-error';
import { CheckCircle2Icon, FileIcon, RotateCcwIcon, XIcon } from '~/components/ui/icons';
import { inputClassName } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Progress } from '~/components/ui/progress';
import { toast } from '~/components/ui/toaster';
import { uploadMachine } from '~/machines/upload.machine';
import { fileNameOfKey } from '../../../common/uploads/keys';
import { dynamicFormMessages, filePartName, UPLOAD_BUSY_CLEAR_MS, uploadFieldName, type FileFieldInfo } from '~/lib/dynamic-form';
import { storedFileHref, uploadActors } from './upload-actors';

export interface FileFieldProps {
  /** The field's name in the form: `studentPhoto`, or `examSubjectsTable[0].examPaper` in a row. */
  name: string;
  id: string;
  label: string;
  formType: string;
  required?: boolean;
  /** The stored key the field starts with (a record being edited). */
  initialKey?: string;
  /** Whether this user may open the file the field starts with (false: it shows no View link). */
  initialKeyOpenable?: boolean;
  info?: FileFieldInfo;
  errors?: string[];
  errorId: string;
  /** Inside a table cell: no visible label, a narrower layout. */
  compact?: boolean;
  /** Told when an upload starts and ends (the submit waits for it). */
  onBusyChange: (id: string, busy: boolean) => void;
  /** Told when the stored key changes (uploaded, removed), to validate the field again or show the file. */
  onKeyChange?: (name: string, key: string | null) => void;
  /** The upload rule it answers to, when its name does not say it (common/uploads/rules.ts). */
  uploadRule?: string;
}

const BUSY = ['requestingAddress', 'uploading', 'confirming'];

function kilobytes(bytes: number) {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * A file input that uploads as soon as a file is chosen (upload machine), with a progress bar,
 * Cancel, Retry and Remove; the form posts only the stored key, in a hidden input named like
 * the field.
 *
 * Without JavaScript the same input is named `__file__<name>`, so the file travels with the form
 * and the action uploads it (presign, PUT, confirm) before validating; the hidden input keeps
 * the record's current file when no new one is chosen. A required file field is validated by the
 * same schema either way.
 */
export function FileField({
  name,
  id,
  label,
  formType,
  required = false,
  initialKey,
  initialKeyOpenable = true,
  info,
  errors,
  errorId,
  compact = false,
  onBusyChange,
  onKeyChange,
  uploadRule,
}: FileFieldProps) {
  const hydrated = useHydrated();
  const csrf = useAuthenticityToken();
  const inputRef = useRef<HTMLInputElement>(null);
  const actorRef = useActorRef(uploadMachine.provide({ actors: uploadActors(csrf) }), {
    input: {
      fieldName: uploadRule ?? uploadFieldName(name),
      formType,
      key: initialKey || null,
      fileName: initialKey ? fileNameOfKey(initialKey) : null,
    },
  });
  const state = useSelector(actorRef, (snapshot) => String(snapshot.value));
  const key = useSelector(actorRef, (snapshot) => snapshot.context.key);
  const fileName = useSelector(actorRef, (snapshot) => snapshot.context.fileName);
  const pendingName = useSelector(actorRef, (snapshot) => snapshot.context.file?.name ?? null);
  const progress = useSelector(actorRef, (snapshot) => snapshot.context);
  const busy = BUSY.includes(state);

  const busyRef = useRef(onBusyChange);
  busyRef.current = onBusyChange;
  // Busy at once; not busy a moment after the upload ends (SPEC.md section 9).
  useEffect(() => {
    if (busy) {
      busyRef.current(name, true);
      return;
    }
    const timer = setTimeout(() => busyRef.current(name, false), UPLOAD_BUSY_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [name, busy]);
  useEffect(() => () => busyRef.current(name, false), [name]);

  const keyRef = useRef(onKeyChange);
  keyRef.current = onKeyChange;
  const firstKey = useRef(true);
  useEffect(() => {
    if (firstKey.current) {
      firstKey.current = false;
      return;
    }
    keyRef.current?.(name, key);
  }, [name, key]);

  useEffect(() => {
    const done = actorRef.on('upload.completed', () => toast.success(dynamicFormMessages.uploaded));
    const failed = actorRef.on('upload.failed', (event) => toast.error(event.message));
    return () => {
      done.unsubscribe();
      failed.unsubscribe();
    };
  }, [actorRef]);

  const clearInput = () => {
    if (inputRef.current) inputRef.current.value = '';
  };
  const invalid = Boolean(errors?.length) || state === 'failed';
  const statusId = `${id}-status`;
  const hintId = `${id}-hint`;
  const describedBy = [info ? hintId : null, statusId, errors?.length ? errorId : null].filter(Boolean).join(' ');

  return (
    <div data-slot="file-field" data-state={state} className={cn('grid content-start gap-2', compact && 'min-w-48 gap-1.5')}>
      <Label htmlFor={id} required={required} className={cn(compact && 'sr-only')}>
        {label}
      </Label>
      <input type="hidden" name={name} value={key ?? ''} />
      <input
        ref={inputRef}
        id={id}
        type="file"
        name={hydrated ? undefined : filePartName(name)}
        accept={info?.accept}
        aria-invalid={invalid || undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy}
        disabled={busy}
        onChange={(event) => actorRef.send({ type: 'upload.start', file: event.currentTarget.files?.[0] ?? null })}
        className={cn(inputClassName, 'h-auto py-1.5 file:mr-3 file:rounded file:bg-muted file:px-2', compact && 'text-xs md:text-xs')}
      />
      {info && !compact ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {info.hint}
        </p>
      ) : info ? (
        <span id={hintId} className="sr-only">
          {info.hint}
        </span>
      ) : null}
      {hydrated ? null : <p className="text-xs text-muted-foreground">The file is uploaded when the form is submitted.</p>}

      <div id={statusId} aria-live="polite" className="grid gap-1.5 empty:hidden">
        {busy || state === 'done' ? (
          <>
            <Progress
              value={state === 'requestingAddress' ? 0 : progress.percentage}
              aria-label={`${label} upload progress`}
              className="h-1.5"
            />
            <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
              <span className="flex min-w-0 items-center gap-1.5">
                {state === 'done' ? (
                  <CheckCircle2Icon className="size-3.5 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden />
                ) : null}
                <span className="truncate">
                  {state === 'requestingAddress'
                    ? `Preparing ${pendingName ?? 'file'}…`
                    : state === 'uploading'
                      ? `Uploading ${pendingName ?? ''} · ${kilobytes(progress.loaded)} of ${kilobytes(progress.total)}`
                      : state === 'confirming'
                        ? `Checking ${pendingName ?? 'file'}…`
                        : `Uploaded ${fileName ?? ''}`}
                </span>
              </span>
              <span className="shrink-0 tabular-nums">{state === 'requestingAddress' ? '0%' : `${progress.percentage}%`}</span>
            </div>
          </>
        ) : null}
        {state === 'failed' ? (
          <p role="alert" className="text-sm text-destructive">
            {progress.error}
          </p>
        ) : null}
        {state === 'idle' && key ? (
          <p className="flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground">
            <FileIcon className="size-3.5 shrink-0" aria-hidden />
            <span className="truncate">Current file: {fileName}</span>
          </p>
        ) : null}
      </div>

      {hydrated ? (
        <div className="flex flex-wrap gap-1.5 empty:hidden">
          {busy ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => {
                actorRef.send({ type: 'upload.cancel' });
                clearInput();
              }}
            >
              <XIcon aria-hidden /> Cancel upload
            </Button>
          ) : null}
          {state === 'failed' && pendingName ? (
            <Button type="button" variant="outline" size="sm" onClick={() => actorRef.send({ type: 'upload.retry' })}>
              <RotateCcwIcon aria-hidden /> Retry
            </Button>
          ) : null}
          {state === 'failed' ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => {
                actorRef.send({ type: 'upload.cancel' });
                clearInput();
              }}
            >
              Dismiss
            </Button>
          ) : null}
          {!busy && key ? (
            <>
              {key !== initialKey || initialKeyOpenable ? (
                <Button type="button" variant="ghost" size="sm" asChild>
                  <a href={storedFileHref(key)} target="_blank" rel="noreferrer">
                    View<span className="sr-only"> {label}</span>
                  </a>
                </Button>
              ) : null}
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => {
                  actorRef.send({ type: 'upload.clear' });
                  clearInput();
                }}
              >
                Remove<span className="sr-only"> {label}</span>
              </Button>
            </>
          ) : null}
        </div>
      ) : null}
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}
