import type { SubmissionResult } from '@conform-to/react';
import { z } from 'zod';
import { activeFields, isEmptyValue } from '../../common/forms/fields';
import { buildRecordSchema } from '../../common/forms/schema-builder';
import type { FormFieldConfig } from '../../common/forms/types';
import { WALLET_BLOCKED_MESSAGE, type AdmissionCharge } from '../../common/wallet';
import { recordsPath, typeName } from '~/lib/record-links';

/**
 * What the dynamic form screen shows and says, shared by its loader and action
 * (app/services/dynamic-form.server.ts) and its components. Nothing here touches the server.
 */

export const dynamicFormTypes = ['student', 'course', 'branch', 'examResult'] as const;
/** One of the four built-in form types, or a custom form's type (lowercase words with hyphens). */
export type DynamicFormType = (typeof dynamicFormTypes)[number] | (string & {});

export { typeName };

/** "Add Student", "Edit Branch", "Add Visitor Log"; the exam form says Create Exam / Edit Exam. */
export function formTitle(formType: DynamicFormType, editing: boolean, name?: string): string {
  if (formType === 'examResult') return editing ? 'Edit Exam' : 'Create Exam';
  return `${editing ? 'Edit' : 'Add'} ${typeName(formType, name)}`;
}

/** The screen's messages, word for word as SPEC.md sections 5 and 8 give them. */
export const dynamicFormMessages = {
  notFound: 'Form configuration not found. Please contact super admin to set up this form.',
  noFields: 'This form has no fields configured. Please contact super admin to add fields to this form.',
  invalid: 'Please fill all required fields correctly',
  wallet: WALLET_BLOCKED_MESSAGE,
  generic: 'Something went wrong.',
  studentRegistered: 'Student Registered Successfully!',
  categoriesFailed: 'Failed to load course categories',
  coursesFailed: 'Failed to load courses',
  subjectsFailed: 'Failed to load course subjects',
  branchesFailed: 'Failed to load branch options',
  uploaded: 'File uploaded successfully',
  created: (formType: DynamicFormType, name?: string) =>
    formType === 'examResult' ? 'Exam created successfully!' : `${typeName(formType, name)} created successfully`,
  updated: (formType: DynamicFormType, name?: string) =>
    formType === 'examResult' ? 'Exam updated successfully!' : `${typeName(formType, name)} updated successfully`,
  editLoadFailed: (formType: DynamicFormType, name?: string) => `Failed to load ${typeName(formType, name).toLowerCase()} data for editing`,
} as const;

/**
 * SPEC.md section 4: where an update lands (the list of the form type's records; a custom form's
 * records list too). Creating stays on the form.
 */
export const afterUpdatePath = recordsPath;

/** SPEC.md section 9: the admission toast stays 10 s; the list opens after 3 s. */
export const STUDENT_TOAST_MS = 10_000;
export const STUDENT_REDIRECT_MS = 3_000;

/**
 * A student just admitted, in the list that holds them: not registered yet, they are among the
 * new students (the list the admission moves on to shows registered students only).
 */
export const admittedStudentHref = (id: string) => `/admin/new-students?${new URLSearchParams({ view: id })}`;
/** SPEC.md section 9: the upload-busy flag clears 1 s after an upload ends. */
export const UPLOAD_BUSY_CLEAR_MS = 1_000;

export interface OptionView {
  value: string;
  label: string;
}

/** A file field's limits, as the upload rules give them, and its current file. */
export interface FileFieldInfo {
  /** "Max 1MB (JPG, PNG, SVG, GIF)" */
  hint: string;
  /** For the file input's accept attribute. */
  accept: string;
}

/** What the form holds: text per input (checkboxes "on"), rows or texts per list. */
export type FieldValue = string | string[] | ExamSubjectRowValue[] | undefined;
export type DynamicFormValues = Record<string, FieldValue>;

export type FormScreenState = 'ready' | 'error' | 'empty';

export interface DynamicFormLoaderData {
  formType: DynamicFormType;
  /** The form type in words: "Student"; a custom form's label. */
  typeLabel: string;
  title: string;
  state: FormScreenState;
  /** Why the form is not available (state error). */
  message: string | null;
  editing: boolean;
  recordId: string | null;
  /** The record's version, sent back as If-Match. */
  version: number | null;
  /** The active fields, in order. */
  fields: FormFieldConfig[];
  /** The choices of each select that takes them from elsewhere (branches, courses, categories). */
  options: Record<string, OptionView[]>;
  /**
   * Subjects of each course, by the course option's value: its papers, or for a course with none
   * yet the names of its comma-separated description.
   */
  courseSubjects: Record<string, CourseSubject[]>;
  /** The upload rules of each file field (by field name; table columns by column name). */
  files: Record<string, FileFieldInfo>;
  defaultValue: DynamicFormValues;
  /** Lists that could not be loaded; the form works without them. */
  notices: string[];
  /** A branch's own staff: their center is fixed. */
  fixedCenter: OptionView | null;
  /** Sent as Idempotency-Key with a new record, so a repeated post creates it once. */
  idempotencyKey: string;
}

export interface ToastSpec {
  type: 'success' | 'error' | 'info';
  title: string;
  description?: string;
  duration?: number;
  /** Where the toast's button leads: the record it tells about. */
  link?: { label: string; href: string };
}

export type DynamicFormActionData =
  /** A list was changed (a row added or removed): the form comes back as it was. */
  | { status: 'intent'; result: SubmissionResult<string[]> }
  | {
      status: 'invalid' | 'error';
      result: SubmissionResult<string[]>;
      message: string;
      /** The API's words when the wallet refused an admission (402). */
      walletRefusal?: string;
    }
  | {
      status: 'success';
      /** New per success, so the page resets the form once per record. */
      id: string;
      result: SubmissionResult<string[]>;
      toasts: ToastSpec[];
      /** What the admission cost the branch's wallet (the charge flow announces it). */
      charge: AdmissionCharge | null;
      redirectTo: string | null;
      redirectDelayMs: number | null;
    };

/** The columns of an exam's subject table (SPEC.md section 3). */
export const examSubjectColumns = [
  { name: 'subjectName', label: 'Subject Name', type: 'text' },
  { name: 'examDate', label: 'Exam Date', type: 'date' },
  { name: 'examTime', label: 'Exam Time', type: 'time' },
  { name: 'subjectCode', label: 'Subject Code', type: 'text' },
  { name: 'questionPaperMarks', label: 'Question Paper Marks', type: 'number' },
  { name: 'passingMarks', label: 'Passing Marks', type: 'number' },
  { name: 'examPaper', label: 'Exam Paper', type: 'file' },
  { name: 'subjectPaper', label: 'Subject Paper', type: 'file' },
] as const;

export type ExamSubjectColumn = (typeof examSubjectColumns)[number]['name'];
export type ExamSubjectRowValue = Partial<Record<ExamSubjectColumn, string>>;

export const SUBJECT_PAPER_SWITCH = 'enableSubjectPaperUpload';

/** A subject an exam's row starts from: a course paper, or only a name. */
export interface CourseSubject {
  name: string;
  code?: string;
  questionPaperMarks?: number;
  passingMarks?: number;
}

/** A subject table row, blank or started from one of the course's subjects. */
export function subjectRow(subject?: CourseSubject): ExamSubjectRowValue {
  return {
    subjectName: subject?.name ?? '',
    examDate: '',
    examTime: '',
    subjectCode: subject?.code ?? '',
    questionPaperMarks: subject?.questionPaperMarks?.toString() ?? '',
    passingMarks: subject?.passingMarks?.toString() ?? '',
  };
}

const listTypes = new Set(['examSubjectsTable', 'subCourseList']);

export interface FormSections {
  /** Two-column grid: every active field but checkboxes, files and the subject table. */
  grid: FormFieldConfig[];
  table: FormFieldConfig | null;
  checkboxes: FormFieldConfig[];
  /** The File Uploads section; the exam form has none (its papers go in the table). */
  files: FormFieldConfig[];
}

export function sectionsOf(fields: readonly FormFieldConfig[], formType: DynamicFormType): FormSections {
  const active = activeFields(fields);
  return {
    grid: active.filter((field) => !['checkbox', 'file', 'examSubjectsTable'].includes(field.type)),
    table: active.find((field) => field.type === 'examSubjectsTable') ?? null,
    checkboxes: active.filter((field) => field.type === 'checkbox'),
    files: formType === 'examResult' ? [] : active.filter((field) => field.type === 'file'),
  };
}

/** The names of the fields the screen shows: errors of other fields go to the form's message. */
export function shownFieldNames(fields: readonly FormFieldConfig[], formType: DynamicFormType): Set<string> {
  const { grid, table, checkboxes, files } = sectionsOf(fields, formType);
  return new Set([...grid, ...checkboxes, ...files, ...(table ? [table] : [])].map((field) => field.name));
}

/** A list posted as `name[0].column` arrives as objects; rows (and items) left blank are dropped. */
function withoutBlankRows(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value
    .map((item) => {
      if (typeof item !== 'object' || item === null) return isEmptyValue(item) ? undefined : item;
      const filled = Object.entries(item as Record<string, unknown>).filter(([, cell]) => !isEmptyValue(cell));
      return filled.length ? Object.fromEntries(filled) : undefined;
    })
    .filter((item) => item !== undefined);
}

/**
 * The validation of the form: the shared schema builder (the API validates with the same one),
 * after dropping blank rows of the lists the form posts as `name[index].column`.
 */
export function dynamicFormSchema(fields: readonly FormFieldConfig[]) {
  const lists = activeFields(fields)
    .filter((field) => listTypes.has(field.type))
    .map((field) => field.name);
  return z.preprocess((input) => {
    if (typeof input !== 'object' || input === null || lists.length === 0) return input;
    const values = { ...(input as Record<string, unknown>) };
    for (const name of lists) values[name] = withoutBlankRows(values[name]);
    return values;
  }, buildRecordSchema(fields));
}

/**
 * Without JavaScript a file input posts the file itself under this name; the action stores it
 * and puts its key under the field's own name. With JavaScript the file is uploaded at once and
 * only the key is posted.
 */
export const FILE_PART_PREFIX = '__file__';

export function filePartName(fieldPath: string): string {
  return `${FILE_PART_PREFIX}${fieldPath}`;
}

/** `examSubjectsTable[0].subjectPaper` → `examSubjectsTable_0_subjectPaper`, as the upload rules name it. */
export function uploadFieldName(fieldPath: string): string {
  return fieldPath.replace(/\[(\d+)\]\.?/g, '_$1_').replace(/_$/, '');
}
