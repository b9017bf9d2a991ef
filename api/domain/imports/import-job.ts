import { createHash } from 'node:crypto';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { importMessages, importWords, type ImportFormType, type ImportOutcome } from '../../../common/contracts/imports';
import type { Database, Executor, Tx } from '../../db/client';
import { ConcurrencyError } from '../../db/event-store';
import { recordColumns } from '../../db/projections/records';
import { importRows, imports, recordImportKeys, records } from '../../db/schema';
import type { ObjectStorage } from '../../storage/object-storage';
import type { JobKind } from '../../jobs/runner';
import { systemClock, type Clock } from '../clock';
import { DomainError, missing } from '../errors';
import { submitRecord } from '../records';
import { freshSettings, type Settings } from '../settings';
import { readChoices, rowValues, type Choices } from './cells';
import { IMPORT_RECORDS, importFileBytes, importFormFields, importRunPayload, type ImportRunPayload } from './imports';
import { cellText, sheetRows, type SheetRow } from './sheet';
import type { FormFieldConfig } from '../../../common/forms/types';
import { branchScope } from '../auth/branch-scope';

/*
 * A dry run or an import of a file (decision 038): the rows go through the very command the form
 * does (validation, numbering, the wallet's charge, the admission's invoice), a chunk of rows a
 * transaction, each row in a savepoint of its own so that a refused row leaves nothing and the
 * others stand. A dry run rolls every chunk back. A run taken again after a restart reads the
 * file from its start: rows it made before carry its key, so it makes them no second time.
 */

/** Rows in one transaction: a chunk holds PGlite's only connection while it runs. */
export const ROWS_PER_CHUNK = 50;

/** Times a row is tried when another writer moved a stream it appends to between its read and its write. */
const ROW_TRIES = 3;

class DryRun extends Error {
  override name = 'DryRun';
}

interface Outcome {
  row: number;
  outcome: ImportOutcome;
  recordId?: string | null;
  messages: string[];
}

/**
 * A row's key: its form and the text of the cells of each field it fills, so the same row of the
 * same file, whatever the order of its columns, has the same key.
 */
export function rowKey(formType: string, row: SheetRow, mapping: readonly (string | null)[]): string {
  const cells = mapping
    .map((field, column) => [field, cellText(row.cells[column]).trim()] as const)
    .filter((entry): entry is readonly [string, string] => entry[0] !== null && entry[1] !== '')
    .sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha256')
    .update(JSON.stringify([formType, cells]))
    .digest('base64url');
}

/** The form's settings read once per chunk rather than once per row. */
function chunkSettings(): Settings {
  const kept = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, read: () => Promise<T>) => {
    if (!kept.has(key)) kept.set(key, read());
    return kept.get(key) as Promise<T>;
  };
  return {
    formConfig: (db, formType) => once(`form:${formType}`, () => freshSettings.formConfig(db, formType)),
    operationPrice: (db, key) => once(`price:${key}`, () => freshSettings.operationPrice(db, key)),
    billingSettings: (db) => once('billing', () => freshSettings.billingSettings(db)),
    publicSite: (db, today) => freshSettings.publicSite(db, today),
    forget: () => kept.clear(),
  };
}

const messagesOf = (error: DomainError) => {
  const fieldMessages = Object.values(error.errors ?? {}).flat();
  return fieldMessages.length ? [...new Set(fieldMessages)] : [error.message];
};

export function importRecordsKind({
  database,
  storage,
  logger,
  clock = systemClock,
  chunkSize = ROWS_PER_CHUNK,
}: {
  database: Database;
  storage: ObjectStorage;
  logger?: Logger;
  clock?: Clock;
  chunkSize?: number;
}): JobKind<ImportRunPayload> {
  return {
    kind: IMPORT_RECORDS,
    payload: importRunPayload,
    async run(job) {
      const { db } = database;
      const { importId, mapping, dryRun, submitter } = job.payload;
      const [file] = await db.select().from(imports).where(eq(imports.id, importId));
      if (!file) throw missing(importMessages.missing);
      const fields = await importFormFields(db, file.formType);
      const choices = await readChoices(db, fields, branchScope(submitter));
      const codes = new Set(
        (
          await db
            .select({ code: records.code })
            .from(records)
            .where(and(eq(records.formType, file.formType), isNotNull(records.code)))
        ).map((row) => row.code!.toLowerCase()),
      );
      // A run taken again starts over: what it said of each row is said anew.
      await db.delete(importRows).where(eq(importRows.jobId, job.id));
      const seen = new Map<string, number>();
      const total = file.rowCount;
      let done = 0;
      let chunk: SheetRow[] = [];
      const context: RunContext = { formType: file.formType, mapping, fields, choices, codes, seen, dryRun, jobId: job.id, submitter };
      const flush = async () => {
        const outcomes = await importChunk(database, clock, context, chunk, logger);
        if (dryRun) await insertOutcomes(db, job.id, outcomes);
        done += chunk.length;
        chunk = [];
        await job.progress(Math.min(done, total), total);
      };
      let first = true;
      for await (const row of sheetRows(await importFileBytes(storage, file.fileKey))) {
        if (first) {
          first = false;
          continue;
        }
        chunk.push(row);
        if (chunk.length === chunkSize) await flush();
      }
      if (chunk.length) await flush();
      return null;
    },
  };
}

interface RunContext {
  formType: string;
  mapping: (string | null)[];
  fields: FormFieldConfig[];
  choices: Choices;
  /** The codes records of the form hold, in lower case, and those this run gave. */
  codes: Set<string>;
  /** Keys of this run's rows so far, with their row numbers: a row twice in a file is made once. */
  seen: Map<string, number>;
  dryRun: boolean;
  jobId: string;
  submitter: ImportRunPayload['submitter'];
}

async function insertOutcomes(db: Executor, jobId: string, outcomes: Outcome[]) {
  if (!outcomes.length) return;
  await db
    .insert(importRows)
    .values(outcomes.map((o) => ({ jobId, rowNumber: o.row, outcome: o.outcome, recordId: o.recordId ?? null, messages: o.messages })))
    .onConflictDoUpdate({
      target: [importRows.jobId, importRows.rowNumber],
      set: { outcome: sql`excluded.outcome`, recordId: sql`excluded.record_id`, messages: sql`excluded.messages` },
    });
}

/** One transaction: the chunk's rows, each made or refused alone, and for an import what became of each. */
async function importChunk(database: Database, clock: Clock, run: RunContext, chunk: SheetRow[], logger?: Logger): Promise<Outcome[]> {
  const keys = chunk.map((row) => rowKey(run.formType, row, run.mapping));
  const known = new Map(
    (
      await database.db
        .select({ key: recordImportKeys.key, recordId: recordImportKeys.recordId, jobId: recordImportKeys.jobId })
        .from(recordImportKeys)
        .where(and(eq(recordImportKeys.formType, run.formType), inArray(recordImportKeys.key, keys)))
    ).map((row) => [row.key, row]),
  );
  const outcomes: Outcome[] = [];
  const settings = chunkSettings();
  try {
    await database.db.transaction(async (tx) => {
      for (const [index, row] of chunk.entries()) {
        outcomes.push(await importRow(tx, clock, settings, run, row, keys[index]!, known.get(keys[index]!), logger));
      }
      if (run.dryRun) throw new DryRun();
      await insertOutcomes(tx, run.jobId, outcomes);
    });
  } catch (error) {
    if (!(error instanceof DryRun)) throw error;
  }
  return outcomes;
}

async function importRow(
  tx: Tx,
  clock: Clock,
  settings: Settings,
  run: RunContext,
  row: SheetRow,
  key: string,
  known: { recordId: string; jobId: string } | undefined,
  logger?: Logger,
): Promise<Outcome> {
  const number = row.number;
  // Made by this very run before a restart: it counts as made.
  if (known)
    return {
      row: number,
      outcome: known.jobId === run.jobId ? 'created' : 'skipped',
      recordId: known.recordId,
      messages: known.jobId === run.jobId ? [] : [importMessages.alreadyImported],
    };
  const earlier = run.seen.get(key);
  if (earlier !== undefined) return { row: number, outcome: 'skipped', messages: [importMessages.sameAs(earlier)] };
  run.seen.set(key, number);
  const { values, errors } = rowValues(row.cells, run.mapping, run.fields, run.choices);
  if (errors.length) return { row: number, outcome: 'failed', messages: errors };
  const code = recordColumns(values).code;
  if (code && run.codes.has(code.toLowerCase())) {
    return { row: number, outcome: 'skipped', messages: [importMessages.exists(importWords[run.formType as ImportFormType].one, code)] };
  }
  for (let attempt = 1; ; attempt += 1) {
    try {
      const created = await tx.transaction((savepoint) =>
        submitRecord(
          { tx: savepoint, meta: { actorId: run.submitter.id, branchId: run.submitter.branchId, occurredAt: clock.now() }, settings },
          run.submitter,
          { formType: run.formType, values, imported: { key, jobId: run.jobId } },
        ),
      );
      if (code) run.codes.add(code.toLowerCase());
      return { row: number, outcome: 'created', recordId: run.dryRun ? null : created.id, messages: [] };
    } catch (error) {
      if (error instanceof DomainError) return { row: number, outcome: 'failed', messages: messagesOf(error) };
      if (error instanceof ConcurrencyError && attempt < ROW_TRIES) continue;
      logger?.error({ err: error, row: number }, 'import row failed');
      return { row: number, outcome: 'failed', messages: [importMessages.rowFailed] };
    }
  }
}
