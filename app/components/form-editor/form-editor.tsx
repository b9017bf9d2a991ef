import { Form, Link, useFetcher, useLocation } from '@remix-run/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { AuthenticityTokenInput, useAuthenticityToken } from 'remix-utils/csrf/react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { fromPromise } from 'xstate';
import { AlertDialogAction, AlertDialogCancel, AlertDialogFooter, ConfirmDialog } from '~/components/ui/alert-dialog';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { cn } from '~/components/ui/cn';
import { PlusIcon, RefreshCwIcon, TriangleAlertIcon } from '~/components/ui/icons';
import { Spinner } from '~/components/ui/spinner';
import { toast } from '~/components/ui/toaster';
import {
  formEditorMachine,
  formEditorMessages,
  SaveConfigurationError,
  type SaveConfigurationInput,
  type SaveConfigurationOutput,
} from '~/machines/form-editor.machine';
import { AddFieldDialog } from './add-field-dialog';
import { FormEditorActor, PLAIN_FORM_ID, useEditorState, type FormEditorData, type SaveActionData } from './editor-context';
import { FieldGroups } from './field-groups';
import { enabledFields, toSavedFields, type EditorField } from './field-model';
import { LeaveGuard } from '~/components/leave-guard';
import { OrderSummary } from './order-summary';
import { useShareEditor } from './sidebar-tools';

interface Pending {
  id: string;
  resolve: (output: SaveConfigurationOutput) => void;
  reject: (error: unknown) => void;
}

/**
 * The save as the machine's injected actor: one fetcher submission to the route's action, settled
 * when that submission's answer arrives. Answers carry the submission's id, so an error page or a
 * redirect in between cannot be taken for this save's result.
 */
function useSaveConfiguration() {
  const fetcher = useFetcher<SaveActionData>();
  const csrf = useAuthenticityToken();
  const latest = useRef({ fetcher, csrf });
  latest.current = { fetcher, csrf };
  const pending = useRef<Pending | null>(null);

  useEffect(() => {
    const waiting = pending.current;
    if (!waiting || fetcher.state !== 'idle') return;
    pending.current = null;
    const answer = fetcher.data;
    if (answer?.submissionId !== waiting.id) {
      waiting.reject(new SaveConfigurationError(formEditorMessages.saveFailed));
    } else if (answer.ok) {
      waiting.resolve({
        message: answer.message,
        configId: answer.config._id,
        version: answer.config.version,
        fields: answer.config.fields,
      });
    } else {
      waiting.reject(new SaveConfigurationError(answer.message, answer.stale, answer.detail));
    }
  }, [fetcher.state, fetcher.data]);

  const [logic] = useState(() =>
    formEditorMachine.provide({
      actors: {
        saveConfiguration: fromPromise<SaveConfigurationOutput, SaveConfigurationInput>(
          ({ input }) =>
            new Promise((resolve, reject) => {
              const id = crypto.randomUUID();
              pending.current = { id, resolve, reject };
              const body = new FormData();
              body.set('csrf', latest.current.csrf);
              body.set('intent', 'save');
              body.set('source', 'editor');
              body.set('submissionId', id);
              if (input.configId) body.set('configId', input.configId);
              if (input.version !== null) body.set('version', String(input.version));
              body.set('fields', JSON.stringify(input.fields));
              latest.current.fetcher.submit(body, { method: 'post' });
            }),
        ),
      },
    }),
  );
  return logic;
}

export interface FormEditorProps extends FormEditorData {
  /** The answer to a save from the plain form (without JavaScript), when it failed. */
  plainFormError?: { message: string; stale: boolean; detail?: string } | null;
}

/** The super-admin editor of one form type (SPEC.md section 2.5, "Form-configuration view"). */
export function FormEditor(props: FormEditorProps) {
  const logic = useSaveConfiguration();
  return (
    <FormEditorActor.Provider
      logic={logic}
      options={{
        input: {
          formType: props.formType,
          label: props.label,
          isCustom: props.isCustom,
          configId: props.configId,
          version: props.version,
          fields: props.fields,
        },
      }}
    >
      <EditorPage {...props} />
    </FormEditorActor.Provider>
  );
}

function EditorPage({ formType, label, description, isCustom, loadError, plainFormError }: FormEditorProps) {
  const actor = FormEditorActor.useActorRef();
  const interactive = useHydrated();
  const fields = FormEditorActor.useSelector((snapshot) => snapshot.context.fields);
  const saved = FormEditorActor.useSelector((snapshot) => snapshot.context.saved);
  const configId = FormEditorActor.useSelector((snapshot) => snapshot.context.configId);
  const version = FormEditorActor.useSelector((snapshot) => snapshot.context.version);
  const error = FormEditorActor.useSelector((snapshot) => snapshot.context.error);
  const { unsaved, saving, value } = useEditorState();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<EditorField | null>(null);

  useEffect(() => {
    const subscription = actor.on('notice', ({ tone, message, description }) => {
      const options = description ? { description } : undefined;
      if (tone === 'success') toast.success(message, options);
      else if (tone === 'error') toast.error(message, options);
      else toast.info(message, options);
    });
    return () => subscription.unsubscribe();
  }, [actor]);

  useShareEditor(actor);
  const ordered = enabledFields(fields);
  const shownError = interactive ? (value === 'error' ? error : null) : (plainFormError ?? null);
  const wouldLose = useCallback(() => interactive && unsaved && !saving, [interactive, unsaved, saving]);

  return (
    <div data-slot="form-editor" data-state={String(value)} className="@container grid gap-6">
      <LeaveGuard unsaved={wouldLose} what={label} />

      <div className="flex flex-col gap-3 @3xl:flex-row @3xl:items-end @3xl:justify-between">
        <div className="min-w-0">
          <p className="text-sm text-muted-foreground">
            Form Types · <code className="font-mono text-xs">{formType}</code>
          </p>
          <h1 className="flex flex-wrap items-center gap-2 text-2xl font-semibold tracking-tight">
            {label}
            {isCustom ? <Badge variant="outline">Custom form</Badge> : null}
          </h1>
          <p className="mt-1 text-sm text-muted-foreground">
            {description ? `${description.replace(/\.$/, '')}. ` : ''}Choose the fields of the form, which of them are required, and their
            order.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <SaveStatus interactive={interactive} unsaved={unsaved} saving={saving} exists={configId !== null} />
          {interactive ? (
            <Button type="button" variant="outline" size="sm" onClick={() => setAdding(true)} disabled={saving}>
              <PlusIcon aria-hidden="true" />
              Add New Field
            </Button>
          ) : null}
        </div>
      </div>

      {/* The sidebar's Save submits this form without JavaScript (sidebar-tools.tsx); its inputs sit all over the page. */}
      <Form method="post" id={PLAIN_FORM_ID} hidden>
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="source" value="form" />
        {configId ? <input type="hidden" name="configId" value={configId} /> : null}
        {version !== null ? <input type="hidden" name="version" value={version} /> : null}
        <input type="hidden" name="fields" value={JSON.stringify(toSavedFields(saved))} />
      </Form>

      {loadError ? (
        <Notice tone="warning">
          <p>{loadError}</p>
        </Notice>
      ) : null}

      {shownError ? <SaveErrorNotice {...shownError} /> : null}

      {fields.length === 0 ? (
        <EmptyForm interactive={interactive} onAdd={() => setAdding(true)} />
      ) : (
        <div className="grid items-start gap-6 @5xl:grid-cols-[minmax(0,1fr)_minmax(18rem,22rem)]">
          <FieldGroups
            fields={fields}
            interactive={interactive}
            disabled={saving}
            canDelete={isCustom}
            onDelete={(field) => setDeleting(field)}
          />
          <OrderSummary
            fields={ordered}
            interactive={interactive}
            disabled={saving}
            className="@5xl:sticky @5xl:top-20 @5xl:max-h-[calc(100svh-6rem)] @5xl:overflow-y-auto"
          />
        </div>
      )}

      {interactive ? <AddFieldDialog open={adding} onOpenChange={setAdding} fields={fields} /> : null}

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.label ?? ''}?`}
        description="The field leaves this form when you save. Records already filled in keep their values."
      >
        <AlertDialogFooter>
          <AlertDialogCancel>Keep it</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            onClick={() => {
              if (deleting) actor.send({ type: 'field.delete', name: deleting.name });
              setDeleting(null);
            }}
          >
            Delete field
          </AlertDialogAction>
        </AlertDialogFooter>
      </ConfirmDialog>
    </div>
  );
}

function SaveStatus({
  interactive,
  unsaved,
  saving,
  exists,
}: {
  interactive: boolean;
  unsaved: boolean;
  saving: boolean;
  exists: boolean;
}) {
  if (!interactive) return null;
  if (saving) {
    return (
      <Badge variant="secondary" role="status">
        <Spinner aria-hidden="true" className="size-3" />
        Saving...
      </Badge>
    );
  }
  if (unsaved) {
    return (
      <Badge variant="warning" role="status">
        Unsaved changes
      </Badge>
    );
  }
  return (
    <Badge variant={exists ? 'success' : 'outline'} role="status">
      {exists ? 'All changes saved' : 'Defaults, not saved yet'}
    </Badge>
  );
}

function Notice({ tone, children, className }: { tone: 'warning' | 'error'; children: React.ReactNode; className?: string }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-slot="form-editor-notice"
      className={cn(
        'flex items-start gap-3 rounded-lg border px-4 py-3 text-sm',
        tone === 'warning'
          ? 'border-amber-500/40 bg-amber-500/10 text-amber-900 dark:text-amber-200'
          : 'border-destructive/40 bg-destructive/10 text-destructive',
        className,
      )}
    >
      <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="grid flex-1 gap-2">{children}</div>
    </div>
  );
}

function SaveErrorNotice({ message, stale, detail }: { message: string; stale: boolean; detail?: string }) {
  const location = useLocation();
  return (
    <Notice tone="error">
      <p className="font-medium">{message}</p>
      {detail ? <p className="text-destructive/90">{detail}</p> : null}
      {stale ? (
        <div>
          <Button asChild size="sm" variant="outline">
            <Link to={location.pathname} reloadDocument>
              <RefreshCwIcon aria-hidden="true" />
              Reload
            </Link>
          </Button>
        </div>
      ) : null}
    </Notice>
  );
}

function EmptyForm({ interactive, onAdd }: { interactive: boolean; onAdd: () => void }) {
  return (
    <div className="grid place-items-center gap-3 rounded-xl border border-dashed bg-card px-6 py-12 text-center">
      <p className="font-medium">This form has no fields yet.</p>
      <p className="max-w-sm text-sm text-muted-foreground">Add the fields it should ask for; they appear here grouped by category.</p>
      {interactive ? (
        <Button type="button" onClick={onAdd}>
          <PlusIcon aria-hidden="true" />
          Add New Field
        </Button>
      ) : null}
    </div>
  );
}
