import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultFormConfigs } from '../../common/forms/defaults';
import { defaultFormTypes } from '../../common/forms/fields';
import type { FormFieldConfig } from '../../common/forms/types';
import { addUser, asSystem, createAccountsApi, syncCatalogue, tokenFor, type AccountsApi } from '../../tests/api/accounts';
import { allPermissionNames } from '../domain/permissions/catalogue';
import { append } from '../db/event-store';
import type { FormConfiguredData } from '../domain/form-config-events';
import { ensureDefaultFormConfigs, formConfigMessages, formStream } from '../domain/form-configs';

let accounts: AccountsApi;
const tokens = {} as { superadmin: string; admin: string; branchUser: string };

beforeAll(async () => {
  accounts = await createAccountsApi();
  const { db, auth } = accounts;
  await syncCatalogue(db);
  expect(await asSystem(db, ensureDefaultFormConfigs)).toEqual([...defaultFormTypes]);
  tokens.superadmin = await tokenFor(db, auth, await addUser(db, { role: 'superadmin' }));
  tokens.admin = await tokenFor(db, auth, await addUser(db, { role: 'admin', permissions: allPermissionNames }));
  tokens.branchUser = await tokenFor(db, auth, await addUser(db, { role: 'branch_user', permissions: ['STUDENT_ADD'] }));
});
afterAll(() => accounts?.cleanup());

const field = (name: string, extra: Partial<FormFieldConfig> = {}): FormFieldConfig => ({
  name,
  label: name[0]!.toUpperCase() + name.slice(1),
  type: 'text',
  ...extra,
});

describe('GET /dynamic-forms/type/:formType', () => {
  it.each(defaultFormTypes)('answers the default %s configuration without a token', async (formType) => {
    const response = await accounts.call('GET', `/dynamic-forms/type/${formType}`);
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    const { data } = response.body;
    expect(data).toMatchObject({ formType, label: defaultFormConfigs[formType].label, isCustom: false, version: 1 });
    expect(data._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(data.fields).toEqual(defaultFormConfigs[formType].fields);
  });

  it('answers 404 with the product’s message for a form type without configuration', async () => {
    const response = await accounts.call('GET', '/dynamic-forms/type/alumni');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ success: false, message: formConfigMessages.notFound });
    expect(formConfigMessages.notFound).toBe('Form configuration not found. Please contact super admin to set up this form.');
  });

  it('seeds the defaults once: a second run configures nothing', async () => {
    expect(await asSystem(accounts.db, ensureDefaultFormConfigs)).toEqual([]);
  });
});

describe('POST /dynamic-forms', () => {
  it('creates a custom form, dropping duplicate names and numbering the fields in order', async () => {
    const response = await accounts.call('POST', '/dynamic-forms', {
      token: tokens.superadmin,
      body: {
        formType: 'alumni-survey',
        label: 'Alumni Survey',
        fields: [
          field('employer', { order: 2 }),
          field('name', { order: 1, required: true }),
          field('name', { order: 3, type: 'email' }),
          field('graduationYear', { type: 'number', position: 5, enabled: false }),
        ],
      },
    });
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('Alumni Survey created successfully! 2 fields enabled.');
    expect(response.body.data).toMatchObject({ formType: 'alumni-survey', label: 'Alumni Survey', isCustom: true, version: 1 });
    expect(response.body.data.fields).toEqual([
      { name: 'name', label: 'Name', type: 'text', required: true, isActive: true, order: 1 },
      { name: 'employer', label: 'Employer', type: 'text', required: false, isActive: true, order: 2 },
      { name: 'graduationYear', label: 'GraduationYear', type: 'number', required: false, isActive: false, order: 3 },
    ]);

    const loaded = await accounts.call('GET', '/dynamic-forms/type/alumni-survey');
    expect(loaded.body.data).toEqual(response.body.data);
  });

  it('refuses a second configuration of a form type with 409', async () => {
    const again = await accounts.call('POST', '/dynamic-forms', {
      token: tokens.superadmin,
      body: { formType: 'student', fields: [field('studentName')] },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(formConfigMessages.exists);
  });

  it('names a custom form after its type when no label is given', async () => {
    const response = await accounts.call('POST', '/dynamic-forms', {
      token: tokens.superadmin,
      body: { formType: 'hostel-admission', fields: [] },
    });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({ label: 'Hostel Admission', fields: [] });
  });

  it.each([
    ['a form type with capitals or spaces', { formType: 'Alumni Survey', fields: [] }, 'formType'],
    ['no form type', { fields: [] }, 'formType'],
    ['a field without a label', { formType: 'x-1', fields: [{ name: 'a', label: '', type: 'text' }] }, 'fields.0.label'],
    ['a field name with spaces', { formType: 'x-1', fields: [{ name: 'a b', label: 'A', type: 'text' }] }, 'fields.0.name'],
    ['a reserved field name', { formType: 'x-1', fields: [{ name: 'formType', label: 'A', type: 'text' }] }, 'fields.0.name'],
    ['an unknown field type', { formType: 'x-1', fields: [{ name: 'a', label: 'A', type: 'colour' }] }, 'fields.0.type'],
  ])('answers 400 for %s', async (_, body, path) => {
    const response = await accounts.call('POST', '/dynamic-forms', { token: tokens.superadmin, body });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors)).toContain(path);
  });

  it('is for the super admin only, whatever permissions another user holds', async () => {
    const response = await accounts.call('POST', '/dynamic-forms', {
      token: tokens.admin,
      body: { formType: 'by-admin', fields: [] },
    });
    expect(response.status).toBe(403);
  });
});

describe('PUT /dynamic-forms/:id', () => {
  async function load(formType: string) {
    return (await accounts.call('GET', `/dynamic-forms/type/${formType}`)).body.data;
  }

  it('round-trips an edit: a field disabled, another made required, two swapped', async () => {
    const before = await load('course');
    const fields = before.fields.map((f: FormFieldConfig) => {
      if (f.name === 'courseImage') return { ...f, isActive: false };
      if (f.name === 'courseCode') return { ...f, required: true, order: 3 };
      if (f.name === 'description') return { ...f, order: 2 };
      return f;
    });
    const response = await accounts.call('PUT', `/dynamic-forms/${before._id}`, {
      token: tokens.superadmin,
      body: { formType: 'course', fields },
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Course Form updated successfully! 8 fields enabled.');
    const after = await load('course');
    expect(after).toMatchObject({ _id: before._id, version: 2, label: 'Course Form' });
    expect(after.fields.map((f: FormFieldConfig) => f.name).slice(0, 3)).toEqual(['courseName', 'description', 'courseCode']);
    expect(after.fields.find((f: FormFieldConfig) => f.name === 'courseCode')).toMatchObject({ required: true, order: 3 });
    expect(after.fields.find((f: FormFieldConfig) => f.name === 'courseImage')).toMatchObject({ isActive: false });
  });

  it('takes the form type in place of the id', async () => {
    const before = await load('branch');
    const response = await accounts.call('PUT', '/dynamic-forms/branch', {
      token: tokens.superadmin,
      body: { fields: before.fields, label: 'Branch Registration' },
    });
    expect(response.status).toBe(200);
    expect((await load('branch')).label).toBe('Branch Registration');
  });

  it('refuses a stale edit with 412 when If-Match names an older version', async () => {
    const current = await load('examResult');
    const first = await accounts.call('PUT', `/dynamic-forms/${current._id}`, {
      token: tokens.superadmin,
      headers: { 'If-Match': `"${current.version}"` },
      body: { fields: current.fields },
    });
    expect(first.status).toBe(200);
    const stale = await accounts.call('PUT', `/dynamic-forms/${current._id}`, {
      token: tokens.superadmin,
      headers: { 'If-Match': `"${current.version}"` },
      body: { fields: current.fields },
    });
    expect(stale.status).toBe(412);
    expect(stale.body.message).toBe(formConfigMessages.stale);
  });

  it('refuses to change the form type, and answers 404 for an unknown configuration', async () => {
    const current = await load('student');
    const changed = await accounts.call('PUT', `/dynamic-forms/${current._id}`, {
      token: tokens.superadmin,
      body: { formType: 'course', fields: current.fields },
    });
    expect(changed.status).toBe(400);
    expect(changed.body.errors).toEqual({ formType: [formConfigMessages.typeChanged] });
    const missing = await accounts.call('PUT', '/dynamic-forms/no-such-form', {
      token: tokens.superadmin,
      body: { fields: [] },
    });
    expect(missing.status).toBe(404);
  });
});

describe('options of a saved configuration', () => {
  const colours = (options: FormFieldConfig['options']): FormFieldConfig => field('colour', { type: 'select', options });

  it('are stored as objects with a value and a label, whichever shape was sent', async () => {
    const created = await accounts.call('POST', '/dynamic-forms', {
      token: tokens.superadmin,
      body: {
        formType: 'house-colours',
        fields: [colours(['Red', { value: 'blue', label: 'Blue' }, { value: 'green' }, { value: 'white', label: '  ' }])],
      },
    });
    expect(created.status).toBe(201);
    const stored = [
      { value: 'Red', label: 'Red' },
      { value: 'blue', label: 'Blue' },
      { value: 'green', label: 'green' },
      { value: 'white', label: 'white' },
    ];
    expect(created.body.data.fields[0].options).toEqual(stored);
    expect((await accounts.call('GET', '/dynamic-forms/type/house-colours')).body.data.fields[0].options).toEqual(stored);

    const updated = await accounts.call('PUT', '/dynamic-forms/house-colours', {
      token: tokens.superadmin,
      body: { fields: [colours(['Red', 'Yellow'])] },
    });
    expect(updated.status).toBe(200);
    expect((await accounts.call('GET', '/dynamic-forms/type/house-colours')).body.data.fields[0].options).toEqual([
      { value: 'Red', label: 'Red' },
      { value: 'Yellow', label: 'Yellow' },
    ]);
  });

  it('of a configuration stored with plain strings are still read: its records are checked against them', async () => {
    // A configuration saved before options were stored as objects.
    const data: FormConfiguredData = {
      id: 'legacy-options-form',
      formType: 'legacy-colours',
      label: 'Legacy Colours',
      description: '',
      isCustom: true,
      fields: [{ ...colours(['Red', 'Blue']), required: true, isActive: true, order: 1 }],
    };
    await asSystem(accounts.db, ({ tx, meta }) =>
      append(tx, formStream(data.formType), 'no_stream', [{ type: 'FormConfigured', data }], meta),
    );
    const loaded = await accounts.call('GET', '/dynamic-forms/type/legacy-colours');
    expect(loaded.body.data.fields[0].options).toEqual(['Red', 'Blue']);

    const record = (value: string) =>
      accounts.call('POST', '/dynamic-data', {
        token: tokens.admin,
        body: { formType: 'legacy-colours', fieldsData: [{ name: 'colour', value }] },
      });
    expect((await record('Blue')).status).toBe(201);
    const refused = await record('Green');
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ colour: ['Colour selection is invalid'] });
  });
});

describe('GET /dynamic-forms', () => {
  it('lists the four built-in forms first, then the custom forms', async () => {
    const response = await accounts.call('GET', '/dynamic-forms', { token: tokens.superadmin });
    expect(response.status).toBe(200);
    const types = response.body.data.map((c: { formType: string }) => c.formType);
    expect(types.slice(0, 4)).toEqual([...defaultFormTypes]);
    expect(types.slice(4)).toEqual(expect.arrayContaining(['alumni-survey', 'hostel-admission']));
    // Those who keep custom forms' records (SETTINGS_EDIT) read them too; branch staff do not.
    expect((await accounts.call('GET', '/dynamic-forms', { token: tokens.admin })).status).toBe(200);
    expect((await accounts.call('GET', '/dynamic-forms', { token: tokens.branchUser })).status).toBe(403);
  });
});
