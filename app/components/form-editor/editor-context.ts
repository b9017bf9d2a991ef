import { createActorContext } from '@xstate/react';
import type { FormFieldConfig } from '../../../common/forms/types';
import { formEditorMachine, hasUnsavedChanges } from '~/machines/form-editor.machine';

/** The editor's actor, shared by the page's parts. */
export const FormEditorActor = createActorContext(formEditorMachine);

/** The id of the form that saves without JavaScript; its inputs sit all over the page. */
export const PLAIN_FORM_ID = 'form-editor-plain';

/** What the page loads: a configuration, or the defaults when there is none (or it failed to load). */
export interface FormEditorData {
  formType: string;
  label: string;
  description: string;
  isCustom: boolean;
  /** Null when the configuration does not exist yet (or could not be read): Save creates it. */
  configId: string | null;
  version: number | null;
  fields: FormFieldConfig[];
  /** 'Failed to load saved configurations. Using defaults.' when the defaults stand in. */
  loadError: string | null;
}

/** What the route's action answers a save from the editor (or a failed save from the plain form). */
export type SaveActionData =
  | {
      ok: true;
      submissionId: string;
      message: string;
      config: { _id: string; version: number; fields: FormFieldConfig[] };
    }
  | { ok: false; submissionId: string; message: string; stale: boolean; detail?: string };

export function useEditorState() {
  const value = FormEditorActor.useSelector((snapshot) => snapshot.value);
  const unsaved = FormEditorActor.useSelector((snapshot) => hasUnsavedChanges(snapshot.context));
  return { value, unsaved, saving: value === 'saving' };
}
