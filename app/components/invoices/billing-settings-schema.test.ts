import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { billingSettingsSchema } from './billing-settings-schema';

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return parseWithZod(data, { schema: billingSettingsSchema });
};

const profile = {
  intent: 'profile',
  registered: 'on',
  gstin: '07aabcd1234e1z5',
  legalName: 'Demo Institute',
  address: '',
  state: 'Delhi',
  seriesCode: 'ho',
  defaultDueDays: '15',
  courseFeeSac: '',
  courseFeeTaxRate: '1800',
};

describe('billing settings forms', () => {
  it('reads a rate typed in percent with up to two decimals as basis points, open without an end', () => {
    for (const [typed, basisPoints] of [
      ['18', 1800],
      ['12.5', 1250],
      ['0.25', 25],
      ['100', 10_000],
    ] as const) {
      const submission = form({ intent: 'rate', rate: typed, from: '2031-04-01' });
      expect(submission.status === 'success' && submission.value).toEqual({
        intent: 'rate',
        rate: basisPoints,
        from: '2031-04-01',
        until: null,
      });
    }
    expect(form({ intent: 'rate', rate: '12.345', from: '2031-04-01' }).reply().error?.rate).toEqual([
      'Rate is a percentage with up to two decimals, such as 18 or 0.25',
    ]);
    expect(form({ intent: 'rate', rate: '100.01', from: '2031-04-01' }).reply().error?.rate).toEqual(['Rate cannot be more than 100%']);
    expect(form({ intent: 'rate', rate: '5', from: '2031-04-01', until: '2031-03-31' }).reply().error?.until).toEqual([
      'A rate cannot end before it starts',
    ]);
  });

  it('takes a profile as the API would, capitals and a blank SAC included', () => {
    const submission = form(profile);
    expect(submission.status === 'success' && submission.value).toMatchObject({
      registered: true,
      gstin: '07AABCD1234E1Z5',
      seriesCode: 'HO',
      invoiceFeesAtAdmission: false,
      defaultDueDays: 15,
      courseFeeSac: '',
      courseFeeTaxRate: 1800,
    });
  });

  it('refuses a GSTIN of another state, a registration without one, and a state not in the list', () => {
    expect(form({ ...profile, state: 'Maharashtra' }).reply().error?.gstin).toEqual(['A GSTIN of Maharashtra begins with 27']);
    expect(form({ ...profile, gstin: '' }).reply().error?.gstin).toEqual(['Enter the GSTIN to charge GST']);
    expect(form({ ...profile, gstin: '07AABCD1234' }).reply().error?.gstin).toEqual([
      'GSTIN must be 15 characters: state code, PAN, entity number, Z and a check character',
    ]);
    expect(form({ ...profile, state: 'Atlantis' }).reply().error?.state).toEqual(['Choose a state from the list']);
  });
});
