import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData, useParams } from '@remix-run/react';
import { z } from 'zod';
import { dynamicFormContract } from '../../common/contracts/dynamic-forms';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { FileQuestionIcon } from '~/components/ui/icons';
import { formFieldsSchema } from '../../common/forms/config-schema';
import { formTypeLabel } from '../../common/forms/fields';
import { defaultFormConfigs } from '../../common/forms/defaults';
import { isDefaultFormType, isValidFormType } from '../../common/forms/fields';
import type { FormFieldConfig } from '../../common/forms/types';
import type { FormEditorData, SaveActionData } from '~/components/form-editor/editor-context';
import { applyPlainFormEdits } from '~/components/form-editor/field-model';
import { FormEditor } from '~/components/form-editor/form-editor';
import { formEditorMessages } from '~/machines/form-editor.machine';
import { callEndpoint, ifMatch } from '~/services/api.server';
import type { AuthedApi } from '~/services/auth.server';
import { requireSuperAdmin } from '~/services/auth.server';
import { readForm } from '~/services/forms.server';
import { redirectWithToast } from '~/services/toast.server';

const PANEL_PATH = '/admin/super-admin';
const LOAD_FAILED = 'Failed to load saved configurations. Using defaults.';

/**
 * One save, from the editor (the machine's fetcher: the whole field list) or from the plain form
 * without JavaScript (the list it was rendered from, plus its checkboxes and position boxes).
 */
const saveSchema = z.object({
  intent: z.literal('save'),
  source: z.enum(['editor', 'form']).default('form'),
  submissionId: z.string().max(100).default(''),
  configId: z.string().trim().max(100).optional(),
  version: z.number().int().min(0).optional(),
  fields: z.string({ required_error: formEditorMessages.saveFailed }).max(1_000_000),
  enabled: z.record(z.string()).optional(),
  required: z.record(z.string()).optional(),
  order: z.record(z.string()).optional(),
});

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `${loaded.label} · Form Editor` : 'Form Editor' },
];

function notFound(formType: string, headers: Headers): Response {
  return new Response(JSON.stringify({ formType }), {
    status: 404,
    statusText: 'Not Found',
    headers: new Headers([...headers.entries(), ['Content-Type', 'application/json']]),
  });
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, headers } = await requireSuperAdmin(request, context);
  const formType = params.formType ?? '';
  if (!isValidFormType(formType)) throw notFound(formType, headers);

  const result = await callEndpoint(api, dynamicFormContract.byType, { params: { formType } });
  if (result.ok) {
    const config = result.data;
    const loaded: FormEditorData = {
      formType,
      label: config.label,
      description: config.description,
      isCustom: config.isCustom,
      configId: config._id,
      version: config.version,
      fields: config.fields,
      loadError: null,
    };
    return data(loaded, { headers });
  }
  // A built-in form falls back to its defaults: not configured yet (404), or not readable now.
  if (!isDefaultFormType(formType)) {
    if (result.status === 404) throw notFound(formType, headers);
    throw new Response(result.message, { status: 503, statusText: 'Service Unavailable', headers });
  }
  const defaults = defaultFormConfigs[formType];
  const fallback: FormEditorData = {
    formType,
    label: defaults.label,
    description: defaults.description ?? '',
    isCustom: false,
    configId: null,
    version: null,
    fields: defaults.fields,
    loadError: result.status === 404 ? null : LOAD_FAILED,
  };
  return data(fallback, { headers });
}

type Failure = Extract<SaveActionData, { ok: false }>;

function parseFields(text: string): FormFieldConfig[] | string {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return 'The field list could not be read.';
  }
  const parsed = formFieldsSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  return issue ? `${issue.path.join('.')}: ${issue.message}` : 'The field list is not valid.';
}

/** Update when the configuration exists (If-Match: the version the editor loaded), else create. */
function saveConfiguration(api: AuthedApi, formType: string, fields: FormFieldConfig[], configId?: string, version?: number) {
  if (configId) {
    return callEndpoint(api, dynamicFormContract.update, {
      params: { id: configId },
      body: { formType, fields },
      ...ifMatch(version),
    });
  }
  return callEndpoint(api, dynamicFormContract.create, { body: { formType, fields } });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api, headers } = await requireSuperAdmin(request, context);
  const formType = params.formType ?? '';
  if (!isValidFormType(formType)) throw notFound(formType, headers);
  const { submission } = await readForm(request, saveSchema);
  if (submission.status !== 'success') {
    const failure: Failure = { ok: false, submissionId: '', message: formEditorMessages.saveFailed, stale: false };
    return data(failure, { status: 400, headers });
  }
  const input = submission.value;
  const fail = (status: number, failure: Omit<Failure, 'ok' | 'submissionId'>) =>
    data<Failure>({ ok: false, submissionId: input.submissionId, ...failure }, { status, headers });

  const parsed = parseFields(input.fields);
  if (typeof parsed === 'string') return fail(400, { message: formEditorMessages.saveFailed, stale: false, detail: parsed });
  const fields =
    input.source === 'form'
      ? applyPlainFormEdits(parsed, {
          enabled: new Set(Object.keys(input.enabled ?? {})),
          required: new Set(Object.keys(input.required ?? {})),
          order: Object.fromEntries(Object.entries(input.order ?? {}).map(([name, value]) => [name, Number(value)])),
        })
      : parsed;

  const result = await saveConfiguration(api, formType, fields, input.configId, input.version);
  if (!result.ok) {
    // 412: the version sent is not the latest; 409: the configuration was created meanwhile.
    if (result.status === 412 || result.status === 409) return fail(409, { message: formEditorMessages.stale, stale: true });
    const detail = result.status < 500 && result.message ? result.message : undefined;
    return fail(result.status >= 500 ? 502 : 400, { message: formEditorMessages.saveFailed, stale: false, ...(detail ? { detail } : {}) });
  }

  if (input.source === 'form') {
    return redirectWithToast(new URL(request.url).pathname, { type: 'success', title: result.message }, { headers });
  }
  const saved: SaveActionData = {
    ok: true,
    submissionId: input.submissionId,
    message: result.message,
    config: { _id: result.data._id, version: result.data.version, fields: result.data.fields },
  };
  return data(saved, { headers });
}

export default function FormEditorRoute() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const plainFormError = answer && !answer.ok ? answer : null;
  // One editor per form type: another type starts afresh from its own configuration.
  return <FormEditor key={loaded.formType} {...loaded} plainFormError={plainFormError} />;
}

export function ErrorBoundary() {
  const { formType = '' } = useParams();
  return (
    <GeneralErrorBoundary
      title="Form editor"
      icon={FileQuestionIcon}
      heading={(status) => (status === 404 ? 'Form not found' : 'The form editor could not be opened')}
      back={{ href: PANEL_PATH, label: 'Back to the Super Admin panel' }}
      statusMessages={{
        404: `There is no form "${formTypeLabel(formType) || formType}". It may have been removed, or the address is mistyped.`,
      }}
      fallback="The configuration could not be loaded. Try again in a moment."
    />
  );
}
