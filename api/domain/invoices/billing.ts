import { asc, eq } from 'drizzle-orm';
import { billingSettings as billingSettingsSchema, type BillingSettings, type TaxRateView } from '../../../common/contracts/invoices';
import type { Executor } from '../../db/client';
import { billingSettings, taxRates } from '../../db/schema';
import { runCommand, type CommandContext, type Decider } from '../command';
import { conflict, invalid } from '../errors';
import { newId } from '../ids';
import { billingSettingsStream, taxRateStream, type BillingSettingsEvent, type Seller, type TaxRateEvent } from './events';

/** The profile until the institute saves its own: not registered, in Maharashtra, branch invoices in the HO series. */
export const defaultBillingSettings: BillingSettings = billingSettingsSchema.parse({
  registered: false,
  state: 'Maharashtra',
  stateCode: '27',
  seriesCode: 'HO',
  invoiceFeesAtAdmission: false,
});

export async function readBillingSettings(db: Executor): Promise<BillingSettings> {
  const [row] = await db.select({ settings: billingSettings.settings }).from(billingSettings);
  return row ? (row.settings as BillingSettings) : defaultBillingSettings;
}

/** The institute as its documents name it: the legal name of its billing profile, as the app keeps no other name for the institute. */
export const sellerOf = (settings: BillingSettings): Seller => ({ ...settings, name: settings.legalName });

const settingsDecider: Decider<BillingSettings, BillingSettings | null, BillingSettingsEvent> = {
  initialState: null,
  evolve: (_, event) => event.data,
  decide: (settings, current) =>
    JSON.stringify(settings) === JSON.stringify(current) ? [] : [{ type: 'BillingSettingsSaved', data: settings }],
};

export async function saveBillingSettings(ctx: CommandContext, settings: BillingSettings): Promise<BillingSettings> {
  await runCommand(ctx, billingSettingsStream, settingsDecider, settings);
  return readBillingSettings(ctx.tx);
}

export async function listTaxRates(db: Executor): Promise<TaxRateView[]> {
  const rows = await db.select().from(taxRates).orderBy(asc(taxRates.fromDate), asc(taxRates.rate));
  return rows.map((row) => ({ _id: row.id, rate: row.rate, from: row.fromDate, until: row.untilDate }));
}

type NewRate = Omit<TaxRateView, '_id'>;

const rateDecider: Decider<NewRate & { exists: boolean }, boolean, TaxRateEvent> = {
  initialState: false,
  evolve: () => true,
  decide(rate, added) {
    if (added) throw conflict('This tax rate already exists');
    if (rate.until !== null && rate.until < rate.from) {
      const message = 'A rate cannot end before it starts';
      throw invalid(message, { until: [message] });
    }
    if (rate.exists) {
      const message = 'This rate is already in force from that day';
      throw invalid(message, { rate: [message] });
    }
    return [{ type: 'TaxRateAdded', data: { rate: rate.rate, from: rate.from, until: rate.until } }];
  },
};

export async function addTaxRate(ctx: CommandContext, rate: NewRate): Promise<TaxRateView> {
  const id = newId(ctx.meta.occurredAt.getTime());
  const exists = (await listTaxRates(ctx.tx)).some((held) => held.rate === rate.rate && held.from === rate.from);
  await runCommand(ctx, taxRateStream(id), rateDecider, { ...rate, exists });
  const [row] = await ctx.tx.select().from(taxRates).where(eq(taxRates.id, id));
  return { _id: id, rate: row!.rate, from: row!.fromDate, until: row!.untilDate };
}
