import { describe, expect, it } from 'vitest';
import type { ImportField } from '../../../common/contracts/imports';
import type { FormFieldConfig } from '../../../common/forms/types';
import { mappingErrors, rowValues, suggestMapping, type Choices } from './cells';

const fields: ImportField[] = [
  { name: 'centerName', label: 'Center Name', required: true },
  { name: 'studentName', label: 'Student Name', required: true },
  { name: 'phoneNumber', label: 'Phone Number', required: true },
  { name: 'fatherName', label: "Father's Name", required: false },
];

describe('suggestMapping', () => {
  it('matches a heading to the field it names, by label or name, however spaced, cased or spelt', () => {
    expect(suggestMapping(['STUDENT NAME', 'phoneNumber', 'Fathers Name', 'Notes'], fields)).toEqual([
      'studentName',
      'phoneNumber',
      'fatherName',
      null,
    ]);
  });

  it('takes a heading that starts one label only, after the exact matches, and never one field twice', () => {
    expect(suggestMapping(['Centre', 'Phone', 'Phone Number', 'Student'], fields)).toEqual([
      'centerName',
      null,
      'phoneNumber',
      'studentName',
    ]);
    expect(suggestMapping(['Student Name', 'Student Name'], fields)).toEqual(['studentName', null]);
    // "Name" starts no label: it is two fields' last word, so it is left to the user.
    expect(suggestMapping(['Name', ''], fields)).toEqual([null, null]);
  });
});

describe('mappingErrors', () => {
  it('names each required field no column fills, a field chosen twice, and a field the form has not', () => {
    expect(mappingErrors(['studentName', 'studentName', 'shoeSize'], fields)).toEqual([
      'The form has no field shoeSize to import into',
      'Choose the column that holds Center Name: the form requires it',
      'Student Name is chosen for more than one column',
      'Choose the column that holds Phone Number: the form requires it',
    ]);
    expect(mappingErrors(['centerName', 'studentName', 'phoneNumber', null], fields)).toEqual([]);
  });
});

describe('rowValues', () => {
  const form: FormFieldConfig[] = [
    { name: 'centerName', label: 'Center Name', type: 'select', optionsSource: 'branches' },
    { name: 'state', label: 'State', type: 'select', options: [{ value: 'MH', label: 'Maharashtra' }, 'Goa'] },
    { name: 'dateOfBirth', label: 'Date of Birth', type: 'date' },
    { name: 'isActive', label: 'Active', type: 'checkbox' },
    { name: 'phoneNumber', label: 'Phone Number', type: 'tel' },
  ];
  const choices: Choices = new Map([
    [
      'branches',
      new Map([
        ['north campus', new Set(['b1'])],
        ['nc01', new Set(['b1'])],
        ['twin', new Set(['b2', 'b3'])],
      ]),
    ],
  ]);
  const mapping = ['centerName', 'state', 'dateOfBirth', 'isActive', 'phoneNumber'];

  it('gives what the form would post: a choice by its name or code, a day-first date, yes as checked, a number as text', () => {
    expect(rowValues(['NC01', 'maharashtra', '7/3/2008', 'Yes', 9876543210], mapping, form, choices)).toEqual({
      values: { centerName: 'b1', state: 'MH', dateOfBirth: '2008-03-07', isActive: true, phoneNumber: '9876543210' },
      errors: [],
    });
    expect(rowValues(['North Campus', 'Goa', new Date(Date.UTC(2008, 2, 7)), 'no', '98765 43210'], mapping, form, choices).values).toEqual({
      centerName: 'b1',
      state: 'Goa',
      dateOfBirth: '2008-03-07',
      isActive: false,
      phoneNumber: '98765 43210',
    });
  });

  it('passes on what matches nothing for the form to refuse, leaves out empty cells, and refuses a name two records share', () => {
    expect(rowValues(['Atlantis', 'Narnia', '31/02/2008', null, '  '], mapping, form, choices)).toEqual({
      values: { centerName: 'Atlantis', state: 'Narnia', dateOfBirth: '2008-02-31' },
      errors: [],
    });
    expect(rowValues(['Twin'], mapping, form, choices).errors).toEqual(['More than one choice of Center Name is named Twin: use its code']);
  });
});
