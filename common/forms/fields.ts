import type { FieldData, FieldOption, FormFieldConfig, OptionSource } from './types';

/** The built-in form types; any other is a custom form. */
export const defaultFormTypes = ['student', 'course', 'branch', 'examResult'] as const;
export type DefaultFormType = (typeof defaultFormTypes)[number];

/** What a custom form type may look like: the lowercased form name with hyphens for spaces. */
export const customFormTypePattern = /^[a-z0-9][a-z0-9-]{0,49}$/;

export function isDefaultFormType(formType: string): formType is DefaultFormType {
  return (defaultFormTypes as readonly string[]).includes(formType);
}

export function isValidFormType(formType: string): boolean {
  return isDefaultFormType(formType) || customFormTypePattern.test(formType);
}

/** The label of a form type that has none: "alumni-survey" is "Alumni Survey". */
export function formTypeLabel(formType: string): string {
  return formType
    .split('-')
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}

const defaultTypeNames: Record<DefaultFormType, string> = {
  student: 'Student',
  course: 'Course',
  branch: 'Branch',
  examResult: 'Exam',
};

/** What one record of a form type is called in messages and titles: "Student", "Exam", "Alumni Survey". */
export function formTypeName(formType: string): string {
  return isDefaultFormType(formType) ? defaultTypeNames[formType] : formTypeLabel(formType);
}

/** The form type of a custom form called `name`: "Alumni Survey" becomes "alumni-survey". */
export function customFormType(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}

/** Active means enabled in the editor and not switched off in the configuration. */
export function isActiveField(field: FormFieldConfig): boolean {
  return field.enabled !== false && field.isActive !== false;
}

/** The fields with the first of each name kept. */
export function uniqueFields<Field extends Pick<FormFieldConfig, 'name'>>(fields: readonly Field[]): Field[] {
  const seen = new Set<string>();
  return fields.filter((field) => {
    if (seen.has(field.name)) return false;
    seen.add(field.name);
    return true;
  });
}

export function fieldOrder(field: FormFieldConfig): number {
  return field.order ?? field.position ?? Number.MAX_SAFE_INTEGER;
}

/** The fields a form shows and validates: active, unique by name, in their configured order. */
export function activeFields(fields: readonly FormFieldConfig[]): FormFieldConfig[] {
  return uniqueFields(fields)
    .filter(isActiveField)
    .map((field, index) => ({ field, index }))
    .sort((a, b) => fieldOrder(a.field) - fieldOrder(b.field) || a.index - b.index)
    .map(({ field }) => field);
}

export function optionValue(option: FieldOption): string {
  return typeof option === 'string' ? option : option.value;
}

export function optionLabel(option: FieldOption): string {
  return typeof option === 'string' ? option : (option.label ?? option.value);
}

const sourcesByName: Record<string, OptionSource> = {
  centerName: 'branches',
  selectedCourse: 'courses',
  category: 'courseCategories',
};

/**
 * Where a select's choices come from when the configuration lists none: its own optionsSource,
 * else the source the default forms use for a field of that name.
 */
export function optionsSourceOf(field: FormFieldConfig): OptionSource | undefined {
  if (field.optionsSource) return field.optionsSource;
  if (field.type !== 'select' || field.options?.length) return undefined;
  return sourcesByName[field.name];
}

/** The columns of an exam's subject row that hold files (SPEC.md section 3, "Exam subject row"). */
export const examSubjectFileColumns = ['examPaper', 'subjectPaper'] as const;

/** Checkbox values: true, "true", "on" and "1" (and 1) are checked; anything else is not. */
export function isChecked(value: unknown): boolean {
  return value === true || value === 1 || value === 'true' || value === 'on' || value === '1';
}

/** Empty values are left out of a record: nothing, blank text and empty lists. */
export function isEmptyValue(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/**
 * A record's name/value list as an object. An entry named fieldsData holding a nested list (as
 * some stored records have) is read as the values it lists.
 */
export function fieldsDataToValues(fieldsData: readonly FieldData[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const entry of fieldsData) {
    if (entry.name === 'fieldsData' && Array.isArray(entry.value)) {
      Object.assign(values, fieldsDataToValues(entry.value.filter(isFieldData)));
    } else {
      values[entry.name] = entry.value;
    }
  }
  return values;
}

/** An object of values as the name/value list of the client contract, empty values left out. */
export function valuesToFieldsData(values: Record<string, unknown>): FieldData[] {
  return Object.entries(values)
    .filter(([, value]) => !isEmptyValue(value))
    .map(([name, value]) => ({ name, value }));
}

function isFieldData(value: unknown): value is FieldData {
  return typeof value === 'object' && value !== null && typeof (value as FieldData).name === 'string';
}
