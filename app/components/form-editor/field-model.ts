import { configMessages, formFieldSchema } from '../../../common/forms/config-schema';
import { fieldOrder, isActiveField, optionLabel, uniqueFields } from '../../../common/forms/fields';
import type { FieldOption, FieldType, FormFieldConfig, OptionSource } from '../../../common/forms/types';
import { uploadRuleFor, uploadRuleHint } from '../../../common/uploads/rules';

/**
 * The super-admin form editor's view of a field (SPEC.md section 3, "Editor field definition")
 * and the pure rules of editing a configuration: grouping, icons, upload hints, reordering, the
 * Reset rule, new-field validation, and the way back to a saved configuration. No React, no
 * server: the machine, the components and the route action share it.
 */

// ---------------------------------------------------------------------------------------------
// Categories and icons

export const categoryKeys = ['basic', 'details', 'contact', 'status', 'exam', 'result', 'course', 'subjects'] as const;
export type CategoryKey = (typeof categoryKeys)[number];

/** The groups of the editor, in the order they are shown (SPEC.md section 2.5). */
export const categoryTitles: Record<CategoryKey, string> = {
  basic: 'Basic Information',
  details: 'Details',
  contact: 'Contact Information',
  status: 'Status Information',
  exam: 'Exam Information',
  result: 'Result Information',
  course: 'Course Information',
  subjects: 'Subject Configuration',
};

export const iconNames = ['User', 'GraduationCap', 'MapPin', 'Calendar', 'UserCheck', 'Building', 'BookOpen'] as const;
export type IconName = (typeof iconNames)[number];

/**
 * Where each field of the four default forms sits when its configuration names no `category`.
 * Keys are `<formType>.<name>` where one name means different things in two forms, else the
 * field name.
 *
 * | Group                 | Fields of the default forms                                                                  |
 * |-----------------------|----------------------------------------------------------------------------------------------|
 * | Basic Information     | student: centerName, studentName, registrationNumber; course: courseName, courseCode;        |
 * |                       | branch: addBranch, branchCode, userName, password                                            |
 * | Details               | student: aadhaarNumber, fatherName, motherName, dateOfBirth, admissionDate, maritalStatus,   |
 * |                       | studentPhoto, documents, signature; branch: directorName, religion, fees1, branchDocument1/2 |
 * | Contact Information   | student: state, studentEmail, phoneNumber, city, address, pinCode;                           |
 * |                       | branch: email, phoneNumber, state, district, location, branchAddress, directorAddress        |
 * | Status Information    | student: isActive, isRegistered, completedCourse; course: isActive; branch: isActive,        |
 * |                       | walletEnabled                                                                                |
 * | Exam Information      | examResult: examId, examName, examType, examPaper                                            |
 * | Result Information    | (none by default)                                                                            |
 * | Course Information    | student: selectedCourse; course: category, duration, fees, courseImage; branch: courseName;  |
 * |                       | examResult: selectedCourse                                                                   |
 * | Subject Configuration | course: description (Subjects Name), subCourses; examResult: examSubjectsTable,              |
 * |                       | enableSubjectPaperUpload                                                                     |
 *
 * Any other field without a category (custom forms) is placed by `inferCategory`: checkboxes
 * under Status, tables and sub-course lists under Subjects, email and telephone under Contact,
 * then by words in its name (exam, result/marks/grade, course/subject, address/city/phone...),
 * dates and files under Details, the rest under Basic Information.
 */
export const defaultCategories: Record<string, CategoryKey> = {
  centerName: 'basic',
  studentName: 'basic',
  registrationNumber: 'basic',
  aadhaarNumber: 'details',
  fatherName: 'details',
  motherName: 'details',
  dateOfBirth: 'details',
  admissionDate: 'details',
  maritalStatus: 'details',
  studentPhoto: 'details',
  documents: 'details',
  signature: 'details',
  state: 'contact',
  studentEmail: 'contact',
  phoneNumber: 'contact',
  city: 'contact',
  address: 'contact',
  pinCode: 'contact',
  selectedCourse: 'course',
  isActive: 'status',
  isRegistered: 'status',
  completedCourse: 'status',
  'course.courseName': 'basic',
  'course.courseCode': 'basic',
  category: 'course',
  duration: 'course',
  fees: 'course',
  courseImage: 'course',
  description: 'subjects',
  subCourses: 'subjects',
  addBranch: 'basic',
  branchCode: 'basic',
  userName: 'basic',
  password: 'basic',
  courseName: 'course',
  directorName: 'details',
  religion: 'details',
  fees1: 'details',
  branchDocument1: 'details',
  branchDocument2: 'details',
  email: 'contact',
  district: 'contact',
  location: 'contact',
  branchAddress: 'contact',
  directorAddress: 'contact',
  walletEnabled: 'status',
  examId: 'exam',
  examName: 'exam',
  examType: 'exam',
  examPaper: 'exam',
  examSubjectsTable: 'subjects',
  enableSubjectPaperUpload: 'subjects',
};

export function isCategoryKey(value: unknown): value is CategoryKey {
  return typeof value === 'string' && (categoryKeys as readonly string[]).includes(value);
}

export function isIconName(value: unknown): value is IconName {
  return typeof value === 'string' && (iconNames as readonly string[]).includes(value);
}

/** The group of a field with no (known) category of its own. */
export function inferCategory(formType: string, field: Pick<FormFieldConfig, 'name' | 'type'>): CategoryKey {
  const known = defaultCategories[`${formType}.${field.name}`] ?? defaultCategories[field.name];
  if (known) return known;
  const name = field.name;
  if (field.type === 'checkbox') return 'status';
  if (field.type === 'examSubjectsTable' || field.type === 'subCourseList') return 'subjects';
  if (field.type === 'email' || field.type === 'tel') return 'contact';
  if (/exam/i.test(name)) return 'exam';
  if (/result|marks|grade|score/i.test(name)) return 'result';
  if (/course|subject/i.test(name)) return 'course';
  if (/address|city|state|district|pin|location|phone|mobile|email|contact/i.test(name)) return 'contact';
  if (field.type === 'date' || field.type === 'file') return 'details';
  return 'basic';
}

/** The icon of a field that names none: by its type, its name, then its group. */
export function inferIcon(field: Pick<FormFieldConfig, 'name' | 'type'>, category: CategoryKey): IconName {
  if (field.type === 'date') return 'Calendar';
  if (/branch|center|centre|institute/i.test(field.name)) return 'Building';
  switch (category) {
    case 'course':
      return 'GraduationCap';
    case 'exam':
    case 'result':
    case 'subjects':
      return 'BookOpen';
    case 'contact':
      return 'MapPin';
    case 'status':
      return 'UserCheck';
    default:
      return 'User';
  }
}

// ---------------------------------------------------------------------------------------------
// Upload hints (SPEC.md sections 5 and 9)

/** What a file field accepts, as the editor shows it (the API's upload rules); undefined for other types. */
export function uploadHint(field: Pick<EditorField, 'name' | 'inputType'>): string | undefined {
  if (field.inputType !== 'file') return undefined;
  return uploadRuleHint(uploadRuleFor(field.name));
}

// ---------------------------------------------------------------------------------------------
// Options

/** SPEC.md section 9: option lists show at most this many items, then "+N more". */
export const OPTION_DISPLAY_CAP = 10;

export function visibleOptions(options: readonly FieldOption[], cap = OPTION_DISPLAY_CAP) {
  return { shown: options.slice(0, cap).map(optionLabel), more: Math.max(0, options.length - cap) };
}

/** Options typed comma-separated: trimmed, empty entries and repeats dropped. */
export function parseOptions(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((option) => option.trim())
        .filter(Boolean),
    ),
  ];
}

export const optionSourceLabels: Record<OptionSource, string> = {
  branches: 'branches',
  courses: 'courses',
  courseCategories: 'course categories',
};

// ---------------------------------------------------------------------------------------------
// The editor field

/** The types the editor offers, in the order of its type list (SPEC.md section 3). */
export const editorFieldTypes = [
  'text',
  'email',
  'tel',
  'number',
  'date',
  'select',
  'textarea',
  'checkbox',
  'radio',
  'file',
  'subCourseList',
  'examSubjectsTable',
] as const satisfies readonly FieldType[];

export const fieldTypeLabels: Record<FieldType, string> = {
  text: 'Text',
  email: 'Email',
  tel: 'Phone',
  number: 'Number',
  date: 'Date',
  select: 'Select',
  textarea: 'Text area',
  checkbox: 'Checkbox',
  radio: 'Radio',
  file: 'File',
  subCourseList: 'Sub-course list',
  examSubjectsTable: 'Exam subjects table',
};

/** Types whose choices are typed in the Add New Field dialog. */
export const typesWithOptions: readonly FieldType[] = ['select', 'radio'];

export type DefaultValue = string | number | boolean | null;

export interface EditorField {
  /** The field's name: names are unique within a form. */
  id: string;
  name: string;
  label: string;
  description: string;
  placeholder?: string;
  /** isActive of the saved configuration. */
  enabled: boolean;
  required: boolean;
  /** 1-based place in the form; always the field's index in the editor's list plus one. */
  position: number;
  category: CategoryKey;
  iconName: IconName;
  inputType: FieldType;
  options: FieldOption[];
  optionsSource?: OptionSource;
  searchable: boolean;
  defaultValue?: DefaultValue;
}

function defaultValueOf(value: unknown): DefaultValue | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return undefined;
}

/** A configuration's fields as the editor holds them: unique by name, in order, numbered from 1. */
export function toEditorFields(formType: string, fields: readonly FormFieldConfig[]): EditorField[] {
  return uniqueFields(fields)
    .map((field, index) => ({ field, index }))
    .sort((a, b) => fieldOrder(a.field) - fieldOrder(b.field) || a.index - b.index)
    .map(({ field }, index) => {
      const category = isCategoryKey(field.category) ? field.category : inferCategory(formType, field);
      const editorField: EditorField = {
        id: field.name,
        name: field.name,
        label: field.label,
        description: field.description ?? '',
        enabled: isActiveField(field),
        required: field.required === true,
        position: index + 1,
        category,
        iconName: isIconName(field.iconName) ? field.iconName : inferIcon(field, category),
        inputType: field.type,
        options: field.options ? [...field.options] : [],
        searchable: field.isSearchable === true,
      };
      if (field.placeholder !== undefined) editorField.placeholder = field.placeholder;
      if (field.optionsSource !== undefined) editorField.optionsSource = field.optionsSource;
      const defaultValue = defaultValueOf(field.defaultValue);
      if (defaultValue !== undefined) editorField.defaultValue = defaultValue;
      return editorField;
    });
}

/** The editor's fields as a saved configuration (SPEC.md section 3, "Saved form configuration"). */
export function toSavedFields(fields: readonly EditorField[]): FormFieldConfig[] {
  return fields.map((field, index) => {
    const saved: FormFieldConfig = {
      name: field.name,
      label: field.label,
      type: field.inputType,
      required: field.required,
      isActive: field.enabled,
      order: index + 1,
      isSearchable: field.searchable,
      category: field.category,
      iconName: field.iconName,
    };
    if (field.placeholder !== undefined) saved.placeholder = field.placeholder;
    if (field.description) saved.description = field.description;
    if (field.options.length) saved.options = field.options;
    if (field.optionsSource !== undefined) saved.optionsSource = field.optionsSource;
    if (field.defaultValue !== undefined) saved.defaultValue = field.defaultValue;
    return saved;
  });
}

/** Positions follow the list: 1, 2, 3... */
export function renumber(fields: readonly EditorField[]): EditorField[] {
  return fields.map((field, index) => (field.position === index + 1 ? field : { ...field, position: index + 1 }));
}

/** Whether two field lists would save the same configuration. */
export function sameFields(a: readonly EditorField[], b: readonly EditorField[]): boolean {
  return a.length === b.length && JSON.stringify(toSavedFields(a)) === JSON.stringify(toSavedFields(b));
}

export function enabledFields(fields: readonly EditorField[]): EditorField[] {
  return fields.filter((field) => field.enabled);
}

export interface EnabledProgress {
  enabled: number;
  total: number;
  /** 0 to 100, rounded. */
  percent: number;
}

export function enabledProgress(fields: readonly EditorField[]): EnabledProgress {
  const enabled = enabledFields(fields).length;
  const total = fields.length;
  return { enabled, total, percent: total === 0 ? 0 : Math.round((enabled / total) * 100) };
}

// ---------------------------------------------------------------------------------------------
// Edits

export function toggleEnabled(fields: readonly EditorField[], name: string): EditorField[] {
  return fields.map((field) => (field.name === name ? { ...field, enabled: !field.enabled } : field));
}

export function toggleRequired(fields: readonly EditorField[], name: string): EditorField[] {
  return fields.map((field) => (field.name === name ? { ...field, required: !field.required } : field));
}

/** Whether `from` and `to` are two different places in the list of enabled fields. */
export function isValidMove(fields: readonly EditorField[], from: number, to: number): boolean {
  const count = enabledFields(fields).length;
  const inRange = (index: number) => Number.isInteger(index) && index >= 0 && index < count;
  return from !== to && inRange(from) && inRange(to);
}

/**
 * Moves the enabled field at `from` to `to`, both indexes in the list of enabled fields (the order
 * summary), as dnd-kit's arrayMove would; disabled fields keep their places around them. Positions
 * are renumbered from 1.
 */
export function moveField(fields: readonly EditorField[], from: number, to: number): EditorField[] {
  if (!isValidMove(fields, from, to)) return [...fields];
  const enabled = enabledFields(fields);
  const moving = enabled[from]!;
  const target = enabled[to]!;
  const rest = fields.filter((field) => field.id !== moving.id);
  const targetIndex = rest.findIndex((field) => field.id === target.id);
  rest.splice(from < to ? targetIndex + 1 : targetIndex, 0, moving);
  return renumber(rest);
}

const resetNames = new Set(['name', 'email', 'contactNumber', 'address', 'isActive']);

/**
 * SPEC.md section 4: Reset enables only fields named name, email, contactNumber, address,
 * isActive, or whose names contain "Name" or "Code".
 */
export function enabledAfterReset(name: string): boolean {
  return resetNames.has(name) || name.includes('Name') || name.includes('Code');
}

export function resetFields(fields: readonly EditorField[]): EditorField[] {
  return fields.map((field) => {
    const enabled = enabledAfterReset(field.name);
    return field.enabled === enabled ? field : { ...field, enabled };
  });
}

export function deleteField(fields: readonly EditorField[], name: string): EditorField[] {
  return renumber(fields.filter((field) => field.name !== name));
}

// ---------------------------------------------------------------------------------------------
// New fields

/** What the Add New Field dialog collects. */
export interface NewFieldInput {
  name: string;
  label: string;
  inputType?: FieldType;
  description?: string;
  /** Comma-separated, for select and radio. */
  options?: string;
  category?: CategoryKey;
  iconName?: IconName;
}

export const newFieldMessages = {
  duplicate: (name: string) => `A field named "${name}" already exists in this form. Choose another name.`,
  options: 'Enter at least one option, separated by commas',
} as const;

export type NewFieldResult = { ok: true; field: EditorField } | { ok: false; message: string; path: 'name' | 'label' | 'options' };

/**
 * Checks a new field against the form's fields and builds it: name and label required ("Please
 * fill in field name and label"), a name the API accepts, not reserved, not taken; options for
 * select and radio. Defaults: type text, category basic, icon User, enabled, optional, last.
 */
export function buildNewField(input: NewFieldInput, existing: readonly EditorField[]): NewFieldResult {
  const name = input.name.trim();
  const label = input.label.trim();
  if (!name || !label) return { ok: false, message: configMessages.nameAndLabel, path: name ? 'label' : 'name' };
  const nameCheck = formFieldSchema.shape.name.safeParse(name);
  if (!nameCheck.success) return { ok: false, message: nameCheck.error.issues[0]?.message ?? configMessages.fieldName, path: 'name' };
  const labelCheck = formFieldSchema.shape.label.safeParse(label);
  if (!labelCheck.success) return { ok: false, message: labelCheck.error.issues[0]?.message ?? configMessages.nameAndLabel, path: 'label' };
  if (existing.some((field) => field.name === name)) return { ok: false, message: newFieldMessages.duplicate(name), path: 'name' };
  const inputType = input.inputType ?? 'text';
  const options = typesWithOptions.includes(inputType) ? parseOptions(input.options ?? '') : [];
  if (typesWithOptions.includes(inputType) && options.length === 0) {
    return { ok: false, message: newFieldMessages.options, path: 'options' };
  }
  const description = input.description?.trim() ?? '';
  const field: EditorField = {
    id: name,
    name,
    label,
    description,
    enabled: true,
    required: false,
    position: existing.length + 1,
    category: input.category ?? 'basic',
    iconName: input.iconName ?? 'User',
    inputType,
    options,
    searchable: false,
  };
  // SPEC.md section 3: a saved field's placeholder is taken from its description.
  if (description) field.placeholder = description;
  return { ok: true, field };
}

// ---------------------------------------------------------------------------------------------
// The form without JavaScript

/** What the plain form posts: the ticked Enabled and Required boxes and the position inputs. */
export interface PlainFormEdits {
  enabled: ReadonlySet<string>;
  required: ReadonlySet<string>;
  /** Position typed per field name; a field without one keeps its place. */
  order: Readonly<Record<string, number>>;
}

/**
 * Applies the plain form to the configuration it was rendered from. A field given a new position
 * goes there: before the field that held that position when it moves up, after it when it moves
 * down. Positions are then renumbered from 1.
 */
export function applyPlainFormEdits(fields: readonly FormFieldConfig[], edits: PlainFormEdits): FormFieldConfig[] {
  return uniqueFields(fields)
    .map((field, index) => ({ field, index }))
    .sort((a, b) => fieldOrder(a.field) - fieldOrder(b.field) || a.index - b.index)
    .map(({ field }, index) => {
      const current = index + 1;
      const requested = edits.order[field.name];
      const order = requested !== undefined && Number.isInteger(requested) && requested > 0 ? requested : current;
      const { enabled: _enabled, position: _position, ...rest } = field;
      return {
        field: { ...rest, isActive: edits.enabled.has(field.name), required: edits.required.has(field.name) },
        order,
        nudge: Math.sign(order - current),
        index,
      };
    })
    .sort((a, b) => a.order - b.order || a.nudge - b.nudge || a.index - b.index)
    .map(({ field }, index) => ({ ...field, order: index + 1 }));
}
