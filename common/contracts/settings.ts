import { z } from 'zod';
import { defineContract } from './endpoint';

/**
 * The institute's settings as they exist today, one section each: how dates, times and money are
 * read, and the forms the institute fills in. The site content area adds its own sections
 * (institute details, header, footer, theme…) beside these (decision 023).
 */
const instituteSettings = z.object({
  locale: z
    .object({
      timeZone: z.string().describe('Every day and time is the institute’s, in this zone'),
      currency: z.string().describe('Amounts are whole paise of this currency'),
      dateFormat: z.string().describe('How days are entered and shown'),
    })
    .describe('Fixed for the whole institute'),
  forms: z
    .array(
      z.object({
        formType: z.string(),
        label: z.string(),
        isCustom: z.boolean(),
        enabledFields: z.number().int(),
        updatedAt: z.string().datetime(),
      }),
    )
    .describe('The form configurations: GET /dynamic-forms/type/{formType} has each one whole'),
});

export const settingsContract = {
  show: defineContract({
    method: 'get',
    path: '/settings',
    summary: 'The institute’s settings: locale and forms; read-only for now',
    tag: 'settings',
    response: instituteSettings,
  }),
};
