import { and, eq, type SQL } from 'drizzle-orm';
import type { ImportField, ImportMapping } from '../../../common/contracts/imports';
import { importMessages } from '../../../common/contracts/imports';
import { courseChoices } from '../../../common/forms/course-options';
import { activeFields, optionLabel, optionsSourceOf, optionValue } from '../../../common/forms/fields';
import type { FormFieldConfig, OptionSource } from '../../../common/forms/types';
import type { Executor } from '../../db/client';
import { records } from '../../db/schema';
import { activeCourseCategories } from '../course-categories/queries';
import type { FieldValues } from '../record-events';
import { readableBy } from '../record-queries';
import { unstoredFields } from '../records';
import type { Cell } from './sheet';

/** Kinds of field a spreadsheet cell can hold; files and lists stay on the record's page. */
const cellTypes = new Set(['text', 'textarea', 'email', 'number', 'tel', 'date', 'select', 'radio', 'checkbox']);

/** The form's fields a cell can fill, in the form's order. A branch's password is never kept, so it is not imported either. */
export function importableFields(fields: readonly FormFieldConfig[]): FormFieldConfig[] {
  return activeFields(fields).filter((field) => cellTypes.has(field.type) && !unstoredFields.has(field.name));
}

/**
 * A field as the mapping shows it. A branch's own staff need not give a student's center: the
 * form puts their branch there.
 */
export const importFieldOf = (field: FormFieldConfig, formType: string, scope: string | null): ImportField => ({
  name: field.name,
  label: field.label || field.name,
  required: field.required === true && !(formType === 'student' && field.name === 'centerName' && scope !== null),
});

/** A heading or label as compared: letters and digits in lower case, British spellings as the forms write them. */
const squashed = (text: string) =>
  text
    .toLowerCase()
    .replace(/centre/g, 'center')
    .replace(/[^a-z0-9]/g, '');

/**
 * Each heading's field: the field whose label or name the heading is, however spaced or cased;
 * else the one field whose label starts with it ("Centre" for Center Name, "Course" for Selected
 * Course does not: it starts no label).
 */
export function suggestMapping(columns: readonly string[], fields: readonly ImportField[]): ImportMapping {
  const taken = new Set<string>();
  const pick = (column: string, matches: (field: ImportField, heading: string) => boolean) => {
    const heading = squashed(column);
    const found = fields.filter((field) => !taken.has(field.name) && heading !== '' && matches(field, heading));
    return found.length === 1 ? found[0]! : null;
  };
  const mapping: ImportMapping = columns.map(() => null);
  const passes = [
    (field: ImportField, heading: string) => [field.label, field.name].some((name) => squashed(name) === heading),
    (field: ImportField, heading: string) => squashed(field.label).startsWith(heading),
  ];
  for (const matches of passes) {
    columns.forEach((column, index) => {
      if (mapping[index] !== null) return;
      const field = pick(column, matches);
      if (!field) return;
      taken.add(field.name);
      mapping[index] = field.name;
    });
  }
  return mapping;
}

/** Why a mapping cannot be run: a required field no column fills, a field two columns fill, a field the form has not. */
export function mappingErrors(mapping: ImportMapping, fields: readonly ImportField[]): string[] {
  const byName = new Map(fields.map((field) => [field.name, field]));
  const errors = mapping
    .filter((name): name is string => name !== null && !byName.has(name))
    .map((name) => importMessages.unknownField(name));
  const chosen = mapping.filter((name): name is string => name !== null);
  for (const field of fields) {
    const times = chosen.filter((name) => name === field.name).length;
    if (times > 1) errors.push(importMessages.twice(field.label));
    if (times === 0 && field.required) errors.push(importMessages.required(field.label));
  }
  return errors;
}

/** The records a select can name, by every way a file may name them: name, code or id, in lower case. */
export type Choices = Map<OptionSource, Map<string, Set<string>>>;

function indexed(entries: Iterable<{ id: string; names: (string | null)[] }>): Map<string, Set<string>> {
  const index = new Map<string, Set<string>>();
  for (const { id, names } of entries) {
    for (const name of [id, ...names]) {
      if (!name) continue;
      const key = name.trim().toLowerCase();
      index.set(key, (index.get(key) ?? new Set()).add(id));
    }
  }
  return index;
}

/**
 * What the form's selects offer the importer, read once per run: the branches, the courses they
 * can read (else the categories, else the static list, as the form does), the categories.
 */
export async function readChoices(db: Executor, fields: readonly FormFieldConfig[], scope: string | null): Promise<Choices> {
  const sources = new Set(fields.map(optionsSourceOf).filter((source) => source !== undefined));
  const choices: Choices = new Map();
  const recordsOf = (formType: string, where?: SQL) =>
    db
      .select({ id: records.id, title: records.title, code: records.code })
      .from(records)
      .where(and(eq(records.formType, formType), where));
  const categories = sources.has('courseCategories') || sources.has('courses') ? await activeCourseCategories(db) : [];
  if (sources.has('branches')) {
    // Every branch, so that a branch's staff naming another hear that it is not theirs rather than that it does not exist.
    const branches = await recordsOf('branch');
    choices.set('branches', indexed(branches.map((row) => ({ id: row.id, names: [row.title, row.code] }))));
  }
  if (sources.has('courses')) {
    const courses = await recordsOf('course', readableBy(scope));
    const offered = courseChoices(
      courses.map((row) => ({ value: row.id, label: row.title })),
      categories.map((category) => ({ value: category._id, label: category.name })),
    );
    const codes = new Map(courses.map((row) => [row.id, row.code]));
    choices.set(
      'courses',
      indexed(offered.map((choice) => ({ id: choice.value, names: [choice.label, codes.get(choice.value) ?? null] }))),
    );
  }
  if (sources.has('courseCategories')) {
    choices.set('courseCategories', indexed(categories.map((category) => ({ id: category._id, names: [category.name] }))));
  }
  return choices;
}

const yes = new Set(['yes', 'y', 'true', '1', 'on', 'active', 'हाँ']);

/** A day as the form holds it (YYYY-MM-DD) from what a spreadsheet gives: a date, or Indian day-first text. */
function dayOf(cell: Cell): string {
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  const text = String(cell).trim();
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (dayFirst) return `${dayFirst[3]}-${dayFirst[2]!.padStart(2, '0')}-${dayFirst[1]!.padStart(2, '0')}`;
  return text;
}

export interface RowValues {
  values: FieldValues;
  /** Cells that name a choice more than one record answers to: the row cannot be imported as it is. */
  errors: string[];
}

/**
 * A row's values as the form would post them: a select's choice by its label, name or code, a
 * yes/no as a checkbox, a day-first date as a date. What matches nothing is passed on as it is,
 * so that the form's own validation refuses it with its own message.
 */
export function rowValues(cells: readonly Cell[], mapping: ImportMapping, fields: readonly FormFieldConfig[], choices: Choices): RowValues {
  const byName = new Map(fields.map((field) => [field.name, field]));
  const values: FieldValues = {};
  const errors: string[] = [];
  mapping.forEach((name, column) => {
    const field = name === null ? undefined : byName.get(name);
    const cell = cells[column] ?? null;
    if (!field || cell === null || (typeof cell === 'string' && cell.trim() === '')) return;
    if (field.type === 'checkbox') {
      values[field.name] = cell === true || yes.has(String(cell).trim().toLowerCase());
      return;
    }
    if (field.type === 'date') {
      values[field.name] = dayOf(cell);
      return;
    }
    const text = cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell).trim();
    const source = optionsSourceOf(field);
    if (source) {
      const ids = choices.get(source)?.get(text.toLowerCase());
      if (ids && ids.size > 1) errors.push(importMessages.ambiguous(field.label || field.name, text));
      values[field.name] = ids?.size === 1 ? [...ids][0]! : text;
      return;
    }
    if ((field.type === 'select' || field.type === 'radio') && field.options) {
      const option = field.options.find((candidate) =>
        [optionValue(candidate), optionLabel(candidate)].some((name) => name.toLowerCase() === text.toLowerCase()),
      );
      values[field.name] = option ? optionValue(option) : text;
      return;
    }
    values[field.name] = text;
  });
  return { values, errors };
}
