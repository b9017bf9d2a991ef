import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import type { FormFieldConfig } from '../../common/forms/types';
import {
  buildNewField,
  deleteField,
  enabledFields,
  isValidMove,
  moveField,
  resetFields,
  sameFields,
  toEditorFields,
  toSavedFields,
  toggleEnabled,
  toggleRequired,
  type EditorField,
  type NewFieldInput,
} from '../components/form-editor/field-model';

/**
 * The super-admin form editor (SPEC.md sections 2.5 and 4, "Form-configuration editing"): the
 * fields of one form type as edited, the snapshot last saved, and the save.
 *
 * States: `clean` (nothing to save), `dirty` (the fields differ from the saved snapshot),
 * `saving` (the injected `saveConfiguration` actor runs; edits wait), `error` (the last save
 * failed; the message stays until the next edit or save). Dirty means "differs from what is
 * saved", not "touched": toggling a switch twice leaves nothing to save.
 *
 * Every edit runs through one plan (`planEdit`): it is refused (with a message, or silently when
 * it changes nothing), or it gives the new field list, and the target is `clean` or `dirty` by
 * comparing that list with the snapshot.
 *
 * The one side effect, the save, is an injected actor (`saveConfiguration`, which submits to the
 * route's action). What the user is told is emitted as `notice` events (the page shows them as
 * toasts); the machine composes the messages, so their wording is tested here.
 */

export type FormEditorEvent =
  | { type: 'field.toggleEnabled'; name: string }
  /** Only an enabled field's Required switch is shown; a disabled field refuses it. */
  | { type: 'field.toggleRequired'; name: string }
  /** Indexes in the list of enabled fields (the order summary), as dnd-kit reports them. */
  | { type: 'field.move'; from: number; to: number }
  | { type: 'field.add'; field: NewFieldInput }
  /** Custom forms only. */
  | { type: 'field.delete'; name: string }
  /** SPEC.md's Reset rule (see `enabledAfterReset`). */
  | { type: 'form.reset' }
  /** Back to the saved snapshot. */
  | { type: 'form.discard' }
  | { type: 'form.save' };

type EditEvent = Exclude<FormEditorEvent, { type: 'form.save' }>;

export interface SaveError {
  message: string;
  /** The configuration changed since it was loaded (or was created meanwhile): reload. */
  stale: boolean;
}

export interface FormEditorContext {
  formType: string;
  label: string;
  /** Custom forms may lose fields; the four built-in forms may not. */
  isCustom: boolean;
  /** Null until the configuration exists on the server: the first save creates it. */
  configId: string | null;
  /** The version loaded or last saved, sent back so a stale edit is refused. */
  version: number | null;
  fields: EditorField[];
  saved: EditorField[];
  error: SaveError | null;
}

export interface FormEditorInput {
  formType: string;
  label: string;
  isCustom: boolean;
  configId: string | null;
  version: number | null;
  fields: readonly FormFieldConfig[];
}

export interface SaveConfigurationInput {
  formType: string;
  configId: string | null;
  version: number | null;
  fields: FormFieldConfig[];
}

export interface SaveConfigurationOutput {
  /** The API's own message: '<Label> created successfully! N fields enabled.' or '... updated ...'. */
  message: string;
  configId: string;
  version: number;
  fields: FormFieldConfig[];
}

export type NotifyParams = { tone: 'success' | 'error' | 'info'; message: string; description?: string };

/** What the editor tells the user (the page shows it as a toast). */
export type FormEditorNotice = { type: 'notice' } & NotifyParams;

export const formEditorMessages = {
  saveFailed: 'Failed to save configuration. Please try again.',
  stale: 'This form was changed elsewhere since you opened it. Reload the page to see the latest version, then make your changes again.',
  moved: 'Moved field to new position',
  required: (label: string, required: boolean) => `${label} is now ${required ? 'required' : 'optional'}`,
  added: (label: string) => `${label} added`,
  deleted: (label: string) => `${label} deleted`,
  notCustom: 'Only fields of custom forms can be deleted. Disable the field instead.',
  reset: (enabled: number, total: number) => `Reset: ${enabled} of ${total} fields enabled. Save to keep it.`,
  discarded: 'Unsaved changes discarded',
} as const;

/** A failed save as the injected actor reports it. */
export class SaveConfigurationError extends Error {
  constructor(
    message: string,
    readonly stale = false,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'SaveConfigurationError';
  }
}

function saveErrorOf(error: unknown): SaveError & { detail?: string } {
  if (error instanceof SaveConfigurationError) return { message: error.message, stale: error.stale, detail: error.detail };
  return { message: formEditorMessages.saveFailed, stale: false };
}

// ---------------------------------------------------------------------------------------------
// Edits, planned once for the guards and the actions

export type EditPlan =
  | { kind: 'apply'; fields: EditorField[]; notice?: NotifyParams }
  /** Refused; `message` is told to the user, a null message refuses silently (nothing changes). */
  | { kind: 'refuse'; message: string | null };

const fieldNamed = (fields: readonly EditorField[], name: string) => fields.find((field) => field.name === name);

export function planEdit(context: FormEditorContext, event: EditEvent): EditPlan {
  const { fields } = context;
  switch (event.type) {
    case 'field.toggleEnabled': {
      if (!fieldNamed(fields, event.name)) return { kind: 'refuse', message: null };
      return { kind: 'apply', fields: toggleEnabled(fields, event.name) };
    }
    case 'field.toggleRequired': {
      const field = fieldNamed(fields, event.name);
      if (!field?.enabled) return { kind: 'refuse', message: null };
      return {
        kind: 'apply',
        fields: toggleRequired(fields, event.name),
        notice: { tone: 'success', message: formEditorMessages.required(field.label, !field.required) },
      };
    }
    case 'field.move': {
      if (!isValidMove(fields, event.from, event.to)) return { kind: 'refuse', message: null };
      return {
        kind: 'apply',
        fields: moveField(fields, event.from, event.to),
        notice: { tone: 'success', message: formEditorMessages.moved },
      };
    }
    case 'field.add': {
      const result = buildNewField(event.field, fields);
      if (!result.ok) return { kind: 'refuse', message: result.message };
      return {
        kind: 'apply',
        fields: [...fields, result.field],
        notice: { tone: 'success', message: formEditorMessages.added(result.field.label) },
      };
    }
    case 'field.delete': {
      const field = fieldNamed(fields, event.name);
      if (!field) return { kind: 'refuse', message: null };
      if (!context.isCustom) return { kind: 'refuse', message: formEditorMessages.notCustom };
      return {
        kind: 'apply',
        fields: deleteField(fields, event.name),
        notice: { tone: 'success', message: formEditorMessages.deleted(field.label) },
      };
    }
    case 'form.reset': {
      const next = resetFields(fields);
      return {
        kind: 'apply',
        fields: next,
        notice: { tone: 'info', message: formEditorMessages.reset(enabledFields(next).length, next.length) },
      };
    }
    case 'form.discard': {
      if (sameFields(fields, context.saved)) return { kind: 'refuse', message: null };
      return { kind: 'apply', fields: context.saved, notice: { tone: 'info', message: formEditorMessages.discarded } };
    }
  }
}

function plan(context: FormEditorContext, event: FormEditorEvent): EditPlan {
  return event.type === 'form.save' ? { kind: 'refuse', message: null } : planEdit(context, event);
}

// ---------------------------------------------------------------------------------------------

const editTransitions = [
  { guard: 'editRefused', actions: 'refuseEdit' },
  { guard: 'editMatchesSaved', target: 'clean', actions: ['announceEdit', 'applyEdit'] },
  { target: 'dirty', actions: ['announceEdit', 'applyEdit'] },
] as const;

const editing = {
  'field.toggleEnabled': editTransitions,
  'field.toggleRequired': editTransitions,
  'field.move': editTransitions,
  'field.add': editTransitions,
  'field.delete': editTransitions,
  'form.reset': editTransitions,
  'form.discard': editTransitions,
  'form.save': { target: 'saving' },
} as const;

export const formEditorMachine = setup({
  types: {
    context: {} as FormEditorContext,
    events: {} as FormEditorEvent,
    input: {} as FormEditorInput,
    emitted: {} as FormEditorNotice,
  },
  actors: {
    saveConfiguration: fromPromise<SaveConfigurationOutput, SaveConfigurationInput>(async () => {
      throw new Error('saveConfiguration is not provided');
    }),
  },
  actions: {
    /** Tells what an edit did; runs before applyEdit, while the context still shows the field as it was. */
    announceEdit: enqueueActions(({ context, event, enqueue }) => {
      const edit = plan(context, event);
      if (edit.kind === 'apply' && edit.notice) enqueue.emit({ type: 'notice', ...edit.notice });
    }),
    applyEdit: assign(({ context, event }) => {
      const edit = plan(context, event);
      return edit.kind === 'apply' ? { fields: edit.fields, error: null } : {};
    }),
    refuseEdit: enqueueActions(({ context, event, enqueue }) => {
      const edit = plan(context, event);
      if (edit.kind === 'refuse' && edit.message) enqueue.emit({ type: 'notice', tone: 'error', message: edit.message });
    }),
    markSaved: assign(({ context }, output: SaveConfigurationOutput) => {
      const fields = toEditorFields(context.formType, output.fields);
      return { fields, saved: fields, configId: output.configId, version: output.version, error: null };
    }),
    recordError: assign((_, error: SaveError) => ({ error })),
  },
  guards: {
    editRefused: ({ context, event }) => plan(context, event).kind === 'refuse',
    editMatchesSaved: ({ context, event }) => {
      const edit = plan(context, event);
      return edit.kind === 'apply' && sameFields(edit.fields, context.saved);
    },
  },
}).createMachine({
  id: 'formEditor',
  context: ({ input }) => {
    const fields = toEditorFields(input.formType, input.fields);
    return {
      formType: input.formType,
      label: input.label,
      isCustom: input.isCustom,
      configId: input.configId,
      version: input.version,
      fields,
      saved: fields,
      error: null,
    };
  },
  initial: 'clean',
  states: {
    clean: { on: editing },
    dirty: { on: editing },
    error: { on: editing },
    saving: {
      invoke: {
        id: 'saveConfiguration',
        src: 'saveConfiguration',
        input: ({ context }) => ({
          formType: context.formType,
          configId: context.configId,
          version: context.version,
          fields: toSavedFields(context.fields),
        }),
        onDone: {
          target: 'clean',
          actions: [
            { type: 'markSaved', params: ({ event }) => event.output },
            emit(({ event }) => ({ type: 'notice' as const, tone: 'success' as const, message: event.output.message })),
          ],
        },
        onError: {
          target: 'error',
          actions: [
            {
              type: 'recordError',
              params: ({ event }) => {
                const { message, stale } = saveErrorOf(event.error);
                return { message, stale };
              },
            },
            emit(({ event }) => {
              const { message, detail } = saveErrorOf(event.error);
              return { type: 'notice' as const, tone: 'error' as const, message, ...(detail ? { description: detail } : {}) };
            }),
          ],
        },
      },
    },
  },
});

/** Whether the editor holds changes that are not saved (also while saving or after a failure). */
export function hasUnsavedChanges(context: Pick<FormEditorContext, 'fields' | 'saved'>): boolean {
  return !sameFields(context.fields, context.saved);
}
