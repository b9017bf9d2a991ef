import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { formatRupees } from '../../common/money';
import { demo, expect, loginAs, test, toast } from './fixtures';

/**
 * The wallet screens in a real browser: a top-up (with and without JavaScript) seen in the
 * transactions and on the dashboard, operation pricing, the CSV export, and the charge of an
 * admission in a wallet-enabled branch (every seeded branch opens with ₹2,000.00 and is topped up
 * month by month; ₹50.00 per student).
 */

test.describe.configure({ mode: 'serial' });

/** A bearer token for checks the screens do not offer (the browser itself never holds one). */
async function apiToken(request: APIRequestContext, account: { email: string; password: string }) {
  const response = await request.post('/api/v1/auth/v2/login', { data: account });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { accessToken: string } }).data.accessToken;
}

async function api<T>(request: APIRequestContext, token: string, method: 'GET' | 'PUT' | 'POST', path: string, data?: unknown) {
  const response = await request.fetch(`/api/v1${path}`, { method, data, headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `${method} ${path}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

interface Price {
  _id: string;
  operationKey: string;
  operationName: string;
  price: number;
  enabled: boolean;
}

async function addStudentPrice(request: APIRequestContext, token: string) {
  const prices = await api<Price[]>(request, token, 'GET', '/wallet/operation-pricing');
  return prices.find((price) => price.operationKey === 'ADD_STUDENT')!;
}

async function branchWallet(request: APIRequestContext, token: string, name: string) {
  const balances = await api<{ branchId: string; branchName: string; balance: number }[]>(request, token, 'GET', '/wallet/balance');
  return balances.find((wallet) => wallet.branchName === name)!;
}

/** Switches a branch's wallet on or off through its branch form, as an administrator would. */
async function setWalletEnabled(request: APIRequestContext, token: string, branchId: string, enabled: boolean) {
  const branch = await api<{ fieldsData: { name: string; value: unknown }[] }>(request, token, 'GET', `/dynamic-data/${branchId}`);
  const fieldsData = branch.fieldsData.map((field) => (field.name === 'walletEnabled' ? { ...field, value: enabled } : field));
  await api(request, token, 'PUT', `/dynamic-data/${branchId}`, { fieldsData });
}

test.describe('Add Balance', () => {
  test('an admin tops up North Campus, then sees it in the transactions and on the dashboard', async ({ page }) => {
    await loginAs(page, demo.admin.email, demo.admin.password, { to: '/admin/wallet/add-balance' });
    await expect(page.getByRole('heading', { name: 'Add Balance', level: 1 })).toBeVisible();

    // Nothing chosen, nothing to add: the form says what is wrong and adds nothing.
    await page.getByLabel('Amount').fill('0');
    await page.getByRole('button', { name: 'Review top-up' }).click();
    await expect(page.getByText('Choose a branch', { exact: true }).last()).toBeVisible();
    await expect(page.getByText('Amount must be more than zero')).toBeVisible();

    await page.getByRole('combobox', { name: 'Branch' }).selectOption({ label: 'North Campus' });
    await expect(page.getByText(/Current balance ₹[\d,]+\.\d\d/)).toBeVisible();
    const amount = page.getByLabel('Amount');
    await amount.fill('');
    await amount.pressSequentially('250000');
    await expect(amount).toHaveValue('2,50,000');
    await amount.fill('2500');
    await page.getByLabel('Payment reference').fill('UPI-E2E-0001');
    await page.getByLabel('Note').fill('Cheque, "urgent"');
    await page.getByRole('button', { name: 'Review top-up' }).click();

    const dialog = page.getByRole('dialog', { name: 'Confirm top-up' });
    await expect(dialog).toContainText('Add ₹2,500.00 to the wallet of North Campus?');
    await dialog.getByRole('button', { name: 'Add ₹2,500.00' }).click();

    await expect(page).toHaveURL(/\/admin\/wallet\/transactions\?branchId=/);
    const added = toast(page, /^₹2,500\.00 added to North Campus\. Balance: (₹[\d,]+\.\d\d)$/);
    await expect(added).toBeVisible();
    const balance = /Balance: (₹[\d,]+\.\d\d)/.exec((await added.textContent()) ?? '')![1]!;

    const row = page.getByRole('row').filter({ hasText: 'UPI-E2E-0001' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Top-up');
    await expect(row).toContainText('+₹2,500.00');
    await expect(row).toContainText(balance);

    await page.getByRole('link', { name: 'Wallet Dashboard' }).first().click();
    await expect(page.getByRole('heading', { name: 'Wallet Dashboard', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'North Campus', exact: true }).click();
    await expect(page).toHaveURL(/branchId=/);
    const summary = page.getByRole('region', { name: 'Summary' });
    await expect(summary).toContainText(`Balance${balance}`);
    await expect(page.getByRole('row').filter({ hasText: 'UPI-E2E-0001' })).toContainText('+₹2,500.00');
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('confirms on a second page, then adds the money', async ({ page }) => {
      await loginAs(page, demo.admin.email, demo.admin.password, { to: '/admin/wallet/add-balance' });
      await page.getByRole('combobox', { name: 'Branch' }).selectOption({ label: 'South Campus' });
      await page.getByLabel('Amount').fill('1,000');
      await page.getByLabel('Payment reference').fill('NEFT-E2E-0002');
      await page.getByRole('button', { name: 'Review top-up' }).click();

      const review = page.getByRole('region', { name: 'Confirm top-up' });
      await expect(review).toContainText('Add ₹1,000.00 to the wallet of South Campus?');
      await review.getByRole('button', { name: 'Add ₹1,000.00' }).click();

      await expect(page).toHaveURL(/\/admin\/wallet\/transactions\?branchId=/);
      await expect(page.getByRole('row').filter({ hasText: 'NEFT-E2E-0002' })).toContainText('+₹1,000.00');
    });
  });
});

test.describe('Transactions', () => {
  test('exports the filtered ledger as CSV: a header row, then every matching entry', async ({ page }) => {
    await loginAs(page, demo.admin.email, demo.admin.password, { to: '/admin/wallet/transactions' });
    // A filter applies as soon as it is chosen, as on every other list (once the page runs its
    // script: a choice made before that waits for the form's Apply button).
    await expect(async () => {
      await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Top-up' });
      await expect(page).toHaveURL(/kind=credit/, { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    // The newest first: the seed's monthly top-ups, and those of this file.
    await expect(page.getByRole('row').filter({ hasText: 'Top-up for ' }).first()).toBeVisible();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^wallet-transactions-\d{4}-\d\d-\d\d\.csv$/);
    const text = await readFile((await download.path())!, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Date (IST),Branch,Type,Operation,Amount (INR),Balance after (INR),Reference,Note,Transaction ID');
    const rows = lines.slice(1);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((line) => line.includes(',Top-up,'))).toBe(true);
    // One opening balance per seeded branch.
    expect(rows.filter((line) => line.includes(',seed,Opening balance,'))).toHaveLength(4);
    expect(rows).toContainEqual(
      expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,North Campus,Top-up,,2000\.00,2000\.00,seed,Opening balance,\S+$/),
    );
    // A note with a comma and quotes stays one field.
    expect(rows).toContainEqual(expect.stringMatching(/,North Campus,Top-up,,2500\.00,\d+\.\d\d,UPI-E2E-0001,"Cheque, ""urgent""",/));
  });

  test('filters, sorts and pages through the URL', async ({ page }) => {
    await loginAs(page, demo.admin.email, demo.admin.password, { to: '/admin/wallet/transactions?limit=10&sortBy=amount&order=asc' });
    await expect(page.getByText(/^Showing 1–\d+ of \d+ transactions?$/)).toBeVisible();
    // Typing searches after a pause; there is no button to press.
    await expect(page.getByRole('button', { name: 'Apply filters' })).toHaveCount(0);
    await expect(async () => {
      await page.getByRole('searchbox', { name: 'Search' }).fill('');
      await page.getByRole('searchbox', { name: 'Search' }).fill('NEFT-E2E');
      await expect(page).toHaveURL(/search=NEFT-E2E/, { timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await expect(page).toHaveURL(/sortBy=amount/);
    await expect(page.getByText('Showing 1–1 of 1 transaction')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search' }).fill('no such entry');
    await expect(page.getByText('No transactions match these filters')).toBeVisible();
    // Clearing the filters keeps the sort and the page size, as on every other list.
    await page.getByRole('link', { name: 'Clear filters' }).first().click();
    await expect(page).toHaveURL(/\/admin\/wallet\/transactions\?limit=10&sortBy=amount&order=asc$/);
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });
});

test.describe('Operation Pricing', () => {
  // The refused duplicate answers 400, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 400 \(Bad Request\) \(.*\/admin\/wallet\/operation-pricing\.data/] });

  test('adds a price, edits it, switches it off and on, and deletes it after confirming', async ({ page }) => {
    test.setTimeout(60_000);
    await loginAs(page, demo.admin.email, demo.admin.password, { to: '/admin/wallet/operation-pricing' });
    await expect(page.getByRole('row').filter({ hasText: 'ADD_STUDENT' })).toContainText('₹50.00');

    await page.getByRole('link', { name: 'Add price' }).first().click();
    let dialog = page.getByRole('dialog', { name: 'Add operation price' });
    await dialog.getByLabel('Operation name').fill('Issue Certificate');
    await dialog.getByLabel('Operation key').fill('e2e_issue_certificate');
    await dialog.getByLabel('Price').fill('1,250.5');
    await dialog.getByRole('button', { name: 'Add price' }).click();
    await expect(toast(page, 'Issue Certificate costs ₹1,250.50')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'E2E_ISSUE_CERTIFICATE' });
    await expect(row).toContainText('₹1,250.50');

    // A second price for the same key is refused under the key.
    await page.getByRole('link', { name: 'Add price' }).first().click();
    dialog = page.getByRole('dialog', { name: 'Add operation price' });
    await dialog.getByLabel('Operation name').fill('Again');
    await dialog.getByLabel('Operation key').fill('E2E_ISSUE_CERTIFICATE');
    await dialog.getByLabel('Price').fill('1');
    await dialog.getByRole('button', { name: 'Add price' }).click();
    await expect(dialog.getByText('A price for E2E_ISSUE_CERTIFICATE already exists')).toBeVisible();
    await dialog.getByRole('link', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // The palette's action opens the same dialog.
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await expect(async () => {
      if (!(await palette.isVisible())) await page.keyboard.press('ControlOrMeta+k');
      await expect(palette).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 15_000 });
    await page.keyboard.type('add operation price');
    await palette.getByRole('option', { name: 'Add operation price', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/wallet\/operation-pricing\?add=1$/);
    await expect(dialog).toBeVisible();
    await dialog.getByRole('link', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await row.getByRole('link', { name: 'Edit Issue Certificate' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit operation price' });
    await expect(dialog.getByLabel('Price')).toHaveValue('1,250.50');
    await dialog.getByLabel('Price').fill('75');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Issue Certificate now costs ₹75.00')).toBeVisible();
    await expect(row).toContainText('₹75.00');

    const enabled = row.getByRole('switch', { name: 'Issue Certificate enabled' });
    await expect(enabled).toHaveAttribute('aria-checked', 'true');
    await enabled.click();
    await expect(toast(page, 'Issue Certificate disabled: it charges nothing')).toBeVisible();
    await expect(enabled).toHaveAttribute('aria-checked', 'false');
    await enabled.click();
    await expect(toast(page, 'Issue Certificate enabled: branches are charged for it')).toBeVisible();
    await expect(enabled).toHaveAttribute('aria-checked', 'true');

    await row.getByRole('link', { name: 'Delete Issue Certificate' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete the price of Issue Certificate?' });
    await expect(confirm).toContainText('Past charges stay in the ledger.');
    await confirm.getByRole('button', { name: 'Delete price' }).click();
    await expect(toast(page, 'The price of Issue Certificate was deleted')).toBeVisible();
    await expect(row).toHaveCount(0);
  });
});

test.describe('Correcting a balance', () => {
  // The refused correction answers 400, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 400 \(Bad Request\) \(.*\/admin\/wallet\/transactions\.data/] });

  test('a manager corrects a balance by hand, with a reason, never below zero', async ({ page, request }) => {
    const adminToken = await apiToken(request, demo.admin);
    const south = await branchWallet(request, adminToken, 'South Campus');
    await loginAs(page, demo.admin.email, demo.admin.password, { to: '/admin/wallet/transactions' });
    await page.getByRole('link', { name: 'Correct a balance' }).click();
    const dialog = page.getByRole('dialog', { name: 'Correct a balance' });
    await dialog.getByLabel('Branch').selectOption({ label: 'South Campus' });
    await dialog.getByLabel('Take money out').check();
    await dialog.getByLabel('Amount').fill(String(south.balance / 100 + 1));
    await dialog.getByLabel('Reason').fill('Too much');
    await dialog.getByRole('button', { name: 'Correct the balance' }).click();
    await expect(dialog.getByText(/^Insufficient wallet balance/)).toBeVisible();

    await dialog.getByLabel('Add money').check();
    await dialog.getByLabel('Amount').fill('12.50');
    await dialog.getByLabel('Reason').fill('Bank credit missed');
    await page.screenshot({ path: 'tests/e2e/screenshots/wallet-adjust.png' });
    await dialog.getByRole('button', { name: 'Correct the balance' }).click();
    await expect(toast(page, `₹12.50 added to South Campus by adjustment. Balance: ${formatRupees(south.balance + 1250)}`)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Bank credit missed' })).toContainText('+₹12.50');
  });
});

test.describe('The charge of an admission', () => {
  // The refused admission answers 402, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 402 \(Payment Required\) \(.*\/admin\/students\/add\.data/] });

  const studentForm = async (page: Page, name: string) => {
    await page.goto('/admin/students/add');
    await page.getByLabel('Student Name').fill(name);
    await page.getByLabel('Selected Course').selectOption({ index: 1 });
    await page.getByLabel('Student Email').fill(`${name.toLowerCase().replaceAll(' ', '.')}@students.demo`);
    await page.getByLabel('Phone Number').fill('9876543210');
  };

  test('a branch admin confirms the charge and sees what was deducted and what is left', async ({ page }) => {
    await loginAs(page, demo.northAdmin.email, demo.northAdmin.password);
    await studentForm(page, 'Wallet Charged Student');
    await page.getByRole('button', { name: 'Add', exact: true }).click();

    const dialog = page.getByRole('alertdialog', { name: 'Confirm wallet charge' });
    await expect(dialog).toContainText('This operation will deduct charges from your wallet. Continue with Add Student?');
    await expect(dialog).toContainText('Price₹50.00');
    const after = /Balance after(₹[\d,]+\.\d\d)/.exec((await dialog.textContent()) ?? '')![1]!;

    // Cancel first: nothing happens.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(toast(page, `₹50.00 deducted for Add Student. Balance: ${after}`)).toBeVisible();
    // The header's balance follows.
    await expect(page.locator('[data-slot="wallet-balance-badge"]')).toHaveText(after);
  });

  test('an administrator outside any branch confirms the charge of the branch the student joins, under the price’s own name', async ({
    page,
    request,
  }) => {
    const adminToken = await apiToken(request, demo.admin);
    const price = await addStudentPrice(request, adminToken);
    const north = await branchWallet(request, adminToken, 'North Campus');
    await api(request, adminToken, 'PUT', `/wallet/operation-pricing/${price._id}`, { operationName: 'Student admission' });
    try {
      await loginAs(page, demo.admin.email, demo.admin.password);
      await studentForm(page, 'Admin Charged Student');
      await page.getByLabel('Center Name').selectOption({ label: 'North Campus' });
      await page.getByRole('button', { name: 'Add', exact: true }).click();

      const dialog = page.getByRole('alertdialog', { name: 'Confirm wallet charge' });
      await expect(dialog).toContainText('This operation will deduct charges from your wallet. Continue with Student admission?');
      await expect(dialog).toContainText(`Wallet balance${formatRupees(north.balance)}`);
      await page.screenshot({ path: 'tests/e2e/screenshots/wallet-admin-charge-confirm.png' });
      await dialog.getByRole('button', { name: 'Continue' }).click();
      const after = formatRupees(north.balance - price.price);
      await expect(toast(page, `₹50.00 deducted for Student admission. Balance: ${after}`)).toBeVisible();
      expect((await branchWallet(request, adminToken, 'North Campus')).balance).toBe(north.balance - price.price);

      // The ledger entry carries the price's name; a manager refunds it once, with a reason.
      await page.goto('/admin/wallet/transactions?kind=charge');
      const row = page.getByRole('row').filter({ hasText: 'Student admission' }).first();
      await expect(row).toContainText('-₹50.00');
      await row.getByRole('link', { name: /^Refund ₹50\.00 for Student admission/ }).click();
      const refund = page.getByRole('alertdialog', { name: 'Refund ₹50.00 to North Campus?' });
      await refund.getByLabel('Reason').fill('Admission cancelled');
      await page.screenshot({ path: 'tests/e2e/screenshots/wallet-refund-confirm.png' });
      await refund.getByRole('button', { name: 'Refund ₹50.00' }).click();
      await expect(toast(page, `₹50.00 refunded to North Campus. Balance: ${formatRupees(north.balance)}`)).toBeVisible();
      await expect(row).toContainText('Refunded');
      await expect(row.getByRole('link', { name: /^Refund/ })).toHaveCount(0);
      await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Refund' });
      await expect(page.getByRole('row').filter({ hasText: 'Admission cancelled' }).first()).toContainText('+₹50.00');
    } finally {
      await api(request, adminToken, 'PUT', `/wallet/operation-pricing/${price._id}`, { operationName: price.operationName });
    }
  });

  test('a branch without a wallet shows no balance, asks nothing and charges nothing', async ({ page, request }) => {
    const adminToken = await apiToken(request, demo.admin);
    const south = await branchWallet(request, adminToken, 'South Campus');
    await setWalletEnabled(request, adminToken, south.branchId, false);
    try {
      await loginAs(page, demo.southAdmin.email, demo.southAdmin.password);
      await studentForm(page, 'Walletless Student');
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(toast(page, 'Student Registered Successfully!')).toBeVisible();
      // The header has read the wallet by now (it reads again after every submission): no balance.
      await expect(page.locator('[data-slot="wallet-balance-badge"]')).toHaveCount(0);
      await expect(page.getByRole('alertdialog', { name: 'Confirm wallet charge' })).toHaveCount(0);
      await expect(toast(page, /deducted for/)).toHaveCount(0);
      expect((await branchWallet(request, adminToken, 'South Campus')).balance).toBe(south.balance);
    } finally {
      await setWalletEnabled(request, adminToken, south.branchId, true);
    }
  });

  test('with too little money the admission is refused and no student is created', async ({ page, request }) => {
    const adminToken = await apiToken(request, demo.admin);
    const price = await addStudentPrice(request, adminToken);
    try {
      // The administrator prices an admission above North Campus's balance.
      await loginAs(page, demo.admin.email, demo.admin.password, { to: '/admin/wallet/operation-pricing' });
      await page.getByRole('link', { name: 'Edit Add Student' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit operation price' });
      await dialog.getByLabel('Price').fill('10,00,000');
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await expect(toast(page, 'Add Student now costs ₹10,00,000.00')).toBeVisible();
      await page.context().clearCookies();

      await loginAs(page, demo.northAdmin.email, demo.northAdmin.password);
      await studentForm(page, 'Wallet Refused Student');
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Confirm wallet charge' });
      await expect(confirm).toContainText('Price₹10,00,000.00');
      await expect(confirm).toContainText('The balance is below the price');
      // The wallet decides, in the admission's own transaction.
      await confirm.getByRole('button', { name: 'Continue' }).click();
      // One toast, the charge flow's, in the API's words; the form says it cannot proceed.
      await expect(toast(page, /^Insufficient wallet balance: ₹10,00,000\.00 needed, ₹[\d,]+\.\d\d available$/)).toBeVisible();
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(1);
      await expect(page.locator('[data-sonner-toast]').first()).toHaveAttribute('data-type', 'error');
      const formAlert = page.locator('form [role="alert"]');
      await expect(formAlert).toHaveText('Cannot proceed: Insufficient wallet balance or cost deduction failed.');

      const northToken = await apiToken(request, demo.northAdmin);
      const found = await api<{ records: unknown[] }>(
        request,
        northToken,
        'GET',
        `/dynamic-data?formType=student&search=${encodeURIComponent('Wallet Refused Student')}`,
      );
      expect(found.records).toHaveLength(0);
    } finally {
      await api(request, adminToken, 'PUT', `/wallet/operation-pricing/${price._id}`, { price: price.price, enabled: price.enabled });
    }
  });
});
