import { activeFields, isChecked, optionLabel, optionsSourceOf, optionValue } from '../../common/forms/fields';
import type { FormFieldConfig } from '../../common/forms/types';
import type { Executor } from '../db/client';
import { courseCategories } from '../db/schema';
import { inPages, type CellValue, type ExportColumn, type ExportTable } from '../export/columns';
import { listChoices, recordRows, type RecordListQuery, type RecordRow } from './record-queries';
import { unstoredFields } from './records';

/** Field types whose values are lists or files: a cell cannot hold them, the record's own page shows them. */
const notInCells = new Set<FormFieldConfig['type']>(['file', 'subCourseList', 'examSubjectsTable']);

const sheetNames: Record<string, string> = { student: 'Students', course: 'Courses', branch: 'Branches', examResult: 'Exams' };

/**
 * The names of the branches, courses and course categories a select field holds the id of: the
 * choices the form offers the caller, and every category, a retired one included.
 */
async function namesOf(db: Executor, fields: readonly FormFieldConfig[], scope: string | null) {
  const sources = new Set(fields.map(optionsSourceOf));
  const names = new Map<string, string>();
  for (const [source, formType] of [
    ['branches', 'branch'],
    ['courses', 'course'],
  ] as const) {
    if (!sources.has(source)) continue;
    for (const choice of await listChoices(db, formType, scope)) names.set(choice._id, choice.title);
  }
  if (sources.has('courseCategories')) {
    for (const row of await db.select({ id: courseCategories.id, name: courseCategories.name }).from(courseCategories)) {
      names.set(row.id, row.name);
    }
  }
  return names;
}

/** A field's column: its label as the heading, its value as the form shows it (a choice's label, a name for an id). */
function fieldColumn(field: FormFieldConfig, names: Map<string, string>): ExportColumn<RecordRow> {
  const valueOf = (row: RecordRow) => (row.fields as Record<string, unknown>)[field.name];
  const header = field.label || field.name;
  switch (field.type) {
    case 'checkbox':
      return { header, kind: 'yes-no', value: (row) => isChecked(valueOf(row)) };
    case 'date':
      return { header, kind: 'date', value: (row) => (typeof valueOf(row) === 'string' ? (valueOf(row) as string) : null) };
    case 'number':
      return { header, kind: 'number', value: (row) => numberOrText(valueOf(row)) };
    case 'select':
    case 'radio': {
      const labels = new Map((field.options ?? []).map((option) => [optionValue(option), optionLabel(option)]));
      return {
        header,
        width: Math.max(14, header.length + 2),
        value: (row) => {
          const value = valueOf(row);
          if (value === null || value === undefined || value === '') return null;
          const text = String(value);
          return labels.get(text) ?? names.get(text) ?? text;
        },
      };
    }
    default:
      return { header, width: Math.max(14, header.length + 2), value: (row) => textOf(valueOf(row)) };
  }
}

function numberOrText(value: unknown): CellValue {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return textOf(value);
}

function textOf(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * The records a list shows (its form type, filters and sort, the caller's branch), every one, as a
 * file's rows: the numbers the API gives students, every field of the form by its label in the
 * form's order, and when each was added.
 */
export async function recordsExport(
  db: Executor,
  query: Omit<RecordListQuery, 'page' | 'limit'>,
  scope: string | null,
  fields: readonly FormFieldConfig[],
): Promise<ExportTable<RecordRow>> {
  const shown = activeFields(fields).filter((field) => !notInCells.has(field.type) && !unstoredFields.has(field.name));
  const names = await namesOf(db, shown, scope);
  const numbered: ExportColumn<RecordRow>[] =
    query.formType === 'student'
      ? [
          { header: 'Registration No', value: (row) => row.registrationNo, width: 18 },
          { header: 'Roll No', value: (row) => row.rollNo, width: 12 },
        ]
      : [];
  // A record of a branch whose form names no branch (an exam held by one) still says whose it is.
  const branch: ExportColumn<RecordRow>[] =
    query.formType !== 'branch' && !shown.some((field) => optionsSourceOf(field) === 'branches')
      ? [{ header: 'Branch', value: (row) => row.branchName, width: 20 }]
      : [];
  const stem = (sheetNames[query.formType] ?? query.formType).toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return {
    fileName: (today) => `${stem}-${today}`,
    sheet: sheetNames[query.formType] ?? query.formType,
    columns: [
      ...numbered,
      ...shown.map((field) => fieldColumn(field, names)),
      ...branch,
      { header: 'Added on', kind: 'moment', value: (row) => row.createdAt, width: 18 },
    ],
    rows: inPages((offset, limit) => recordRows(db, query, scope, offset, limit)),
  };
}
