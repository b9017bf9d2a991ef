/**
 * The shape of a dynamic form: one configuration per form type, each a list of fields. Shared by
 * the API (validation, storage) and the browser (rendering, validation), so nothing here may
 * depend on node or on the server.
 */

export const fieldTypes = [
  'text',
  'email',
  'number',
  'textarea',
  'date',
  'select',
  'checkbox',
  'file',
  'subCourseList',
  'examSubjectsTable',
  'tel',
  'radio',
] as const;

export type FieldType = (typeof fieldTypes)[number];

/** A choice of a select or radio field: a plain string is both its value and its label. */
export type FieldOption = string | { value: string; label?: string };

/**
 * Where a select field takes its choices from when they are not listed in the configuration:
 * the records of another form type, or the course categories.
 */
export const optionSources = ['branches', 'courses', 'courseCategories'] as const;
export type OptionSource = (typeof optionSources)[number];

export interface FormFieldConfig {
  name: string;
  label: string;
  type: FieldType;
  required?: boolean;
  /** False hides the field and skips its validation. */
  isActive?: boolean;
  /** The editor's switch; false does what isActive false does. */
  enabled?: boolean;
  /** Position in the form, from 1; `position` is accepted as its older name. */
  order?: number;
  position?: number;
  placeholder?: string;
  description?: string;
  options?: FieldOption[];
  optionsSource?: OptionSource;
  isSearchable?: boolean;
  defaultValue?: string | number | boolean | null;
  /** Grouping and icon of the field in the super-admin editor. */
  category?: string;
  iconName?: string;
}

export interface FormConfig {
  _id?: string;
  formType: string;
  label: string;
  description?: string;
  isCustom?: boolean;
  fields: FormFieldConfig[];
}

/** One value of a record as the client contract carries it. */
export interface FieldData {
  name: string;
  value: unknown;
}

/** One row of an exam's subject table. */
export interface ExamSubjectRow {
  subjectName: string;
  examDate: string;
  examTime: string;
  subjectCode: string;
  questionPaperMarks: string | number;
  passingMarks: string | number;
  examPaper?: string;
  /** Shown when the exam's enableSubjectPaperUpload is on. */
  subjectPaper?: string;
}
