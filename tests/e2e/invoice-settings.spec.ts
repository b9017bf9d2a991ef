import type { APIRequestContext, Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { addNorthAdmin, apiHeaders, demo, expect, hydrated, loginAs, palette, test, toast } from './fixtures';

/**
 * The Billing settings screen against the real server: the demo profile read and changed in the
 * browser (and put back, as other specs bill as the demo institute in Delhi), an invalid GSTIN
 * refused, a far-future GST rate added, the same forms without JavaScript, the read-only profile
 * a branch's staff see, and axe on the screen.
 */

test.describe.configure({ mode: 'serial' });

const SETTINGS = '/admin/invoices/settings';
const DEMO_GSTIN = '07AABCD1234E1Z5';
const GSTIN_INVALID = 'GSTIN must be 15 characters: state code, PAN, entity number, Z and a check character';

const profile = (page: Page) => page.getByRole('region', { name: 'Billing profile' });
const rates = (page: Page) => page.getByRole('region', { name: 'GST rates' });

async function savedSettings(request: APIRequestContext) {
  const answer = await request.get('/api/v1/invoices/settings', { headers: await apiHeaders(request) });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { data: Record<string, unknown> }).data;
}

let original: Record<string, unknown> | null = null;

test.beforeAll(async ({ request }) => {
  original = await savedSettings(request);
});

// Whatever a test left half-done, the demo profile is the one the other specs bill with.
test.afterAll(async ({ request }) => {
  if (!original) return;
  const restored = await request.put('/api/v1/invoices/settings', { headers: await apiHeaders(request), data: original });
  expect(restored.ok(), await restored.text()).toBe(true);
});

test('the billing profile is opened from the invoices, refuses an invalid GSTIN, and saves a new legal name', async ({ page, request }) => {
  await loginAs(page, demo.admin.email, demo.admin.password, { to: '/admin/invoices' });
  await page.getByRole('link', { name: 'Billing settings', exact: true }).click();
  await expect(page).toHaveURL(SETTINGS);
  await expect(page.getByRole('heading', { name: 'Billing settings', level: 1 })).toBeVisible();
  await hydrated(page);

  const gstin = profile(page).getByLabel('GSTIN', { exact: true });
  const legalName = profile(page).getByLabel('Legal name');
  await expect(gstin).toHaveValue(DEMO_GSTIN);
  await expect(profile(page).getByLabel('Registered under GST')).toBeChecked();
  await expect(profile(page).getByRole('combobox', { name: 'State' })).toHaveValue('Delhi');
  const demoName = await legalName.inputValue();
  expect(demoName).not.toBe('');

  await gstin.fill('07AABCD1234');
  await profile(page).getByRole('button', { name: 'Save billing profile' }).click();
  await expect(profile(page).getByText(GSTIN_INVALID)).toBeVisible();
  await expect(gstin).toHaveAttribute('aria-invalid', 'true');
  expect((await savedSettings(request)).gstin).toBe(DEMO_GSTIN);

  await gstin.fill(DEMO_GSTIN);
  await legalName.fill('Demo Institute Billing Check Private Limited');
  await profile(page).getByRole('button', { name: 'Save billing profile' }).click();
  await expect(toast(page, 'Billing settings saved')).toBeVisible();
  await page.reload();
  await expect(legalName).toHaveValue('Demo Institute Billing Check Private Limited');
  await expect(gstin).toHaveValue(DEMO_GSTIN);
  expect(await savedSettings(request)).toEqual({ ...original, legalName: 'Demo Institute Billing Check Private Limited' });

  await legalName.fill(demoName);
  await profile(page).getByRole('button', { name: 'Save billing profile' }).click();
  await expect(toast(page, 'Billing settings saved')).toBeVisible();
  await expect(legalName).toHaveValue(demoName);
  expect(await savedSettings(request)).toEqual(original);

  // The command palette offers the screen too.
  await page.keyboard.press('ControlOrMeta+k');
  await palette(page).getByRole('combobox').fill('Billing settings');
  await expect(palette(page).getByRole('option', { name: /^Billing settings/ })).toBeVisible();
});

test('a GST rate in force from a day is added and listed as open', async ({ page }) => {
  await loginAs(page, demo.admin.email, demo.admin.password, { to: SETTINGS });
  await hydrated(page);

  await rates(page)
    .getByLabel(/^Rate \(%\)/)
    .fill('12.75');
  await rates(page)
    .getByLabel(/^In force from/)
    .fill('01/04/2031');
  await rates(page).getByLabel('Until', { exact: true }).fill('01/03/2031');
  await rates(page).getByRole('button', { name: 'Add rate' }).click();
  await expect(rates(page).getByText('A rate cannot end before it starts')).toBeVisible();

  await rates(page).getByLabel('Until', { exact: true }).fill('');
  await rates(page).getByRole('button', { name: 'Add rate' }).click();
  await expect(toast(page, 'Tax rate added')).toBeVisible();
  const row = rates(page).getByRole('row').filter({ hasText: '12.75%' });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell')).toHaveText(['12.75%', '1 Apr 2031', 'Open']);
});

test('the screen has no serious or critical accessibility violation', async ({ page }) => {
  await loginAs(page, demo.admin.email, demo.admin.password, { to: SETTINGS });
  await expect(page.getByRole('heading', { name: 'Billing settings', level: 1 })).toBeVisible();
  expect(await seriousViolations(page, SETTINGS)).toEqual([]);
});

test('a branch’s staff see the profile they bill with, and change nothing', async ({ page, request }) => {
  const person = { name: 'North Biller', email: `north.biller.${Date.now()}@institute.demo`, password: 'Biller@123' };
  await addNorthAdmin(request, person, ['INVOICE_VIEW_BRANCH', 'INVOICE_CREATE_BRANCH']);
  await loginAs(page, person.email, person.password, { to: '/admin/invoices' });
  await page.getByRole('link', { name: 'Billing settings', exact: true }).click();
  await expect(profile(page)).toContainText('Only the institute’s staff change billing settings');
  await expect(profile(page)).toContainText(DEMO_GSTIN);
  await expect(page.getByRole('button', { name: 'Save billing profile' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add rate' })).toHaveCount(0);
  await expect(rates(page).getByRole('row').filter({ hasText: '18%' }).first()).toBeVisible();

  // The API refuses them whatever the screen shows.
  const refused = await request.put('/api/v1/invoices/settings', {
    headers: await apiHeaders(request, person),
    data: { ...original, legalName: 'Taken over' },
  });
  expect(refused.status()).toBe(403);
});

test.describe('without JavaScript', () => {
  // A refused form answers 400 with the page and its messages, which the browser logs.
  test.use({ javaScriptEnabled: false, allowedConsoleErrors: [/status of 400 .*\/admin\/invoices\/settings/] });

  test('the forms answer from the server: an invalid GSTIN and a rate the API already holds are refused', async ({ page, request }) => {
    await loginAs(page, demo.admin.email, demo.admin.password, { to: SETTINGS });
    await profile(page).getByLabel('GSTIN', { exact: true }).fill('07ABC');
    await profile(page).getByRole('button', { name: 'Save billing profile' }).click();
    await expect(profile(page).getByText(GSTIN_INVALID)).toBeVisible();
    expect(await savedSettings(request)).toEqual(original);

    // 18% from 22 Sep 2025 is one of the rates the API was set up with: its refusal shows on the rate.
    await rates(page)
      .getByLabel(/^Rate \(%\)/)
      .fill('18');
    await rates(page)
      .getByLabel(/^In force from/)
      .fill('2025-09-22');
    await rates(page).getByRole('button', { name: 'Add rate' }).click();
    await expect(rates(page).getByText('This rate is already in force from that day')).toBeVisible();
  });
});
