import type { BillingSettingsEvent, TaxRateEvent } from '../../domain/invoices/events';
import { billingSettings, taxRates } from '../schema';
import type { Projection } from './projection';

export const billingSettingsProjection: Projection<BillingSettingsEvent> = {
  name: 'billing-settings',
  tables: [billingSettings],
  handlers: {
    async BillingSettingsSaved(tx, event) {
      const row = { id: event.streamId, settings: event.data, version: event.version };
      await tx.insert(billingSettings).values(row).onConflictDoUpdate({ target: billingSettings.id, set: row });
    },
  },
};

export const taxRatesProjection: Projection<TaxRateEvent> = {
  name: 'tax-rates',
  tables: [taxRates],
  handlers: {
    async TaxRateAdded(tx, event) {
      await tx
        .insert(taxRates)
        .values({ id: event.streamId, rate: event.data.rate, fromDate: event.data.from, untilDate: event.data.until });
    },
  },
};
