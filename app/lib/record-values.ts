import { isChecked } from '../../common/forms/fields';
import { fileNameOfKey } from '../../common/uploads/keys';
import { formatDate, formatRupees, parseRupees } from '~/utils/format';

/** The value of one field of a record's name/value list; a nested fieldsData list is looked into. */
export function fieldValue(record: { fieldsData: { name: string; value: unknown }[] }, name: string): unknown {
  for (const entry of record.fieldsData) {
    if (entry.name === name) return entry.value;
    if (entry.name === 'fieldsData' && Array.isArray(entry.value)) {
      const nested = (entry.value as { name?: unknown; value?: unknown }[]).find((item) => item?.name === name);
      if (nested) return nested.value;
    }
  }
  return undefined;
}

/**
 * A field's value as a record's details show it. A student's Registration Number is the one the
 * institute gave at admission, unless the form was given another: the badge above the details
 * and the field never disagree, and the field is never empty beside it.
 */
export function detailValue(
  record: { fieldsData: { name: string; value: unknown }[]; registrationNo?: string | null },
  name: string,
): unknown {
  const value = fieldValue(record, name);
  if (name === 'registrationNumber' && (value === undefined || value === null || value === '')) return record.registrationNo ?? value;
  return value;
}

export function fieldText(record: { fieldsData: { name: string; value: unknown }[] }, name: string): string {
  const value = fieldValue(record, name);
  return value === undefined || value === null ? '' : String(value);
}

/**
 * Fees as the course form takes them: rupees as typed ("18000", "9,500.50"), shown with Indian
 * grouping. Not paise: the form's number field holds what a person entered.
 */
export function formatFees(value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  const paise = parseRupees(String(value));
  return paise === null ? String(value) : formatRupees(paise);
}

/** Months as "12 months" (a number field that may hold text). */
export function formatMonths(value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  const months = Number(value);
  if (!Number.isFinite(months)) return String(value);
  return `${months} ${months === 1 ? 'month' : 'months'}`;
}

const SECRET_FIELDS = new Set(['password']);

export const HIDDEN_VALUE = 'Hidden';

/** One value as a line of text: yes/no, dates, names for ids, file names, lists joined. */
export function displayValue(value: unknown, field: { name: string; type: string } | undefined, names: Record<string, string>): string {
  if (value === undefined || value === null || value === '') return '';
  if (field && SECRET_FIELDS.has(field.name)) return HIDDEN_VALUE;
  const type = field?.type;
  if (type === 'checkbox' || typeof value === 'boolean') {
    return isChecked(value) ? 'Yes' : 'No';
  }
  if (field?.name === 'fees' || field?.name === 'fees1') return formatFees(value);
  if (type === 'date' && typeof value === 'string') return formatDate(value) || value;
  if (type === 'file') {
    const keys = Array.isArray(value) ? value : [value];
    return keys.map((key) => (typeof key === 'string' ? fileNameOfKey(key) : JSON.stringify(key))).join(', ');
  }
  if (Array.isArray(value)) {
    return value
      .map((item) => (typeof item === 'object' && item !== null ? summarise(item) : displayValue(item, undefined, names)))
      .join(', ');
  }
  if (typeof value === 'object') return summarise(value);
  const text = String(value);
  return names[text] ?? text;
}

function summarise(value: object): string {
  const named = value as { name?: unknown; label?: unknown; subjectName?: unknown };
  const name = named.subjectName ?? named.name ?? named.label;
  return typeof name === 'string' ? name : JSON.stringify(value);
}

/** Rows of a table-like value (an exam's subjects), or null when the value is not one. */
export function tableRows(value: unknown): Record<string, unknown>[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  if (!value.every((row) => typeof row === 'object' && row !== null && !Array.isArray(row))) return null;
  return value as Record<string, unknown>[];
}

/** "subjectName" → "Subject Name". */
export function humanise(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .replace(/^./, (c) => c.toUpperCase());
}

/** A course's subjects: its comma-separated description as a list. */
export function subjectsOf(description: unknown): string[] {
  if (typeof description !== 'string') return [];
  return description
    .split(',')
    .map((subject) => subject.trim())
    .filter(Boolean);
}
