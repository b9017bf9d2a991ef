import type { BodyOf } from '../../common/contracts/endpoint';
import { invoiceContract } from '../../common/contracts/invoices';
import { callEndpoint } from './api.server';
import type { AuthedApi } from './auth.server';

/** Calls behind the Billing settings screen: the institute's billing profile and its GST rates. */

/** The profile as saved: unlike `billingSettings` of the invoice forms, a failure is reported, never a blank profile that a save would write back. */
export function readBillingSettings(api: AuthedApi) {
  return callEndpoint(api, invoiceContract.settings);
}

export function saveBillingSettings(api: AuthedApi, body: BodyOf<typeof invoiceContract.saveSettings>) {
  return callEndpoint(api, invoiceContract.saveSettings, { body });
}

export function addTaxRate(api: AuthedApi, body: BodyOf<typeof invoiceContract.addTaxRate>) {
  return callEndpoint(api, invoiceContract.addTaxRate, { body });
}
