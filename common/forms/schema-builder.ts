import { z } from 'zod';
import { activeFields, isChecked, optionValue } from './fields';
import type { FormFieldConfig } from './types';

/** The validation messages of the dynamic forms, word for word as the product shows them. */
export const fieldMessages = {
  required: (label: string) => `${label} is required`,
  email: (label: string) => `${label} must be a valid email`,
  number: (label: string) => `${label} must be a number`,
  tel: (label: string) => `${label} must be a valid 10-digit number`,
  selection: (label: string) => `${label} selection is invalid`,
  date: (label: string) => `${label} must be a valid date`,
  text: (label: string) => `${label} must be text`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
};

export const maxTextLength = { text: 1000, textarea: 10_000 } as const;

const emailSchema = z.string().email();
const numeric = /^[-+]?(\d+(\.\d*)?|\.\d+)(e[-+]?\d+)?$/i;
const isoDate = /^(\d{4})-(\d{2})-(\d{2})(T[\d:.]+(Z|[-+]\d{2}:?\d{2})?)?$/;

/** A value a form leaves blank: nothing, blank text, an empty list or an unchosen file. */
function isMissing(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof File !== 'undefined' && value instanceof File) return value.name === '' && value.size === 0;
  return false;
}

/** Lists and rows arrive as JSON text from multipart forms and hidden inputs. */
function parseJsonText(value: unknown): unknown {
  if (typeof value !== 'string' || !/^\s*[[{]/.test(value)) return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** The day of a YYYY-MM-DD text (a time may follow), when the calendar has it. */
export function validDate(text: string): string | null {
  const match = isoDate.exec(text.trim());
  if (!match) return null;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return text.trim().slice(0, 10);
}

type Check = (value: unknown, fail: (message: string) => typeof z.NEVER) => unknown;

/** How each type reads a present value; missing values and `required` are handled before. */
function checkFor(field: FormFieldConfig, label: string): Check {
  switch (field.type) {
    case 'text':
    case 'textarea': {
      const max = maxTextLength[field.type];
      return (value, fail) => {
        if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
          return fail(fieldMessages.text(label));
        }
        const text = String(value).trim();
        return text.length > max ? fail(fieldMessages.tooLong(label, max)) : text;
      };
    }
    case 'email':
      return (value, fail) => {
        const text = typeof value === 'string' ? value.trim() : '';
        return emailSchema.safeParse(text).success ? text : fail(fieldMessages.email(label));
      };
    case 'number':
      return (value, fail) => {
        if (typeof value === 'number') return Number.isFinite(value) ? value : fail(fieldMessages.number(label));
        const text = typeof value === 'string' ? value.trim() : '';
        return numeric.test(text) && Number.isFinite(Number(text)) ? Number(text) : fail(fieldMessages.number(label));
      };
    case 'tel':
      return (value, fail) => {
        const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
        return /^\d{10}$/.test(text) ? text : fail(fieldMessages.tel(label));
      };
    case 'select':
    case 'radio': {
      const allowed = (field.options ?? []).map(optionValue);
      return (value, fail) => {
        const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : null;
        if (text === null) return fail(fieldMessages.selection(label));
        // Choices that come from other records (branches, courses) are not listed in the configuration.
        return allowed.length === 0 || allowed.includes(text) ? text : fail(fieldMessages.selection(label));
      };
    }
    case 'date':
      return (value, fail) => (typeof value === 'string' && validDate(value)) || fail(fieldMessages.date(label));
    default:
      // file (the stored key, or keys), subCourseList, examSubjectsTable and types yet to come.
      return (value) => value;
  }
}

const scalarTypes = new Set<string>(['text', 'textarea', 'email', 'number', 'tel', 'select', 'radio', 'date']);

function fieldSchema(field: FormFieldConfig): z.ZodType<unknown, z.ZodTypeDef, unknown> {
  const label = field.label || field.name;
  if (field.type === 'checkbox') return z.unknown().transform((value) => isChecked(value));
  const check = checkFor(field, label);
  return z.unknown().transform((raw, ctx) => {
    const value = scalarTypes.has(field.type) ? raw : parseJsonText(raw);
    if (isMissing(value)) {
      if (!field.required) return undefined;
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: fieldMessages.required(label) });
      return z.NEVER;
    }
    return check(value, (message) => {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message });
      return z.NEVER;
    });
  });
}

export type RecordSchema = z.ZodObject<Record<string, z.ZodType<unknown, z.ZodTypeDef, unknown>>>;

/**
 * The validation of a record entered through a form with these fields: one entry per active
 * field (duplicates by name dropped), each answering with the product's message on failure.
 *
 * It reads both what a browser form posts (text for every value: numbers are converted, blank
 * text counts as missing, checkboxes are "on" or absent) and JSON bodies, so the same schema
 * serves `parseWithZod` in the browser and the API. Values come out normalised: text trimmed,
 * numbers as numbers, checkboxes as booleans, dates as YYYY-MM-DD, missing optional values as
 * undefined. Names the form does not have are dropped.
 */
export function buildRecordSchema(fields: readonly FormFieldConfig[]): RecordSchema {
  const shape: Record<string, z.ZodType<unknown, z.ZodTypeDef, unknown>> = {};
  for (const field of activeFields(fields)) shape[field.name] = fieldSchema(field);
  return z.object(shape);
}

/** The messages of a failed parse per field name, as the API answers them in `errors`. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const name = issue.path.map(String).join('.') || 'form';
    (errors[name] ??= []).push(issue.message);
  }
  return errors;
}
