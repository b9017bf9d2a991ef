import { z } from 'zod';
import {
  customFormType,
  customFormTypePattern,
  fieldOrder,
  isActiveField,
  isDefaultFormType,
  isValidFormType,
  optionLabel,
  optionValue,
  uniqueFields,
} from './fields';
import { fieldTypes, optionSources, type FieldOption, type FormFieldConfig } from './types';

/** Names a field may not take: they carry the record itself in the client contract. */
export const reservedFieldNames = ['formType', 'fieldsData', '_id', 'id'] as const;

export const configMessages = {
  nameAndLabel: 'Please fill in field name and label',
  fieldName: 'A field name starts with a letter and holds only letters, digits and underscores',
  reservedName: 'This field name is reserved',
  formName: 'Please enter a form name',
  formNameRule: 'A form name holds letters, digits, spaces and hyphens (at most 50), starting with a letter or digit',
  formNameTaken: 'This name belongs to a built-in form',
  formType: 'A form type is student, course, branch, examResult, or lowercase letters, digits and hyphens',
} as const;

const text = (max: number) => z.string().max(max);

const option = z.union([text(200).trim().min(1), z.object({ value: text(200).trim().min(1), label: text(200).optional() })]);

export const formFieldSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, configMessages.nameAndLabel)
    .regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, configMessages.fieldName)
    .refine((name) => !(reservedFieldNames as readonly string[]).includes(name), configMessages.reservedName),
  label: z.string().trim().min(1, configMessages.nameAndLabel).max(200),
  type: z.enum(fieldTypes),
  required: z.boolean().optional(),
  isActive: z.boolean().optional(),
  enabled: z.boolean().optional(),
  order: z.number().int().min(0).max(100_000).optional(),
  position: z.number().int().min(0).max(100_000).optional(),
  placeholder: text(500).optional(),
  description: text(1000).optional(),
  options: z.array(option).max(1000).optional(),
  optionsSource: z.enum(optionSources).optional(),
  isSearchable: z.boolean().optional(),
  defaultValue: z
    .union([text(1000), z.number(), z.boolean()])
    .nullable()
    .optional(),
  category: text(50).optional(),
  iconName: text(50).optional(),
});

export const formTypeSchema = z
  .string({ required_error: 'Form type not specified.' })
  .trim()
  .min(1, 'Form type not specified.')
  .refine(isValidFormType, configMessages.formType);

export const formFieldsSchema = z.array(formFieldSchema).max(300);

/**
 * The name of a new custom form (Add New Form): its form type, the name lowercased with spaces
 * turned to hyphens, must be one the API takes for a custom form.
 */
export const customFormNameSchema = z
  .string({ required_error: configMessages.formName })
  .trim()
  .min(1, configMessages.formName)
  .refine((name) => customFormTypePattern.test(customFormType(name)), configMessages.formNameRule)
  .refine((name) => !isDefaultFormType(customFormType(name)), configMessages.formNameTaken);

/** A choice as it is stored (SPEC.md section 3, "Saved form configuration"): an object with its value and label. */
export function normalizeOption(option: FieldOption): { value: string; label: string } {
  const value = optionValue(option);
  return { value, label: optionLabel(option).trim() || value };
}

/**
 * A configuration as it is stored: duplicates by name dropped, in order, numbered from 1, every
 * field with its isActive and required switches set (the editor's `enabled` folded into isActive),
 * its options as objects with a value and a label (a plain string is both).
 */
export function normalizeFields(fields: readonly FormFieldConfig[]): FormFieldConfig[] {
  return uniqueFields(fields)
    .map((field, index) => ({ field, index }))
    .sort((a, b) => fieldOrder(a.field) - fieldOrder(b.field) || a.index - b.index)
    .map(({ field }, index) => {
      const { enabled: _enabled, position: _position, ...rest } = field;
      const normalized: FormFieldConfig = { ...rest, required: field.required === true, isActive: isActiveField(field), order: index + 1 };
      if (field.options) normalized.options = field.options.map(normalizeOption);
      return normalized;
    });
}
