import { z } from 'zod';
import { billingSettings, invoiceMessages, taxRateBody } from '../../../common/contracts/invoices';
import { indianStates } from '../../../common/forms/defaults';
import { gstStateCode } from '../../../common/gst-states';

/**
 * The Billing settings screen's two forms, told apart by `intent`, for the browser and the action
 * alike. Fields are the contract's own schemas, so the form says what the API would.
 */

const shape = billingSettings.shape;

/** The states a profile may name: those with a GST code, which the server derives from the name. */
export const gstStates = indianStates.filter((state) => gstStateCode(state) !== null);

const profileFields = z.object({
  intent: z.literal('profile'),
  registered: z.boolean().default(false),
  gstin: z.string().default('').pipe(shape.gstin),
  legalName: shape.legalName,
  address: shape.address,
  state: z
    .string({ required_error: invoiceMessages.stateRequired })
    .pipe(shape.state)
    .refine((state) => gstStateCode(state) !== null, 'Choose a state from the list'),
  seriesCode: z.string({ required_error: 'Enter the series code' }).trim().toUpperCase().pipe(shape.seriesCode),
  invoiceFeesAtAdmission: z.boolean().default(false),
  defaultDueDays: z
    .number({ required_error: 'Enter the days until due', invalid_type_error: 'Days until due is a whole number' })
    .int('Days until due is a whole number')
    .min(0, 'Days until due cannot be negative')
    .max(365, 'Days until due is at most 365'),
  courseFeeSac: z
    .string()
    .trim()
    .regex(/^(\d{4,8})?$/, 'SAC is 4 to 8 digits')
    .default(''),
  courseFeeTaxRate: z.number({ required_error: 'Choose a tax rate' }).pipe(shape.courseFeeTaxRate),
});

function profileRules(value: z.infer<typeof profileFields>, ctx: z.RefinementCtx) {
  if (value.registered && !value.gstin) {
    ctx.addIssue({ code: 'custom', path: ['gstin'], message: 'Enter the GSTIN to charge GST' });
  }
  const code = gstStateCode(value.state);
  // A GSTIN begins with the code of the state it was issued in.
  if (value.gstin && code && !value.gstin.startsWith(code)) {
    ctx.addIssue({ code: 'custom', path: ['gstin'], message: `A GSTIN of ${value.state} begins with ${code}` });
  }
}

/** "18", "5.5", "0.25": a percentage of up to two decimals, as basis points. */
const percent = z
  .string({ required_error: 'Enter the rate' })
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, 'Rate is a percentage with up to two decimals, such as 18 or 0.25')
  .transform((text) => {
    const [whole = '0', fraction = ''] = text.split('.');
    return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  })
  .pipe(z.number().max(10_000, 'Rate cannot be more than 100%'));

const rateFields = z.object({
  intent: z.literal('rate'),
  rate: percent,
  from: z.string({ required_error: 'Enter the day it is in force from' }).pipe(taxRateBody.shape.from),
  until: taxRateBody.shape.from.optional().transform((day) => day ?? null),
});

function rateRules(value: z.infer<typeof rateFields>, ctx: z.RefinementCtx) {
  if (value.until !== null && value.until < value.from) {
    ctx.addIssue({ code: 'custom', path: ['until'], message: 'A rate cannot end before it starts' });
  }
}

export const profileSchema = profileFields.superRefine(profileRules);
export const rateSchema = rateFields.superRefine(rateRules);
/** Both forms, as the action reads them. */
export const billingSettingsSchema = z
  .discriminatedUnion('intent', [profileFields, rateFields])
  .superRefine((value, ctx) => (value.intent === 'profile' ? profileRules(value, ctx) : rateRules(value, ctx)));

export const PROFILE_FIELDS = [
  'registered',
  'gstin',
  'legalName',
  'address',
  'state',
  'seriesCode',
  'invoiceFeesAtAdmission',
  'defaultDueDays',
  'courseFeeSac',
  'courseFeeTaxRate',
];
export const RATE_FIELDS = ['rate', 'from', 'until'];
