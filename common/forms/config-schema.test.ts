import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { configMessages, customFormNameSchema, formTypeSchema } from './config-schema';
import { customFormType, isDefaultFormType } from './fields';

const messageOf = (name: unknown) => {
  const result = customFormNameSchema.safeParse(name);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('the name of a new custom form', () => {
  it.each([
    ['Alumni Survey', null],
    ['  Hostel   Admission 2026 ', null],
    ['x'.repeat(50), null],
    ['', configMessages.formName],
    ['   ', configMessages.formName],
    [undefined, configMessages.formName],
    ['x'.repeat(51), configMessages.formNameRule],
    ['Alumni Survey!', configMessages.formNameRule],
    ['Café', configMessages.formNameRule],
    ['-Survey', configMessages.formNameRule],
    ['Student', configMessages.formNameTaken],
    ['examResult', null],
  ])('%j → %j', (name, message) => {
    expect(messageOf(name)).toBe(message);
  });

  it('is accepted exactly when the API takes its form type for a new custom form', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (name) => {
        // The API takes the four built-in types too, but they always exist: creating one answers 409.
        const type = customFormType(name);
        const apiTakes = formTypeSchema.safeParse(type).success && !isDefaultFormType(type);
        expect(customFormNameSchema.safeParse(name).success).toBe(apiTakes);
      }),
    );
  });
});
