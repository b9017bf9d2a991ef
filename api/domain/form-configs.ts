import { asc, eq, getTableColumns, or, sql } from 'drizzle-orm';
import { normalizeFields } from '../../common/forms/config-schema';
import { defaultFormConfigs } from '../../common/forms/defaults';
import { defaultFormTypes, formTypeLabel, isActiveField, isDefaultFormType } from '../../common/forms/fields';
import type { FormFieldConfig } from '../../common/forms/types';
import type { FormConfigView } from '../../common/contracts/dynamic-forms';
import type { Executor } from '../db/client';
import { compiledQuery } from '../db/compiled-query';
import { append, ConcurrencyError, type ExpectedVersion, type StreamRef } from '../db/event-store';
import type { FormConfigEvent, FormConfigUpdatedData, FormConfiguredData } from './form-config-events';
import { formConfigs } from '../db/schema';
import { conflict, invalid, missing, stale } from './errors';
import type { CommandContext } from './command';
import { newId } from './ids';

/** One stream per form type, so two configurations of one type cannot both be created. */
export const formStream = (formType: string): StreamRef<FormConfigEvent> => ({ type: 'form', id: `form-${formType}` });

export const formConfigMessages = {
  notFound: 'Form configuration not found. Please contact super admin to set up this form.',
  exists: 'A configuration for this form type already exists',
  typeChanged: 'The form type of a configuration cannot be changed',
  stale: 'This configuration was changed by someone else. Reload it and try again.',
} as const;

type Row = typeof formConfigs.$inferSelect;

function view(row: Row): FormConfigView {
  return {
    _id: row.id,
    formType: row.formType,
    label: row.label,
    description: row.description,
    isCustom: row.isCustom,
    fields: row.fields as FormFieldConfig[],
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function findFormConfig(db: Executor, formType: string): Promise<FormConfigView | null> {
  const [row] = await configByType(db, { formType });
  return row ? view(row) : null;
}

const configByType = compiledQuery('form_config_by_type', getTableColumns(formConfigs), (db, selection) =>
  db
    .select(selection)
    .from(formConfigs)
    .where(eq(formConfigs.formType, sql.placeholder('formType'))),
);

/** By id, or by form type (the id a client knows before it has loaded the configuration). */
export async function findFormConfigByIdOrType(db: Executor, idOrType: string): Promise<FormConfigView | null> {
  const rows = await db
    .select()
    .from(formConfigs)
    .where(or(eq(formConfigs.id, idOrType), eq(formConfigs.formType, idOrType)));
  const row = rows.find((r) => r.id === idOrType) ?? rows[0];
  return row ? view(row) : null;
}

/** Every configuration: the four built-in forms first, then custom forms by label. */
export async function listFormConfigs(db: Executor): Promise<FormConfigView[]> {
  const rows = await db.select().from(formConfigs).orderBy(asc(formConfigs.isCustom), asc(formConfigs.label));
  const rank = (formType: string) => {
    const index = (defaultFormTypes as readonly string[]).indexOf(formType);
    return index === -1 ? defaultFormTypes.length : index;
  };
  return rows.map(view).sort((a, b) => rank(a.formType) - rank(b.formType));
}

export function enabledFieldCount(fields: readonly FormFieldConfig[]): number {
  return fields.filter(isActiveField).length;
}

export interface ConfigureFormInput {
  formType: string;
  fields: FormFieldConfig[];
  label?: string;
  description?: string;
}

/** Creates the configuration of a form type that has none. */
export async function configureForm({ tx, meta }: CommandContext, input: ConfigureFormInput): Promise<FormConfigView> {
  if (await findFormConfig(tx, input.formType)) throw conflict(formConfigMessages.exists);
  const builtIn = isDefaultFormType(input.formType) ? defaultFormConfigs[input.formType] : null;
  const data: FormConfiguredData = {
    id: newId(meta.occurredAt.getTime()),
    formType: input.formType,
    label: input.label?.trim() || builtIn?.label || formTypeLabel(input.formType),
    description: input.description?.trim() ?? builtIn?.description ?? '',
    isCustom: !builtIn,
    fields: normalizeFields(input.fields),
  };
  await append(tx, formStream(input.formType), 'no_stream', [{ type: 'FormConfigured', data }], meta);
  return (await findFormConfig(tx, input.formType))!;
}

export interface UpdateFormInput {
  formType?: string;
  fields: FormFieldConfig[];
  label?: string;
  description?: string;
}

/**
 * Replaces the fields (and, when given, the label and description) of a configuration.
 * `expectedVersion` is the version the editor loaded; a newer one answers 412.
 */
export async function updateFormConfig(
  { tx, meta }: CommandContext,
  idOrType: string,
  input: UpdateFormInput,
  expectedVersion?: number,
): Promise<FormConfigView> {
  const current = await findFormConfigByIdOrType(tx, idOrType);
  if (!current) throw missing(formConfigMessages.notFound);
  if (input.formType !== undefined && input.formType !== current.formType) {
    throw invalid(formConfigMessages.typeChanged, { formType: [formConfigMessages.typeChanged] });
  }
  if (expectedVersion !== undefined && expectedVersion !== current.version) throw stale(formConfigMessages.stale);
  const data: FormConfigUpdatedData = {
    formType: current.formType,
    label: input.label?.trim() || current.label,
    description: input.description?.trim() ?? current.description,
    fields: normalizeFields(input.fields),
  };
  const expected: ExpectedVersion = expectedVersion ?? 'any';
  try {
    await append(tx, formStream(current.formType), expected, [{ type: 'FormConfigUpdated', data }], meta);
  } catch (error) {
    if (error instanceof ConcurrencyError && expectedVersion !== undefined) throw stale(formConfigMessages.stale);
    throw error;
  }
  return (await findFormConfig(tx, current.formType))!;
}

/** Configures each built-in form that has no configuration yet with its default. */
export async function ensureDefaultFormConfigs(ctx: CommandContext): Promise<string[]> {
  const created: string[] = [];
  for (const formType of defaultFormTypes) {
    if (await findFormConfig(ctx.tx, formType)) continue;
    await configureForm(ctx, defaultFormConfigs[formType]);
    created.push(formType);
  }
  return created;
}
