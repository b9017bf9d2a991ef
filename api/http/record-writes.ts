import type { Context } from 'hono';
import type { RecordView } from '../../common/contracts/dynamic-data';
import type { Executor, Tx } from '../db/client';
import type { EventMetadata } from '../db/event-store';
import type { Actor } from '../domain/auth/actor';
import { branchScope } from '../domain/auth/branch-scope';
import { notFound } from '../domain/errors';
import { saveWithPostedFiles } from '../domain/posted-files';
import { findRecord } from '../domain/record-queries';
import { changeRecord, deleteRecord, submitRecord, type SubmittedRecord } from '../domain/records';
import type { ApiDeps, ApiEnv } from './context';
import { requireFormPermission, type FormAction } from './form-access';
import { ifMatchVersion, versionTag } from './if-match';
import type { Submission } from './record-submission';

/**
 * The steps of reading, adding, changing and deleting a record that /dynamic-data and the
 * top-level paths (/courses, /branches, /students) share: one write path for every record.
 */

interface WriteInput {
  tx: Tx;
  meta: EventMetadata;
  actor: Actor;
  deps: ApiDeps;
  c: Context<ApiEnv>;
}

/**
 * The record, if the caller's branch may see it, it is of `formType` when one is named, and their
 * permissions let them `action` it. Another form type's record is not found, like a missing one.
 */
export async function reachableRecord(
  db: Executor,
  actor: Actor,
  id: string,
  action: FormAction,
  formType?: { type: string; noun: string },
): Promise<RecordView> {
  const record = await findRecord(db, id, branchScope(actor));
  if (!record || (formType && record.formType !== formType.type)) throw notFound(formType?.noun ?? 'Record');
  requireFormPermission(actor, record.formType, action);
  return record;
}

/** Adds a record through its form, files included; the answer's ETag is its version. */
export async function addRecord(
  { tx, meta, actor, deps, c }: WriteInput,
  formType: string,
  { values, files }: Submission,
): Promise<Omit<SubmittedRecord, 'id'> & { record: RecordView }> {
  requireFormPermission(actor, formType, 'create');
  const ctx = { tx, meta, settings: deps.settings };
  const { id, ...extras } = await saveWithPostedFiles(ctx, deps.storage, actor, formType, values, files, (withKeys) =>
    submitRecord(ctx, actor, { formType, values: withKeys }),
  );
  const record = (await findRecord(tx, id, null))!;
  c.header('ETag', versionTag(record.version));
  return { record, ...extras };
}

/** Replaces the values of a record the caller may edit (If-Match honoured); the answer's ETag is its new version. */
export async function editRecord(
  { tx, meta, actor, deps, c }: WriteInput,
  record: RecordView,
  { formType, values, files }: Submission,
): Promise<RecordView> {
  const ctx = { tx, meta, settings: deps.settings };
  const expectedVersion = ifMatchVersion(c);
  await saveWithPostedFiles(ctx, deps.storage, actor, record.formType, values, files, (withKeys) =>
    changeRecord(ctx, actor, record._id, { formType, values: withKeys, expectedVersion }),
  );
  const updated = (await findRecord(tx, record._id, null))!;
  c.header('ETag', versionTag(updated.version));
  return updated;
}

/** Deletes a record the caller may delete (If-Match honoured). */
export async function removeRecord({ tx, meta, actor, c }: Omit<WriteInput, 'deps'>, record: RecordView): Promise<void> {
  await deleteRecord({ tx, meta }, actor, record._id, ifMatchVersion(c));
}
