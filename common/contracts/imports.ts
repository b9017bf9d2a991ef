import { z } from 'zod';
import { defineContract } from './endpoint';
import { exportQuery, exportTypes } from './export';
import { fileTypes } from './endpoint';
import { jobParams, jobView } from './jobs';

/**
 * Rows of a spreadsheet made into records through their form: a file arrives, its columns are
 * mapped to the form's fields, a dry run checks every row as the form would, and an import makes
 * the rows that pass (decision 038).
 */

export const importFormTypes = ['student', 'course', 'branch'] as const;
export type ImportFormType = (typeof importFormTypes)[number];

/** The most rows a file may have: more is several files. */
export const IMPORT_MAX_ROWS = 100_000;

/** Rows shown from the file while its columns are mapped. */
export const IMPORT_SAMPLE_ROWS = 5;

/** Failing rows an import's answer lists; every one of them is in the failed rows' file. */
export const IMPORT_FAILURES_SHOWN = 100;

export const importWords: Record<ImportFormType, { one: string; many: string }> = {
  student: { one: 'student', many: 'students' },
  course: { one: 'course', many: 'courses' },
  branch: { one: 'branch', many: 'branches' },
};

export const importMessages = {
  created: 'File read: check how its columns map to the form',
  unreadable: 'This file cannot be read as CSV or Excel. Save it as CSV (UTF-8) or Excel (.xlsx) and upload it again.',
  noHeadings: 'The file has no heading row: its first row must name the columns',
  noRows: 'The file has headings but no rows to import',
  tooManyRows: `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-IN')} rows: split it into smaller files`,
  otherEncoding: 'This file is not in UTF-8 or Windows-1252 text. Save it as CSV (UTF-8) and upload it again.',
  missing: 'No such import',
  fileGone: 'The imported file is no longer kept: upload it again',
  required: (label: string) => `Choose the column that holds ${label}: the form requires it`,
  twice: (label: string) => `${label} is chosen for more than one column`,
  unknownField: (name: string) => `The form has no field ${name} to import into`,
  dryRunStarted: 'Checking every row…',
  dryRunHint:
    'Checking runs every row through the form, the wallet’s balance included, and keeps nothing. Importing keeps the rows that pass; rows imported before are skipped.',
  importStarted: 'Importing…',
  alreadyImported: 'Imported from a file already',
  sameAs: (row: number) => `The same as row ${row} of this file`,
  exists: (what: string, code: string) => `A ${what} with the code ${code} exists already`,
  ambiguous: (label: string, name: string) => `More than one choice of ${label} is named ${name}: use its code`,
  rowFailed: 'Something went wrong with this row: it was not imported',
  errorColumn: 'Error',
} as const;

export const importParams = z.object({ id: z.string().min(1).max(100).describe('The import’s id, as uploading its file answered') });
export const importRunParams = importParams.merge(jobParams);
export const importTemplateParams = z.object({ formType: z.enum(importFormTypes) });

export const importField = z.object({
  name: z.string(),
  label: z.string(),
  required: z.boolean(),
});
export type ImportField = z.infer<typeof importField>;

/** A column's field by the column's place in the file: null leaves the column out. */
export const importMapping = z.array(z.string().max(100).nullable()).max(500);
export type ImportMapping = z.infer<typeof importMapping>;

export const importOutcomes = ['created', 'skipped', 'failed'] as const;
export type ImportOutcome = (typeof importOutcomes)[number];

/** A run as the import's list of runs shows it: where it stands and what it did. */
export const importRunSummary = jobView.extend({
  dryRun: z.boolean().describe('A check of every row that keeps nothing'),
  counts: z.object({
    created: z.number().int().describe('Rows made into records (in a dry run: that would be)'),
    skipped: z.number().int().describe('Rows imported before, or whose code a record holds already'),
    failed: z.number().int().describe('Rows refused, each with its messages'),
  }),
});
export type ImportRunSummary = z.infer<typeof importRunSummary>;

export const importRunView = importRunSummary.extend({
  failures: z
    .array(
      z.object({ row: z.number().int().describe('The row’s number in the file; the headings are row 1'), messages: z.array(z.string()) }),
    )
    .describe(`The first ${IMPORT_FAILURES_SHOWN} refused rows`),
});
export type ImportRunView = z.infer<typeof importRunView>;

export const importView = z.object({
  _id: z.string(),
  formType: z.enum(importFormTypes),
  fileName: z.string(),
  columns: z.array(z.string()).describe('The headings of the file, in its order'),
  rowCount: z.number().int(),
  mapping: importMapping.describe('Each column’s field, suggested by heading, name and label until a run chose its own'),
  fields: z.array(importField).describe('The form’s fields a cell can hold, in the form’s order'),
  sample: z.array(z.array(z.string())).describe(`The first ${IMPORT_SAMPLE_ROWS} rows as text`),
  runs: z.array(importRunSummary).describe('Its latest dry runs and imports, the latest first; each run’s refused rows are its own view’s'),
  createdAt: z.string().datetime(),
});
export type ImportView = z.infer<typeof importView>;

export const createImportBody = z.object({
  formType: z.enum(importFormTypes),
  fileKey: z.string().min(1).max(500).describe('The key of the confirmed upload of the file (field importFile)'),
});

export const runImportBody = z.object({
  mapping: importMapping,
  dryRun: z.boolean().default(false),
});
export type RunImportBody = z.infer<typeof runImportBody>;

const tag = 'Imports';

export const importContract = {
  create: defineContract({
    method: 'post',
    path: '/imports',
    summary: 'Reads an uploaded CSV or Excel file of rows for a form: its headings, rows and a suggested mapping',
    tag,
    body: createImportBody,
    response: importView,
    creates: true,
    refuses: [404],
    example: { body: { formType: 'student', fileKey: 'imports/2026/12/file-id-students.csv' } },
  }),
  get: defineContract({
    method: 'get',
    path: '/imports/:id',
    summary: 'An import: its file’s headings, mapping and runs',
    tag,
    params: importParams,
    response: importView,
    refuses: [404],
  }),
  run: defineContract({
    method: 'post',
    path: '/imports/:id/runs',
    summary: 'Starts a dry run or the import of the file with a mapping; answers the job, or the unfinished one (200)',
    tag,
    params: importParams,
    body: runImportBody,
    response: importRunView,
    creates: 'or-finds',
    refuses: [404],
    example: { body: { mapping: ['studentName', 'phoneNumber', null], dryRun: true } },
  }),
  runView: defineContract({
    method: 'get',
    path: '/imports/:id/runs/:jobId',
    summary: 'How far a dry run or an import has come, what it did and the rows it refused',
    tag,
    params: importRunParams,
    response: importRunView,
    refuses: [404],
  }),
  failedRows: defineContract({
    method: 'get',
    path: '/imports/:id/runs/:jobId/failed-rows',
    summary: 'The rows a run refused, as the file had them, with an Error column',
    tag,
    params: importRunParams,
    produces: fileTypes.csv,
    refuses: [404],
  }),
  template: defineContract({
    method: 'get',
    path: '/imports/templates/:formType',
    summary: 'An empty file with the form’s importable fields as headings',
    tag,
    params: importTemplateParams,
    query: z.object({ format: exportQuery.format }),
    produces: exportTypes,
    example: { query: { format: 'csv' } },
  }),
};
