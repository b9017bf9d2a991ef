import { describe, expect, it } from 'vitest';
import { invoiceListQuery, paymentBody } from './invoices';

describe('the dates invoices and payments take', () => {
  it('takes a day of the calendar, leap days included', () => {
    expect(invoiceListQuery.safeParse({ from: '2026-11-28', to: '2028-02-29' }).success).toBe(true);
  });

  it('refuses a day the calendar lacks, which the database would fail on', () => {
    for (const day of ['9464-62-55', '2026-02-29', '2026-04-31', '2026-00-10', '0621-01-01']) {
      expect(invoiceListQuery.safeParse({ from: day }).success, day).toBe(false);
      expect(paymentBody.safeParse({ amount: 100, mode: 'cash', date: day }).success, day).toBe(false);
    }
  });
});
