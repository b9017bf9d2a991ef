import { describe, expect, it } from 'vitest';
import { defaultFormConfigs, indianStates } from '../../../common/forms/defaults';
import type { FormFieldConfig } from '../../../common/forms/types';
import {
  applyPlainFormEdits,
  categoryKeys,
  inferCategory,
  parseOptions,
  toEditorFields,
  toSavedFields,
  uploadHint,
  visibleOptions,
} from './field-model';

const fields = (names: string[]): FormFieldConfig[] =>
  names.map((name, index) => ({ name, label: name.toUpperCase(), type: 'text', isActive: true, required: false, order: index + 1 }));

const order = (list: FormFieldConfig[]) => list.map((field) => `${field.order}:${field.name}`);

describe('categories', () => {
  it('places every field of the four default forms in a group of the editor', () => {
    for (const [formType, config] of Object.entries(defaultFormConfigs)) {
      for (const field of toEditorFields(formType, config.fields)) expect(categoryKeys).toContain(field.category);
    }
  });

  it('groups the student form as the table says', () => {
    const groups: Record<string, string[]> = {};
    for (const field of toEditorFields('student', defaultFormConfigs.student.fields)) (groups[field.category] ??= []).push(field.name);
    expect(groups).toEqual({
      basic: ['centerName', 'studentName', 'registrationNumber'],
      course: ['selectedCourse'],
      contact: ['state', 'studentEmail', 'phoneNumber', 'city', 'address', 'pinCode'],
      details: [
        'aadhaarNumber',
        'fatherName',
        'motherName',
        'dateOfBirth',
        'admissionDate',
        'maritalStatus',
        'studentPhoto',
        'documents',
        'signature',
      ],
      status: ['isActive', 'isRegistered', 'completedCourse'],
    });
  });

  it('tells the course form’s courseName from the branch form’s', () => {
    expect(inferCategory('course', { name: 'courseName', type: 'text' })).toBe('basic');
    expect(inferCategory('branch', { name: 'courseName', type: 'text' })).toBe('course');
  });

  it('places fields of custom forms by type and name', () => {
    expect(inferCategory('survey', { name: 'agreed', type: 'checkbox' })).toBe('status');
    expect(inferCategory('survey', { name: 'mobile', type: 'tel' })).toBe('contact');
    expect(inferCategory('survey', { name: 'finalMarks', type: 'number' })).toBe('result');
    expect(inferCategory('survey', { name: 'examCentre', type: 'text' })).toBe('exam');
    expect(inferCategory('survey', { name: 'homeAddress', type: 'textarea' })).toBe('contact');
    expect(inferCategory('survey', { name: 'joinedOn', type: 'date' })).toBe('details');
    expect(inferCategory('survey', { name: 'nickname', type: 'text' })).toBe('basic');
  });

  it('keeps a category and icon the configuration names', () => {
    const [field] = toEditorFields('student', [{ name: 'city', label: 'City', type: 'text', category: 'details', iconName: 'Building' }]);
    expect(field).toMatchObject({ category: 'details', iconName: 'Building' });
  });
});

describe('options and hints', () => {
  it('shows at most 10 options and counts the rest', () => {
    const states = defaultFormConfigs.student.fields.find((field) => field.name === 'state')!.options!;
    expect(visibleOptions(states)).toEqual({ shown: indianStates.slice(0, 10), more: 26 });
    expect(visibleOptions(['a', { value: 'b', label: 'Bee' }])).toEqual({ shown: ['a', 'Bee'], more: 0 });
  });

  it('reads comma-separated options', () => {
    expect(parseOptions(' A, B ,,C, ,A ')).toEqual(['A', 'B', 'C']);
    expect(parseOptions('')).toEqual([]);
  });

  it('gives the upload limits of SPEC.md', () => {
    const hint = (name: string) => uploadHint({ name, inputType: 'file' });
    expect(hint('studentPhoto')).toBe('Max 1MB (JPG, PNG, SVG, GIF)');
    expect(hint('branchDocument2')).toBe('Max 1MB (JPG, PNG, SVG, GIF)');
    expect(hint('courseImage')).toBe('Max 2MB (JPG, PNG, SVG, GIF)');
    expect(hint('examPaper')).toBe('Max 5MB (PDF, DOC, DOCX)');
    expect(hint('other')).toBe('Max 5MB (JPG, PNG, GIF, SVG, WEBP, PDF, DOC, DOCX)');
    expect(uploadHint({ name: 'studentPhoto', inputType: 'text' })).toBeUndefined();
  });
});

describe('saved configuration', () => {
  it('round-trips the default forms', () => {
    for (const [formType, config] of Object.entries(defaultFormConfigs)) {
      const saved = toSavedFields(toEditorFields(formType, config.fields));
      expect(saved.map((field) => field.name)).toEqual(config.fields.map((field) => field.name));
      for (const [index, field] of saved.entries()) {
        const original = config.fields[index]!;
        expect(field).toMatchObject({
          label: original.label,
          type: original.type,
          required: original.required,
          isActive: original.isActive,
          order: index + 1,
          isSearchable: original.isSearchable,
        });
        expect(field.options).toEqual(original.options);
        expect(field.optionsSource).toEqual(original.optionsSource);
        expect(field.placeholder).toEqual(original.placeholder);
        expect(field.defaultValue).toEqual(original.defaultValue);
      }
    }
  });

  it('drops repeated names and orders by position', () => {
    const list = toEditorFields('x', [
      { name: 'b', label: 'B', type: 'text', order: 2 },
      { name: 'a', label: 'A', type: 'text', order: 1 },
      { name: 'b', label: 'B again', type: 'text', order: 3 },
    ]);
    expect(list.map((field) => [field.name, field.position, field.label])).toEqual([
      ['a', 1, 'A'],
      ['b', 2, 'B'],
    ]);
  });
});

describe('the form without JavaScript', () => {
  const base = fields(['a', 'b', 'c', 'd', 'e']);
  const all = new Set(['a', 'b', 'c', 'd', 'e']);

  it('takes the ticked boxes as the switches', () => {
    const result = applyPlainFormEdits(base, { enabled: new Set(['a', 'c']), required: new Set(['c']), order: {} });
    expect(result.map((field) => [field.name, field.isActive, field.required])).toEqual([
      ['a', true, false],
      ['b', false, false],
      ['c', true, true],
      ['d', false, false],
      ['e', false, false],
    ]);
  });

  it('moves a field up to the position typed, before the field that held it', () => {
    const result = applyPlainFormEdits(base, { enabled: all, required: new Set(), order: { d: 2 } });
    expect(order(result)).toEqual(['1:a', '2:d', '3:b', '4:c', '5:e']);
  });

  it('moves a field down to the position typed, after the field that held it', () => {
    const result = applyPlainFormEdits(base, { enabled: all, required: new Set(), order: { a: 4 } });
    expect(order(result)).toEqual(['1:b', '2:c', '3:d', '4:a', '5:e']);
  });

  it('swaps two fields whose positions were exchanged, and ignores nonsense', () => {
    expect(order(applyPlainFormEdits(base, { enabled: all, required: new Set(), order: { b: 3, c: 2 } }))).toEqual([
      '1:a',
      '2:c',
      '3:b',
      '4:d',
      '5:e',
    ]);
    expect(order(applyPlainFormEdits(base, { enabled: all, required: new Set(), order: { b: 0, c: Number.NaN, d: 99 } }))).toEqual([
      '1:a',
      '2:b',
      '3:c',
      '4:e',
      '5:d',
    ]);
  });

  it('folds the editor’s enabled flag into isActive', () => {
    const [field] = applyPlainFormEdits([{ name: 'a', label: 'A', type: 'text', enabled: false, position: 1 }], {
      enabled: new Set(['a']),
      required: new Set(),
      order: {},
    });
    expect(field).toEqual({ name: 'a', label: 'A', type: 'text', isActive: true, required: false, order: 1 });
  });
});
