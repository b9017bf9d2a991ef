import type { Page } from '@playwright/test';
import { addPeriods, indianDay, startOf } from '../../common/india-time';

/** Line `n` of the invoice form, by its heading. */
export const line = (page: Page, n: number) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Line ${n}`, exact: true }) });

/** The invoice page's status badge. */
export const status = (page: Page) => page.locator('[data-slot="page-header"] [data-slot="badge"]');

/** The day `days` from today in India, YYYY-MM-DD. */
export const dayFromToday = (days = 0) => indianDay(addPeriods('day', startOf('day', new Date()), days));
