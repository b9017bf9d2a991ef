import type { Database, Executor } from '../db/client';
import { keptUntilAnnounced } from '../db/kept-until-announced';
import type { OperationPrice } from '../../common/wallet';
import { findFormConfig } from './form-configs';
import type { FormConfigView } from '../../common/contracts/dynamic-forms';
import type { BillingSettings } from '../../common/contracts/invoices';
import { readBillingSettings } from './invoices/billing';
import { findOperationPriceByKey } from './wallet/operation-prices/operation-price';
import { readPublicSite, type PublicSiteAnswer } from './site-content/public-site';

/**
 * Where migration 0008's triggers announce a change to form configurations or operation prices,
 * and the triggers of later migrations a change to the billing settings or the site's sections:
 * the table's name.
 */
export const SETTING_CHANGES = 'setting_changes';

/**
 * What every admission consults and staff rarely change: the form configurations, the
 * operation prices and the billing settings (whether fees are invoiced at admission). A form or
 * price missing from the database is never kept, so the kept values are bounded by the rows that
 * exist; the billing settings are one value, their defaults until the first save (announced like
 * any other). They are shared, and nobody changes them.
 */
export interface Settings {
  formConfig(db: Executor, formType: string): Promise<FormConfigView | null>;
  operationPrice(db: Executor, operationKey: string): Promise<OperationPrice | null>;
  billingSettings(db: Executor): Promise<BillingSettings>;
  /** The published site as visitors read it on a day (India time). */
  publicSite(db: Executor, today: string): Promise<PublicSiteAnswer>;
  /** Drops everything kept. */
  forget(): void;
}

/** Reads every setting in the caller's transaction. */
export const freshSettings: Settings = {
  formConfig: findFormConfig,
  operationPrice: findOperationPriceByKey,
  billingSettings: readBillingSettings,
  publicSite: readPublicSite,
  forget() {},
};

/**
 * Settings kept per process until PostgreSQL announces a change to their table (decision 016).
 * A miss is read through the caller's executor: inside a transaction, a pool connection of its
 * own could wait behind the very transactions that hold the others.
 */
export function createSettings(database: Database): Settings {
  const kept = keptUntilAnnounced<FormConfigView | OperationPrice | BillingSettings | PublicSiteAnswer | null>(database, SETTING_CHANGES, {
    lifetimeMs: 60_000,
    maxGroups: 4,
    keepable: (value) => value !== null,
  });
  return {
    formConfig: (db, formType) => kept.load('form_configs', formType, () => findFormConfig(db, formType)) as Promise<FormConfigView | null>,
    operationPrice: (db, operationKey) =>
      kept.load('operation_prices', operationKey, () => findOperationPriceByKey(db, operationKey)) as Promise<OperationPrice | null>,
    billingSettings: (db) => kept.load('billing_settings', '', () => readBillingSettings(db)) as Promise<BillingSettings>,
    // Kept a minute at most: the courses it names and the files' names change without announcing it.
    publicSite: (db, today) => kept.load('site_sections', today, () => readPublicSite(db, today)) as Promise<PublicSiteAnswer>,
    forget: () => kept.forget(),
  };
}
