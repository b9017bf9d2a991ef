import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import {
  IMPORT_FAILURES_SHOWN,
  IMPORT_MAX_ROWS,
  IMPORT_SAMPLE_ROWS,
  importMessages,
  type ImportFormType,
  type ImportMapping,
  type ImportOutcome,
  type ImportRunSummary,
  type ImportRunView,
  type ImportView,
  type RunImportBody,
} from '../../../common/contracts/imports';
import { jobMessages } from '../../../common/contracts/jobs';
import { fileKinds, IMPORT_FILE_RULE } from '../../../common/uploads/rules';
import type { Executor } from '../../db/client';
import type { EventMetadata } from '../../db/event-store';
import { importRows, imports, jobs } from '../../db/schema';
import { enqueueJob, findJob, jobViewOf, type JobRow } from '../../jobs/queue';
import type { ExportTable } from '../../export/columns';
import type { ObjectStorage } from '../../storage/object-storage';
import type { Actor } from '../auth/actor';
import { branchScope } from '../auth/branch-scope';
import { invalid, missing } from '../errors';
import { findFormConfig } from '../form-configs';
import { newId } from '../ids';
import { findUpload } from '../uploads';
import { importableFields, importFieldOf, mappingErrors, suggestMapping } from './cells';
import { cellText, sheetRows } from './sheet';

/** The upload's form type: where import files are kept. */
export const IMPORT_UPLOADS = 'imports';

export const IMPORT_RECORDS = 'records-import';

/** The file as it was uploaded, whole: 20 MB at most. */
export async function importFileBytes(storage: ObjectStorage, key: string): Promise<Buffer> {
  const head = await storage.head(key);
  if (!head) throw missing(importMessages.fileGone);
  return storage.readStart(key, head.size);
}

export interface ReadFile {
  columns: string[];
  rowCount: number;
  sample: string[][];
}

/** The file's headings, its rows counted and the first few as text, read before any transaction opens. */
export async function readImportFile(bytes: Uint8Array): Promise<ReadFile> {
  let columns: string[] | null = null;
  let rowCount = 0;
  const sample: string[][] = [];
  for await (const row of sheetRows(bytes)) {
    if (columns === null) {
      columns = row.cells.map((cell) => cellText(cell).trim());
      continue;
    }
    rowCount += 1;
    if (rowCount > IMPORT_MAX_ROWS) throw invalid(importMessages.tooManyRows, { file: [importMessages.tooManyRows] });
    if (sample.length < IMPORT_SAMPLE_ROWS) sample.push(columns.map((_, index) => cellText(row.cells[index])));
  }
  if (columns === null || columns.every((column) => column === ''))
    throw invalid(importMessages.noHeadings, { file: [importMessages.noHeadings] });
  if (rowCount === 0) throw invalid(importMessages.noRows, { file: [importMessages.noRows] });
  return { columns: columns.map((column, index) => column || `Column ${index + 1}`), rowCount, sample };
}

/**
 * The uploaded file the caller names, read whole: a confirmed upload of an import file that they
 * may see. Records and exam marks are imported from such files alike.
 */
export async function importUpload(
  db: Executor,
  storage: ObjectStorage,
  actor: Pick<Actor, 'role' | 'branchId'>,
  fileKey: string,
): Promise<{ bytes: Buffer; fileName: string }> {
  const upload = await findUpload(db, fileKey);
  const scope = branchScope(actor);
  if (!upload || upload.formType !== IMPORT_UPLOADS || (scope !== null && upload.branchId !== scope))
    throw missing(importMessages.fileGone);
  // Stored under the import rule's types only: an image uploaded here under another rule is no spreadsheet.
  if (!IMPORT_FILE_RULE.accepts.some((kind) => fileKinds[kind].contentType === upload.contentType))
    throw invalid(importMessages.unreadable, { file: [importMessages.unreadable] });
  return { bytes: await importFileBytes(storage, fileKey), fileName: upload.originalFileName };
}

/** The uploaded file the caller names, its headings, rows counted and first rows read. */
export async function prepareImport(
  db: Executor,
  storage: ObjectStorage,
  actor: Actor,
  fileKey: string,
): Promise<ReadFile & { fileName: string }> {
  const { bytes, fileName } = await importUpload(db, storage, actor, fileKey);
  return { ...(await readImportFile(bytes)), fileName };
}

/** The form's fields a cell can fill, as its configuration is now. */
export async function importFormFields(db: Executor, formType: string) {
  const config = await findFormConfig(db, formType);
  return config ? importableFields(config.fields) : [];
}

/** The fields a caller maps the file's columns to. */
async function mappedFields(db: Executor, formType: string, actor: Pick<Actor, 'role' | 'branchId'>) {
  return (await importFormFields(db, formType)).map((field) => importFieldOf(field, formType, branchScope(actor)));
}

export type ImportRow = typeof imports.$inferSelect;

export async function createImport(
  ctx: { tx: Executor; meta: EventMetadata },
  actor: Actor,
  body: { formType: ImportFormType; fileKey: string },
  file: ReadFile & { fileName: string },
): Promise<ImportRow> {
  const fields = await mappedFields(ctx.tx, body.formType, actor);
  const [row] = await ctx.tx
    .insert(imports)
    .values({
      id: newId(ctx.meta.occurredAt.getTime()),
      formType: body.formType,
      fileKey: body.fileKey,
      fileName: file.fileName,
      columns: file.columns,
      rowCount: file.rowCount,
      sample: file.sample,
      mapping: suggestMapping(file.columns, fields),
      requestedBy: actor.id,
      branchId: branchScope(actor),
      createdAt: ctx.meta.occurredAt,
    })
    .returning();
  return row!;
}

/** An import the caller reaches (its branch's, or any for the institute's staff), else none. */
export async function findImport(db: Executor, actor: Pick<Actor, 'role' | 'branchId'>, id: string): Promise<ImportRow> {
  const [row] = await db.select().from(imports).where(eq(imports.id, id));
  const scope = branchScope(actor);
  if (!row || (scope !== null && row.branchId !== scope)) throw missing(importMessages.missing);
  return row;
}

/** What a run of an import is given: the file, its mapping, and who runs it, as they were when it was started. */
export const importRunPayload = z.object({
  importId: z.string(),
  mapping: z.array(z.string().nullable()),
  dryRun: z.boolean(),
  submitter: z.object({ id: z.string(), role: z.string(), branchId: z.string().nullable() }),
});
export type ImportRunPayload = z.infer<typeof importRunPayload>;

const runSubject = (importId: string) => `import:${importId}`;

/** The import a run is of: the Jobs panel links to its screen by it. */
export const importOfRun = (job: Pick<JobRow, 'payload'>): string | null => importRunPayload.safeParse(job.payload).data?.importId ?? null;

/** How many rows of each outcome the runs have, by run. */
async function outcomeCounts(db: Executor, jobIds: string[]): Promise<Map<string, ImportRunSummary['counts']>> {
  const rows = jobIds.length
    ? await db
        .select({ jobId: importRows.jobId, outcome: importRows.outcome, rows: count() })
        .from(importRows)
        .where(inArray(importRows.jobId, jobIds))
        .groupBy(importRows.jobId, importRows.outcome)
    : [];
  const counts = new Map(jobIds.map((id) => [id, { created: 0, skipped: 0, failed: 0 }]));
  for (const row of rows) counts.get(row.jobId)![row.outcome as ImportOutcome] = row.rows;
  return counts;
}

const summaryOf = (job: JobRow, counts: ImportRunSummary['counts']): ImportRunSummary => ({
  ...jobViewOf(job),
  dryRun: importRunPayload.parse(job.payload).dryRun,
  counts,
});

async function runView(db: Executor, job: JobRow): Promise<ImportRunView> {
  const [counts, failures] = await Promise.all([
    outcomeCounts(db, [job.id]),
    db
      .select({ row: importRows.rowNumber, messages: importRows.messages })
      .from(importRows)
      .where(and(eq(importRows.jobId, job.id), eq(importRows.outcome, 'failed')))
      .orderBy(asc(importRows.rowNumber))
      .limit(IMPORT_FAILURES_SHOWN),
  ]);
  return {
    ...summaryOf(job, counts.get(job.id)!),
    failures: failures.map((failure) => ({ row: failure.row, messages: failure.messages as string[] })),
  };
}

/** Runs shown with an import: enough to see the dry run and the import after it. */
const RUNS_SHOWN = 5;

export async function importView(db: Executor, actor: Pick<Actor, 'role' | 'branchId'>, row: ImportRow): Promise<ImportView> {
  const runs = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, IMPORT_RECORDS), eq(jobs.subject, runSubject(row.id))))
    .orderBy(desc(jobs.createdAt))
    .limit(RUNS_SHOWN);
  const counts = await outcomeCounts(
    db,
    runs.map((job) => job.id),
  );
  return {
    _id: row.id,
    formType: row.formType as ImportFormType,
    fileName: row.fileName,
    columns: row.columns as string[],
    rowCount: row.rowCount,
    mapping: row.mapping as ImportMapping,
    fields: await mappedFields(db, row.formType, actor),
    sample: row.sample as string[][],
    runs: runs.map((job) => summaryOf(job, counts.get(job.id)!)),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Queues a dry run or the import of the file with the mapping given, or finds the run of this
 * import still unfinished: one run at a time per file. The mapping is kept as the file's.
 */
export async function startImportRun(ctx: { tx: Executor; meta: EventMetadata }, actor: Actor, row: ImportRow, body: RunImportBody) {
  const fields = await mappedFields(ctx.tx, row.formType, actor);
  const mapping = (row.columns as string[]).map((_, column) => body.mapping[column] ?? null);
  const errors = mappingErrors(mapping, fields);
  if (errors.length) throw invalid(errors[0]!, { mapping: errors });
  await ctx.tx.update(imports).set({ mapping }).where(eq(imports.id, row.id));
  const payload: ImportRunPayload = {
    importId: row.id,
    mapping,
    dryRun: body.dryRun,
    submitter: { id: actor.id, role: actor.role, branchId: actor.branchId },
  };
  const { job, created } = await enqueueJob(ctx.tx, {
    kind: IMPORT_RECORDS,
    subject: runSubject(row.id),
    payload,
    total: row.rowCount,
    requestedBy: actor.id,
    branchId: row.branchId,
    now: ctx.meta.occurredAt,
  });
  return { run: await runView(ctx.tx, job), created };
}

/** A run of this import, else none. */
async function runOf(db: Executor, row: ImportRow, jobId: string): Promise<JobRow> {
  const job = await findJob(db, jobId);
  if (!job || job.kind !== IMPORT_RECORDS || job.subject !== runSubject(row.id)) throw missing(jobMessages.missing);
  return job;
}

export async function importRunView(db: Executor, row: ImportRow, jobId: string) {
  return runView(db, await runOf(db, row, jobId));
}

/**
 * The rows a run refused, as the file has them, with their messages in a last column: the file
 * to correct and upload again. The file is read through once; rows are sent as they are found.
 */
export async function failedRowsTable(db: Executor, storage: ObjectStorage, row: ImportRow, jobId: string): Promise<ExportTable<string[]>> {
  await runOf(db, row, jobId);
  const failed = await db
    .select({ row: importRows.rowNumber, messages: importRows.messages })
    .from(importRows)
    .where(and(eq(importRows.jobId, jobId), eq(importRows.outcome, 'failed')));
  const messages = new Map(failed.map((failure) => [failure.row, (failure.messages as string[]).join('; ')]));
  const columns = row.columns as string[];
  async function* rows(): AsyncGenerator<string[][]> {
    if (messages.size === 0) return;
    let batch: string[][] = [];
    for await (const sheetRow of sheetRows(await importFileBytes(storage, row.fileKey))) {
      const message = messages.get(sheetRow.number);
      if (message === undefined) continue;
      batch.push([...columns.map((_, column) => cellText(sheetRow.cells[column])), message]);
      if (batch.length === 1_000) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length) yield batch;
  }
  const base = row.fileName.replace(/\.[^.]*$/, '');
  return {
    fileName: () => `${base}-failed-rows`,
    sheet: 'Failed rows',
    columns: [...columns, importMessages.errorColumn].map((header, index) => ({ header, value: (cells: string[]) => cells[index] })),
    rows: rows(),
  };
}

/** An empty file to fill: the form's importable fields as headings, by their labels. */
export async function importTemplate(db: Executor, formType: ImportFormType): Promise<ExportTable<never>> {
  const fields = await importFormFields(db, formType);
  return {
    fileName: () => `${formType}-import-template`,
    sheet: 'Import',
    columns: fields.map((field) => ({ header: field.label || field.name, value: () => null })),
    rows: (async function* () {})(),
  };
}
