import { useRouteLoaderData } from '@remix-run/react';
import { useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { Button } from '~/components/ui/button';
import { RotateCcwIcon, SaveIcon, Undo2Icon } from '~/components/ui/icons';
import { Progress } from '~/components/ui/progress';
import { Spinner } from '~/components/ui/spinner';
import { formEditorMachine, hasUnsavedChanges } from '~/machines/form-editor.machine';
import { PLAIN_FORM_ID, type FormEditorData } from './editor-context';
import { enabledAfterReset, enabledProgress, toEditorFields, type EditorField, type EnabledProgress } from './field-model';

type EditorRef = ActorRefFrom<typeof formEditorMachine>;

/** The route whose page is the form-configuration view (app/routes/admin_.super-admin.forms.$formType.tsx). */
const EDITOR_ROUTE_ID = 'routes/admin_.super-admin.forms.$formType';

interface EditorSlot {
  editor: EditorRef | null;
  setEditor: (update: (current: EditorRef | null) => EditorRef | null) => void;
}

const EditorSlotContext = createContext<EditorSlot | null>(null);

/**
 * Held by the super-admin layout: the form editor open in its outlet shares its actor here, so the
 * panel's sidebar can show the editor's progress, Reset and Save (SPEC.md section 2.5).
 */
export function EditorSlotProvider({ children }: { children: ReactNode }) {
  const [editor, setEditor] = useState<EditorRef | null>(null);
  const slot = useMemo(() => ({ editor, setEditor }), [editor]);
  return <EditorSlotContext.Provider value={slot}>{children}</EditorSlotContext.Provider>;
}

/** The editor's side: shares its actor while it is open. */
export function useShareEditor(actor: EditorRef) {
  const setEditor = useContext(EditorSlotContext)?.setEditor;
  useEffect(() => {
    if (!setEditor) return;
    setEditor(() => actor);
    // Another editor (another form type) may have taken the slot already.
    return () => setEditor((current) => (current === actor ? null : current));
  }, [setEditor, actor]);
}

/**
 * The sidebar's part of the form-configuration view: progress of enabled fields, Reset and Save.
 * Until the editor is interactive (and without JavaScript) it shows the configuration as loaded
 * and a Save that submits the editor's plain form.
 */
export function EditorSidebarTools() {
  const loaded = useRouteLoaderData(EDITOR_ROUTE_ID) as FormEditorData | undefined;
  const editor = useContext(EditorSlotContext)?.editor ?? null;
  if (!loaded) return null;
  if (editor) return <LiveTools editor={editor} />;
  return (
    <ToolsPanel progress={enabledProgress(toEditorFields(loaded.formType, loaded.fields))}>
      <Button type="submit" form={PLAIN_FORM_ID} className="w-full">
        <SaveIcon aria-hidden="true" />
        Save
      </Button>
    </ToolsPanel>
  );
}

function LiveTools({ editor }: { editor: EditorRef }) {
  const fields = useSelector(editor, (snapshot) => snapshot.context.fields);
  const unsaved = useSelector(editor, (snapshot) => hasUnsavedChanges(snapshot.context));
  const saving = useSelector(editor, (snapshot) => snapshot.value === 'saving');
  return (
    <ToolsPanel progress={enabledProgress(fields)}>
      <div className="grid grid-cols-2 gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() => editor.send({ type: 'form.reset' })}
          disabled={saving || fields.length === 0}
          title={resetHint(fields)}
        >
          <RotateCcwIcon aria-hidden="true" />
          Reset
        </Button>
        <Button type="button" onClick={() => editor.send({ type: 'form.save' })} disabled={saving}>
          {saving ? <Spinner aria-hidden="true" /> : <SaveIcon aria-hidden="true" />}
          {saving ? 'Saving...' : 'Save'}
        </Button>
      </div>
      {unsaved ? (
        <Button type="button" variant="ghost" size="sm" onClick={() => editor.send({ type: 'form.discard' })} disabled={saving}>
          <Undo2Icon aria-hidden="true" />
          Discard changes
        </Button>
      ) : null}
    </ToolsPanel>
  );
}

function ToolsPanel({ progress, children }: { progress: EnabledProgress; children: ReactNode }) {
  const labelId = useId();
  return (
    <section aria-label="Form configuration" data-slot="panel-editor-tools" className="grid gap-3 border-t border-sidebar-border p-3">
      <div className="grid gap-1.5 px-1">
        <div className="flex items-baseline justify-between gap-2 text-sm">
          <span className="font-medium" id={labelId}>
            {progress.enabled} of {progress.total} fields enabled
          </span>
          <span className="text-xs text-muted-foreground tabular-nums">{progress.percent}%</span>
        </div>
        <Progress value={progress.enabled} max={Math.max(progress.total, 1)} aria-labelledby={labelId} />
      </div>
      {children}
    </section>
  );
}

function resetHint(fields: readonly EditorField[]) {
  const kept = fields.filter((field) => enabledAfterReset(field.name)).length;
  return `Enable only name, email, contactNumber, address, isActive and fields whose names contain Name or Code (${kept} of ${fields.length}); the others are disabled. Nothing is saved until you press Save.`;
}
